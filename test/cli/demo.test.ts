import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { runCli } from '../helpers/run-cli.js';
import { buildReportModel } from '../../src/report/model.js';
import { escapeHtml } from '../../src/report/escape.js';

describe('slant demo', () => {
  it('runs the offline demo audit end to end and writes results.json and report.html', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-demo-'));
    const res = await runCli(['demo', '--limit', '3', '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/report: .*report\.html/);
    expect(res.stdout).toContain('framing');
    const runId = /run (\S+): completed/.exec(res.stdout)?.[1];
    expect(runId).toBeDefined();
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(dir, 'reports', runId!, 'results.json'), 'utf8')));
    expect(results.datasets).toEqual([
      { name: 'demo-reviews', n: 3, skipped: 0 },
      { name: 'demo-interviews', n: 3, skipped: 0 },
    ]);
    for (const probe of results.probes) {
      // 2 models × 2 datasets
      expect(probe.groups).toHaveLength(4);
      expect(probe.items).toHaveLength(12);
      expect(probe.summary?.length).toBeGreaterThan(0);
    }
    const html = readFileSync(join(dir, 'reports', runId!, 'report.html'), 'utf8');
    expect(html).toContain('<summary><strong>primacy</strong>');
    expect(html).toContain('builtin:textrank');
    // first what the demo measures and why its two systems differ, then its findings, then the tables
    expect(res.stdout.startsWith('What this demo measures\n')).toBe(true);
    expect(res.stdout).toMatch(/Why lead-3 and TextRank differ: lead-3 copies the first three sentences/);
    const findingsAt = res.stdout.indexOf('\nFindings (stated only where');
    expect(findingsAt).toBeGreaterThan(0);
    expect(findingsAt).toBeLessThan(res.stdout.indexOf('┌'));
    // the sentences are the report model's, as report.html prints them
    const model = buildReportModel(results);
    const flat = res.stdout.replace(/\s+/g, ' ');
    for (const m of model.findings) for (const f of m.findings) expect(flat).toContain(f.text);
    expect(html).toContain(escapeHtml(model.findings[0]!.findings[0]!.text));
    // no headline average of unlike systems (two summarizers over two corpora)
    expect(res.stdout).not.toMatch(/group means/);

    // a second demo in the same store reuses nothing (new run) but the first run's rows stay
    const again = await runCli(['--quiet', 'demo', '--limit', '1', '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
    expect(again.code).toBe(0);
    const runs = await runCli(['--json', 'runs', '--store', join(dir, 'slant.db')]);
    expect((JSON.parse(runs.stdout) as unknown[]).length).toBe(2);
    expect(existsSync(join(dir, 'reports', runId!, 'report.html'))).toBe(true);

    // `slant report <run>` prints the tables again from results.json and re-renders the HTML
    const report = await runCli(['report', runId!, '--reports', join(dir, 'reports')]);
    expect(report.code).toBe(0);
    expect(report.stdout).toContain('primacy');
    expect(report.stdout.startsWith('Findings (stated only where')).toBe(true);
    expect(report.stdout).toContain('builtin:lead-3');
    const missing = await runCli(['report', 'no-such-run', '--reports', join(dir, 'reports')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no results at');
  });
});
