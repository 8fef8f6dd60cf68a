/**
 * One contrast, one statistic, on every screen: the paired effect of a mitigation on a rate
 * (φ_frame) and on a mean (coverage) as the run's results.json and report model give it,
 * `slant compare` (JSON and table), the viewer (its run page and compare page in Chromium) and
 * the exports (CSV and Markdown) — the same numbers to the last digit, the same printed digits.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProbe } from '../../src/probes/load.js';
import { buildReportModel } from '../../src/report/model.js';
import { isStat, type Stat } from '../../src/results/presentation.js';
import { resultsSchema, type EffectJson, type Results } from '../../src/results/schema.js';
import { Store } from '../../src/runtime/store.js';
import { startViewer, type Viewer } from '../../src/viewer/server.js';
import { launch, watchedPage } from '../helpers/browser.js';
import { runCli } from '../helpers/run-cli.js';

const CONDITION = 'partial-summaries';

/** The printed difference, written out here (not with slant's formatter): signed, rates in pp. */
function printed(e: EffectJson): { diff: string; p: string } {
  const rate = e.kind === 'rate';
  const num = (v: number): string => (rate ? (100 * v).toFixed(1) : v.toFixed(3));
  const d = e.difference as number;
  return { diff: `${d >= 0 ? '+' : ''}${num(d)}${rate ? ' pp' : ''} [${num(e.ci!.low as number)}, ${num(e.ci!.high as number)}]`, p: `p ${(e.test!.pValue as number).toFixed(4)}` };
}

describe('the same paired contrast on the run page, compare, the viewer and the exports', () => {
  let dir: string;
  let db: string;
  let runId: string;
  let results: Results;
  let browser: Browser;
  let viewer: Viewer;
  let store: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'slant-screens-'));
    db = join(dir, 'slant.db');
    const config = join(dir, 'slant.yaml');
    writeFileSync(config, [`store: ${db}`, `reports: ${join(dir, 'reports')}`, `models: [{ id: 'builtin:lead-3' }]`, `datasets: [{ name: reviews, builtin: demo-reviews }]`, `probes: [{ name: framing }, { name: primacy }]`, `mitigations: [${CONDITION}]`, ''].join('\n'));
    const res = await runCli(['--json', 'run', '-c', config]);
    expect(res.code, res.stderr).toBe(0);
    const out = JSON.parse(res.stdout) as { runId: string; reportDir: string };
    runId = out.runId;
    results = resultsSchema.parse(JSON.parse(readFileSync(join(out.reportDir, 'results.json'), 'utf8')));
    store = Store.open(db);
    viewer = await startViewer({ store, reportsDir: join(dir, 'reports') });
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await viewer?.close();
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const effect = (probe: string, metric: string): EffectJson => {
    const e = results.probes.find((p) => p.probe === probe)?.effects?.find((x) => x.metric === metric && x.labels.condition === CONDITION);
    if (!e) throw new Error(`no effect ${probe}.${metric}`);
    return e;
  };

  it('results.json: a rate by McNemar and Newcombe (within ±100 pp), a mean by the paired t-test and t interval', () => {
    const phi = effect('framing', 'phi_frame');
    expect(phi).toMatchObject({ kind: 'rate', n: 20, test: { name: expect.stringMatching(/McNemar/) }, ci: { method: 'newcombe-paired-score' } });
    expect(phi.difference).not.toBe(0);
    expect(phi.ci!.low).toBeGreaterThanOrEqual(-1);
    expect(phi.ci!.high).toBeLessThanOrEqual(1);
    const cov = effect('primacy', 'coverage');
    expect(cov).toMatchObject({ kind: 'mean', n: 20, test: { name: expect.stringMatching(/paired t-test/) } });
    expect(cov.ci!.method).toMatch(/^paired t/);
  });

  it("each item value's declared kind is the kind of the group metric of the same name, and the summary's", async () => {
    for (const p of results.probes) {
      const probe = await loadProbe(p.probe);
      const declared = Object.keys(probe.itemKinds ?? {});
      expect(declared.length, p.probe).toBeGreaterThan(0);
      for (const m of p.groups.flatMap((g) => g.metrics)) if (declared.includes(m.name)) expect(m.kind, `${p.probe}.${m.name}`).toBe(probe.itemKinds![m.name]!.kind);
    }
  });

  it('`slant compare run:baseline run:condition` gives the same numbers (JSON) and the same digits (table)', async () => {
    const json = await runCli(['--json', 'compare', `${runId}:baseline`, `${runId}:${CONDITION}`, '--store', db]);
    expect(json.code, json.stderr).toBe(0);
    const rows = (JSON.parse(json.stdout) as { rows: { probe: string; metric: string; paired?: Record<string, unknown> }[] }).rows;
    const table = await runCli(['compare', `${runId}:baseline`, `${runId}:${CONDITION}`, '--store', db]);
    for (const [probe, metric] of [['framing', 'phi_frame'], ['primacy', 'coverage']] as const) {
      const e = effect(probe, metric);
      const paired = rows.find((r) => r.probe === probe && r.metric === metric)?.paired;
      // to the last digit: the same difference, interval, test and n
      expect(paired).toEqual({ kind: e.kind, baseline: e.baseline, mitigated: e.mitigated, difference: e.difference, n: e.n, ci: e.ci, test: e.test });
      const { diff, p } = printed(e);
      expect(table.stdout).toContain(`${diff} (${e.n})`);
      expect(table.stdout).toContain(p);
    }
  });

  it('the report model (run page) and the exports (CSV to the last digit, Markdown to the printed digit)', async () => {
    const model = buildReportModel(results);
    const fx = model.overview.tables.find((t) => t.id === 'effects')!;
    for (const [probe, metric] of [['framing', 'phi_frame'], ['primacy', 'coverage']] as const) {
      const e = effect(probe, metric);
      const row = fx.rows.find((r) => r[0] === probe && r[1] === e.label && r[4] === CONDITION)!;
      const cell = row[7] as Stat;
      expect(isStat(cell)).toBe(true);
      expect({ value: cell.value, ci: cell.ci, p: cell.p, n: cell.n }).toEqual({ value: e.difference, ci: e.ci, p: e.test!.pValue, n: e.n });
    }
    const out = join(dir, 'csv');
    expect((await runCli(['report', runId, '--store', db, '--format', 'csv', '-o', out])).code).toBe(0);
    const csv = parse(readFileSync(join(out, 'effects.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const md = await runCli(['report', runId, '--store', db, '--format', 'md', '-o', join(dir, 'md')]);
    expect(md.code).toBe(0);
    const mdText = readFileSync(join(dir, 'md', 'effects.md'), 'utf8');
    for (const [probe, metric] of [['framing', 'phi_frame'], ['primacy', 'coverage']] as const) {
      const e = effect(probe, metric);
      const r = csv.find((x) => x.probe === probe && x.metric === e.label && x.condition === CONDITION)!;
      expect([r.difference, r['difference 95% low'], r['difference 95% high'], r['difference n'], r['difference p']].map(Number)).toEqual([e.difference, e.ci!.low, e.ci!.high, e.n, e.test!.pValue]);
      const { diff, p } = printed(e);
      const line = mdText.split('\n').find((l) => l.startsWith(`| ${probe} | ${e.label.replace(/\|/g, '\\|')} |`) && l.includes(CONDITION))!;
      expect(line).toContain(`${diff} (n=${e.n}); ${p}`);
    }
  });

  it('--fail-on reads the same effect: its difference, interval bound and p-value', async () => {
    const e = effect('framing', 'phi_frame');
    const sel = `framing[condition=${CONDITION}]`;
    const holds = await runCli(['report', runId, '--store', db, '--fail-on', `${sel}.phi_frame.effect.ci.high > ${(e.ci!.high as number) - 1e-9}`, '--fail-on', `${sel}.phi_frame.effect.p >= ${e.test!.pValue}`]);
    expect(holds.code).toBe(5);
    expect(holds.stderr).toContain(`phi_frame.effect.ci.high = ${Number((e.ci!.high as number).toPrecision(6))} >`);
    expect(holds.stderr).toContain(`phi_frame.effect.p = ${Number((e.test!.pValue as number).toPrecision(6))} >=`);
    const passes = await runCli(['report', runId, '--store', db, '--fail-on', `${sel}.phi_frame.effect < ${(e.difference as number) - 1e-9}`]);
    expect(passes.code, passes.stderr).toBe(0);
    const none = await runCli(['report', runId, '--store', db, '--fail-on', 'framing[condition=nope].phi_frame.effect > 0']);
    expect(none.code).toBe(5);
    expect(none.stderr).toMatch(/undecidable: framing: no paired effect on "phi_frame" for \[condition=nope\]/);
  });

  it('the viewer in Chromium: the run page and the compare page print the same digits', async () => {
    const { page, errors } = await watchedPage(browser);
    await page.goto(`${viewer.url}runs/${encodeURIComponent(runId)}`);
    const runRows = page.locator('table[data-table="effects"] tbody tr');
    await runRows.first().waitFor();
    await page.goto(`${viewer.url}compare?a=${encodeURIComponent(runId)}&ca=baseline&b=${encodeURIComponent(runId)}&cb=${CONDITION}`);
    const cmp = (metric: string) => page.locator(`#compare tr[data-metric="${metric}"] td:last-child`).innerText();
    const compareText = { phi_frame: await cmp('phi_frame'), coverage: await cmp('coverage') };
    await page.goto(`${viewer.url}runs/${encodeURIComponent(runId)}`);
    for (const [probe, metric] of [['framing', 'phi_frame'], ['primacy', 'coverage']] as const) {
      const e = effect(probe, metric);
      const { diff, p } = printed(e);
      const cell = await page.locator('table[data-table="effects"] tbody tr', { hasText: e.label }).filter({ hasText: CONDITION }).locator('td').nth(7).innerText();
      expect(cell).toContain(diff);
      expect(cell).toContain(p);
      expect(compareText[metric]).toBe(`${diff} n=${e.n} · ${p}`);
    }
    expect(errors).toEqual([]);
  });
});
