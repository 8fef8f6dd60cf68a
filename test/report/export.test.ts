import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvRows, exportReport, tableLatex, tableMarkdown, texEscape } from '../../src/report/export.js';
import { buildReportModel } from '../../src/report/model.js';
import type { PresentedTable } from '../../src/results/presentation.js';
import { useTempDir } from '../data/temp-dir.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

const table: PresentedTable = {
  id: 't',
  title: 'A | title with 50% & $x_1$',
  columns: ['name', 'rate'],
  rows: [
    ['a|b', { value: 0.25, n: 8, kind: 'rate', ci: { low: 0.07, high: 0.59, level: 0.95, method: 'wilson' } }],
    ['=cmd()', { value: null, n: 0, kind: 'rate' }],
  ],
};

describe('exports', () => {
  const tmp = useTempDir();

  it('Markdown escapes pipes and shows value, interval and n; undefined is "— (n = 0)" as on every screen', () => {
    const md = tableMarkdown(table);
    expect(md).toContain('| a\\|b | 25.0% [7.0%, 59.0%] (n=8) |');
    expect(md).toContain('| =cmd() | — (n = 0) |');
  });

  it('LaTeX escapes its special characters', () => {
    expect(texEscape('50% & $x_1$ {a} #1 ~ ^ \\')).toBe('50\\% \\& \\$x\\_1\\$ \\{a\\} \\#1 \\textasciitilde{} \\textasciicircum{} \\textbackslash{}');
    const tex = tableLatex(table);
    expect(tex).toContain('\\begin{tabular}{lr}');
    expect(tex).toContain('a|b & 25.0\\% [7.0\\%, 59.0\\%] (n=8) \\\\');
  });

  it('CSV spreads a statistic over value, low, high and n columns, numbers unformatted', () => {
    const { columns, rows } = csvRows(table);
    expect(columns).toEqual(['name', 'rate', 'rate 95% low', 'rate 95% high', 'rate n']);
    expect(rows[0]).toEqual({ name: 'a|b', rate: 0.25, 'rate 95% low': 0.07, 'rate 95% high': 0.59, 'rate n': 8 });
    expect(rows[1]).toEqual({ name: '=cmd()', rate: null, 'rate 95% low': null, 'rate 95% high': null, 'rate n': 0 });
  });

  it('writes every table in each format and every figure as SVG', async () => {
    const model = buildReportModel(syntheticResults());
    for (const format of ['csv', 'md', 'tex'] as const) {
      const dir = join(tmp.dir, format);
      const files = await exportReport(model, format, dir);
      const names = readdirSync(dir);
      expect(names.length).toBe(files.length);
      expect(names).toContain(`seed000-table1.${format}`);
      expect(names).toContain(`seed000-tablea6-model-a-news.${format}`);
      expect(names).toContain(`seed000-tablea6-effects-model-a-news.${format}`);
      expect(names).toContain(`framing-headline.${format}`);
      expect(names).toContain(`hallucination-model-a-news-table4.${format}`);
      expect(names.filter((n) => n.endsWith('.svg')).length).toBeGreaterThanOrEqual(10);
    }
    const csv = readFileSync(join(tmp.dir, 'csv', 'seed000-table1.csv'), 'utf8').split('\n');
    expect(csv[0]).toBe('model,dataset,φ_frame,φ_frame 95% low,φ_frame 95% high,φ_frame n,s̄_b,s̄_b 95% low,s̄_b 95% high,s̄_b n,s̄_m,s̄_m 95% low,s̄_m 95% high,s̄_m n,s̄_e,s̄_e 95% low,s̄_e 95% high,s̄_e n,ψ_pri,ψ_pri 95% low,ψ_pri 95% high,ψ_pri n');
    expect(csv[1]?.startsWith('model-a,news,0.3333333333333333,')).toBe(true);
  });

  it('the findings come first: report.md opens with them before every table; findings.csv carries each sentence with its numbers', async () => {
    const model = buildReportModel(syntheticResults());
    const first = model.findings[0]!.findings[0]!;
    await exportReport(model, 'md', join(tmp.dir, 'md-f'));
    const md = readFileSync(join(tmp.dir, 'md-f', 'report.md'), 'utf8');
    const lines = md.split('\n');
    expect(lines.slice(0, 5)).toEqual([`# slant report ${model.results.run.id}`, '', '## Findings', '', '### model-a']);
    // the first sentence, Markdown-escaped, before the first table's title
    expect(lines[6]).toBe(`- ${first.text.replace(/([*_`[\]<>|])/g, '\\$1')}`);
    expect(md.indexOf('## Findings')).toBeLessThan(md.indexOf('**Framing and primacy per model — Alessa et al. 2025, Table 1**'));
    await exportReport(model, 'csv', join(tmp.dir, 'csv-f'));
    const rows = readFileSync(join(tmp.dir, 'csv-f', 'findings.csv'), 'utf8').split('\n');
    expect(rows[0]).toBe('model,probe,subject,status,finding,metric,dataset,condition,value,95% low,95% high,n,corrected,corrected 95% low,corrected 95% high,judge,balanced accuracy,trust');
    const fig = first.figures[0]!;
    expect(rows[1]).toContain(`,${fig.metric},${fig.labels.dataset ?? ''},${fig.labels.condition ?? ''},${fig.value},${fig.ci?.low},${fig.ci?.high},${fig.n},`);
  });
});
