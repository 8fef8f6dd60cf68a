/**
 * A condition that cannot run on a model (a prompt mitigation on an extractive system) is one line
 * on every screen: a finding with its reason, a note under a table, one line in a probe's detail;
 * never a table of dashes, a chart without points, a column or row of "n/a".
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from '../../src/report/export.js';
import { renderReportPage } from '../../src/report/html.js';
import { buildReportModel, type ReportModel } from '../../src/report/model.js';
import { renderTerminalReport } from '../../src/report/terminal.js';
import { conditionOf } from '../../src/results/presentation.js';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { useTempDir } from '../data/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

const NA = 'self-awareness';
const REASON = (m: string): string => `${m} does not read prompts (it works on the document alone), so a prompt mitigation would silently equal the baseline`;

/** Every figure as text (titles, subtitles, points, cells). */
const figureTexts = (model: ReportModel): string[] => [...model.overview.figures, ...model.probes.flatMap((p) => p.figures)].map((f) => JSON.stringify(f));

describe('conditions that do not apply to a model', { timeout: 120_000 }, () => {
  const tmp = useTempDir();
  let results: Results;
  let model: ReportModel;

  beforeAll(async () => {
    const config = tmp.file(
      'slant.yaml',
      [`store: ${join(tmp.dir, 'slant.db')}`, `reports: ${join(tmp.dir, 'reports')}`, `models: [{ id: 'builtin:lead-3' }, { id: 'builtin:textrank' }]`, `datasets: [{ name: reviews, builtin: demo-reviews, limit: 5 }]`, `probes: [{ name: framing }, { name: primacy }]`, `mitigations: [${NA}, partial-summaries]`, ''].join('\n'),
    );
    const res = await runCli(['--json', 'run', '-c', config]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { reportDir: string };
    results = resultsSchema.parse(JSON.parse(readFileSync(join(out.reportDir, 'results.json'), 'utf8')));
    model = buildReportModel(results);
  });

  it('the run records them (n = 0, the reason), and the report model gives them no table, chart or headline row', () => {
    const na = results.probes.flatMap((p) => p.groups.filter((g) => g.notApplicable !== undefined));
    expect(na.map((g) => [g.labels.model, conditionOf(g.labels), g.n])).toEqual([
      ['builtin:lead-3', NA, 0],
      ['builtin:textrank', NA, 0],
      ['builtin:lead-3', NA, 0],
      ['builtin:textrank', NA, 0],
    ]);
    for (const p of model.probes) {
      for (const g of p.groups.filter((x) => x.notApplicable !== undefined)) expect(g.presentation).toEqual({ tables: [], figures: [] });
      // the applicable conditions keep theirs
      expect(p.groups.find((g) => g.labels.condition === 'partial-summaries')!.presentation.tables.length).toBeGreaterThan(0);
      for (const r of p.headline?.rows ?? []) expect(r).not.toContain(NA);
    }
    // six heatmaps before (one per group of framing, the two not applicable ones all zeros): four now
    expect(model.probes.find((p) => p.probe === 'framing')!.figures.filter((f) => f.kind === 'heatmap').map((f) => ('subtitle' in f ? f.subtitle : ''))).toEqual([
      'builtin:lead-3 · reviews',
      'builtin:lead-3 · reviews · partial-summaries',
      'builtin:textrank · reviews',
      'builtin:textrank · reviews · partial-summaries',
    ]);
    for (const t of figureTexts(model)) expect(t).not.toContain(NA);
  });

  it('the findings say it once per model, with the reason', () => {
    for (const m of model.findings) {
      const na = m.findings.filter((f) => f.status === 'not-applicable');
      expect(na.map((f) => f.text)).toEqual([`${NA} was not run on ${m.model} (not applicable): ${REASON(m.model)}.`]);
      // after what was measured
      expect(m.findings.indexOf(na[0]!)).toBeGreaterThan(m.findings.findIndex((f) => f.subject === 'effect'));
    }
  });

  it('the terminal: no column of "n/a", one line under each table; --verbose: one line under each mitigation table', () => {
    const out = renderTerminalReport(results, { model, width: 100, color: false });
    expect(out).not.toContain(`Δ ${NA}`);
    expect(out).not.toMatch(/│ n\/a /);
    expect(out.match(new RegExp(`^  ${NA}: not applicable on these models, not run \\(the findings say why\\)$`, 'gm'))).toHaveLength(2);
    expect(out).toContain('Δ partial-summaries');
    const verbose = renderTerminalReport(results, { model, width: 200, color: false, verbose: true });
    expect(verbose.match(new RegExp(`^  ${NA}: not applicable on this model: .*$`, 'gm'))).toEqual([`  ${NA}: not applicable on this model: ${REASON('builtin:lead-3')}`, `  ${NA}: not applicable on this model: ${REASON('builtin:textrank')}`]);
  });

  it('where it runs on one model only, the column stays and the other model\'s cell reads n/a', () => {
    // textrank ran the condition (its partial-summaries numbers, relabelled): lead-3 still cannot
    const partial: Results = structuredClone(results);
    for (const p of partial.probes) {
      const ran = p.groups.find((g) => g.labels.model === 'builtin:textrank' && g.labels.condition === 'partial-summaries')!;
      p.groups = p.groups.map((g) => (g.labels.model === 'builtin:textrank' && g.labels.condition === NA ? { ...ran, labels: { ...ran.labels, condition: NA } } : g));
      p.effects = [...(p.effects ?? []), ...(p.effects ?? []).filter((e) => e.labels.model === 'builtin:textrank' && e.labels.condition === 'partial-summaries').map((e) => ({ ...e, labels: { ...e.labels, condition: NA } }))];
    }
    const out = renderTerminalReport(partial, { width: 100, color: false });
    expect(out).toContain(`Δ ${NA}`);
    expect(out.split('\n').filter((l) => l.startsWith('│ builtin:lead-3 ') && /│ n\/a +│/.test(l))).toHaveLength(2);
    expect(out).not.toContain('not applicable on these models');
    const m = buildReportModel(partial);
    expect(m.findings.map((f) => f.findings.filter((x) => x.status === 'not-applicable').length)).toEqual([1, 0]);
  });

  it('report.html: one line in each probe\'s detail, a note under each mitigation table, no table or chart of it', async () => {
    const html = await renderReportPage(model, { items: { mode: 'embedded', summaries: [], details: [], omitted: 0 } });
    writeFileSync(join(tmp.dir, 'na.html'), html);
    const lines = html.match(/<p class="muted na">[^<]*<\/p>/g) ?? [];
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(`<p class="muted na">model: builtin:lead-3 · dataset: reviews · condition: ${NA}: not applicable on this model: ${REASON('builtin:lead-3')}</p>`);
    // no group heading, table caption or figure for the condition
    expect(html).not.toMatch(new RegExp(`<h3>[^<]*${NA}`));
    expect(html).not.toMatch(new RegExp(`<caption>[^<]*${NA}`));
    expect([...html.matchAll(/<figure[^>]*>[\s\S]*?<\/figure>/g)].filter((f) => f[0].includes(NA))).toEqual([]);
    expect(html.match(new RegExp(`<p class="muted">${NA}: not applicable on this model: [^<]*</p>`, 'g'))).toHaveLength(2);
    expect(html.match(/<li class="finding finding-not-applicable"/g)).toHaveLength(2);
  });

  it('the Markdown export: no file or table of it, the findings\' line and the mitigation tables\' note', async () => {
    const dir = join(tmp.dir, 'md');
    await exportReport(model, 'md', dir);
    expect(readdirSync(dir).filter((f) => f.includes(NA))).toEqual([]);
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain(`- ${NA} was not run on builtin:lead-3 (not applicable): ${REASON('builtin:lead-3')}.`);
    expect(md).toContain(`*${NA}: not applicable on this model: ${REASON('builtin:textrank')}*`);
    // no row of dashes only
    expect(md.split('\n').filter((l) => /^\| [^|]+ (\| — )+\|$/.test(l))).toEqual([]);
  });
});
