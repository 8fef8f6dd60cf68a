/**
 * The report thread (src/report/report-thread.ts): at a run's end it draws the figures and makes
 * half the item details in a worker thread. A worker needs its entry as JavaScript, so the thread
 * runs only from the compiled dist/ (which `npm ci` builds; `npm run build` after a change): this
 * test loads dist/ and checks that what the thread makes is what the main thread makes, exactly.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Figure } from '../../src/results/presentation.js';
import type { ItemInput } from '../../src/probes/item-view.js';
import { buildReportModel } from '../../src/report/model.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

const dist = (path: string): string => new URL(`../../dist/report/${path}`, import.meta.url).href;
const thread = (await import(dist('report-thread.js'))) as typeof import('../../src/report/report-thread.js');
const svg = (await import(dist('charts/svg.js'))) as typeof import('../../src/report/charts/svg.js');
const render = (await import(dist('charts/render.js'))) as typeof import('../../src/report/charts/render.js');
const write = (await import(dist('write.js'))) as typeof import('../../src/report/write.js');
const registry = (await import(dist('items/registry.js'))) as typeof import('../../src/report/items/registry.js');
const html = (await import(dist('html.js'))) as typeof import('../../src/report/html.js');
const marksAhead = (await import(dist('items/item-marks-ahead.js'))) as typeof import('../../src/report/items/item-marks-ahead.js');
const marks = (await import(new URL('../../dist/probes/item-marks.js', import.meta.url).href)) as typeof import('../../src/probes/item-marks.js');
const common = (await import(new URL('../../dist/probes/item-view-common.js', import.meta.url).href)) as typeof import('../../src/probes/item-view-common.js');

afterAll(() => thread.stopReportThread());

const SOURCE = 'The budget rose sharply this year. Parks got new money for trees. Critics objected to the plan at once. The mayor said the plan would stand. Residents were divided over the parks.';
/** framing and primacy items of five records (a record's two items are made on one side) */
const inputs: ItemInput[] = [0, 1, 2, 3, 4].flatMap((r) => {
  const fields = { source: `${SOURCE} Record ${r} ends here.`, output: r % 2 ? 'Critics objected. Parks got money.' : `The mayor stood firm on record ${r}.` };
  return [
    { probe: 'framing', labels: { model: 'm', dataset: 'd' }, recordId: `r${r}`, measurement: { fC: 'neutral', fS: r % 2 ? 'negative' : 'neutral', changed: r % 2 === 1 }, options: {}, fields },
    { probe: 'primacy', labels: { model: 'm', dataset: 'd' }, recordId: `r${r}`, measurement: { sB: 0.4, sM: 0.2, sE: 0.1 * r, primacy: r > 2, recency: false }, options: {}, fields },
  ];
});

describe('the report thread', () => {
  it('draws a page\'s figures as the main thread draws them, gradients numbered alike', async () => {
    const model = buildReportModel(syntheticResults());
    const sections = html.pageFigureSections(model);
    const figures: Figure[] = sections.flat();
    expect(new Set(figures.map((f) => f.kind))).toEqual(new Set(['intervals', 'heatmap', 'lines', 'scatter']));
    expect(figures.filter((f) => f.kind === 'heatmap').length).toBeGreaterThan(1);
    expect(thread.startReportThread()).toBe(true);
    svg.prefetchFigures(sections);
    const there = await Promise.all(sections.map((s) => Promise.all(s.map((f) => svg.figureSvg(f)))));
    expect(thread.reportThreadJobs().figures).toBe(1);
    // this thread's vega has drawn nothing yet: the page's order, section by section
    const here: string[][] = [];
    for (const s of sections) here.push(await Promise.all(s.map((f) => render.renderFigureSvg(f))));
    expect(there).toEqual(here);
    expect(there.flat().join('')).toContain('gradient_1');
    expect(there.flat()[0]!.startsWith('<svg')).toBe(true);
  });

  it('draws one figure asked for on its own', async () => {
    const f = buildReportModel(syntheticResults()).probes.flatMap((p) => p.figures).find((x) => x.kind === 'intervals')!;
    expect(thread.startReportThread()).toBe(true);
    const before = thread.reportThreadJobs().figure;
    // an interval figure has no gradient or clip path: the same string whatever was drawn before
    expect(await svg.figureSvg(f)).toBe(await render.renderFigureSvg(f));
    expect(thread.reportThreadJobs().figure).toBe(before + 1);
  });

  it('makes the details of every other record, merged back in order, equal to the main thread’s', async () => {
    expect(thread.startReportThread()).toBe(true);
    const before = thread.reportThreadJobs().details;
    const made = await write.makeDetails(inputs);
    expect(thread.reportThreadJobs().details).toBe(before + 1);
    const alone = inputs.map((i) => registry.itemDetail(i));
    expect(made).toEqual(alone);
    expect(made.map((d) => `${d.probe}:${d.recordId}`)).toEqual(inputs.map((i) => `${i.probe}:${i.recordId}`));
    expect(made[0]!.mapping!.length).toBeGreaterThan(0);
  });

  it("a plugin probe's items are made in the main thread, which alone has its item view", async () => {
    expect(thread.startReportThread()).toBe(true);
    const before = thread.reportThreadJobs().details;
    const plugin = inputs.map((i) => ({ ...i, probe: 'plugin-probe', measurement: { score: 1 } }));
    const made = await write.makeDetails(plugin);
    expect(thread.reportThreadJobs().details).toBe(before);
    expect(made).toEqual(plugin.map((i) => registry.itemDetail(i)));
  });

  it("makes item views' marks as the main thread makes them; marks dropped before it begins them are null", async () => {
    expect(thread.startReportThread()).toBe(true);
    const t = thread.reportThread()!;
    const pairs = inputs.map((i) => registry.itemPair(i)!);
    const made = await t.call({ kind: 'marks', pairs, epoch: t.marksEpoch() });
    expect(made).toEqual(pairs.map((p) => ({ key: marks.pairMarksKey(p), marks: common.pairMarks(p) })));
    expect(made[0]!.marks.m!.length).toBeGreaterThan(0);
    // sent in the epoch before a drop: skipped, however late the thread reads them
    const old = t.marksEpoch();
    t.dropMarks();
    expect(await t.call({ kind: 'marks', pairs, epoch: old })).toEqual(pairs.map(() => null));
    expect(await t.call({ kind: 'marks', pairs: pairs.slice(0, 1), epoch: t.marksEpoch() })).toEqual([{ key: marks.pairMarksKey(pairs[0]!), marks: common.pairMarks(pairs[0]!) }]);
  });

  it('while measuring, marks are made for the items a report may embed, once per pair', async () => {
    expect(thread.startReportThread()).toBe(true);
    const ahead = new marksAhead.ItemMarksAhead();
    // the item views an offer reads (loaded when first needed)
    await ahead.ready();
    const offer = (i: ItemInput, cellKey: string) => ahead.offer({ cellKey, probe: i.probe, options: i.options, labels: i.labels, recordId: i.recordId, measurement: i.measurement, fields: i.fields! });
    // framing then primacy of each record: the pair (source, output, words, top 1) is the same, sent once
    const offers = inputs.map((i) => offer(i, i.probe));
    expect(offers.map((o) => o !== undefined)).toEqual(inputs.map((i) => i.probe === 'framing'));
    const rows = await Promise.all(offers.filter((o) => o !== undefined));
    // the key the marks are stored under is hashed in the thread, the same key
    expect(rows).toEqual(inputs.filter((i) => i.probe === 'framing').map((i) => [{ key: marks.pairMarksKey(registry.itemPair(i)!), value: common.pairMarks(registry.itemPair(i)!) }]));
    // an unchanged item is offered only while the changed items so far (four above, in other
    // cells: every changed item is embedded before any unchanged one) and the unchanged ones
    // before it in its cell are fewer than 400
    const unchanged = { ...inputs[0]!, measurement: { fC: 'neutral', fS: 'neutral', changed: false } };
    const changed = { ...inputs[0]!, measurement: { fC: 'neutral', fS: 'negative', changed: true } };
    expect(inputs.filter((i) => registry.itemSummary(i).tags.includes('changed')).length).toBe(4);
    const sent = Array.from({ length: 400 }, (_, k) => offer({ ...unchanged, recordId: `u${k}`, fields: { source: `Text ${k}.`, output: `Out ${k}.` } }, 'big'));
    const made = sent.map((o) => o !== undefined);
    expect(made.indexOf(false)).toBe(396);
    expect(made.slice(396).every((m) => !m)).toBe(true);
    // (answered before more are sent: at most 512 pairs wait in the thread)
    await Promise.all(sent);
    // a changed item is offered while fewer than 400 changed ones come before it in its cell
    const changedMade: boolean[] = [];
    for (let k = 0; k < 401; k++) changedMade.push(offer({ ...changed, recordId: `c${k}`, fields: { source: `Changed ${k}.`, output: 'Changed.' } }, 'big') !== undefined);
    expect(changedMade.slice(0, 400).every(Boolean)).toBe(true);
    expect(changedMade[400]).toBe(false);
    // and every changed item counts, offered or not: an unchanged item of a new cell now ranks after 405 of them
    expect(offer({ ...unchanged, recordId: 'late', fields: { source: 'Late.', output: 'Late out.' } }, 'other')).toBeUndefined();
    ahead.drop();
  });

  it("marks still being made when measuring ends are taken by the report, not made again", async () => {
    // a thread of its own: the marks the tests above left queued are dropped and answered first
    await thread.stopReportThread();
    expect(thread.startReportThread()).toBe(true);
    const before = thread.reportThreadJobs();
    const ahead = new marksAhead.ItemMarksAhead();
    // the item views an offer reads (loaded when first needed)
    await ahead.ready();
    const offers = inputs.map((i) => ahead.offer({ cellKey: i.probe, probe: i.probe, options: i.options, labels: i.labels, recordId: i.recordId, measurement: i.measurement, fields: i.fields! }));
    // measuring ends at once: the five pairs are still under way in the thread
    ahead.drop();
    expect(inputs.every((i) => marksAhead.marksUnderWay(i) !== undefined)).toBe(true);
    const made = await write.makeDetails(inputs);
    expect(made).toEqual(inputs.map((i) => registry.itemDetail(i)));
    // each pair made once, by the marks jobs; no item detail made in the thread
    expect(thread.reportThreadJobs().marks).toBe(before.marks + 5);
    expect(thread.reportThreadJobs().details).toBe(before.details);
    // the maker still answers its offers (the pipeline no longer stores them)
    expect((await Promise.all(offers.filter((o) => o !== undefined))).every((rows) => rows.length === 1)).toBe(true);
    // forgotten with the report: a second report makes its details
    expect(marksAhead.marksUnderWay(inputs[0]!)).toBeUndefined();
    await write.makeDetails(inputs);
    expect(thread.reportThreadJobs().details).toBe(before.details + 1);
  });

  it('released once the page has what it asked of it: it ends while the page is written, and stopping then waits for that end', async () => {
    expect(thread.startReportThread()).toBe(true);
    const running = thread.reportThread()!;
    expect(running).toBeDefined();
    thread.releaseReportThread();
    // no new work goes to it: the main thread makes what is asked later
    expect(thread.reportThread()).toBeUndefined();
    let exited = false;
    (running as unknown as { worker: { once(e: string, f: () => void): void } }).worker.once('exit', () => (exited = true));
    await thread.stopReportThread();
    expect(exited).toBe(true);
    // a second stop has nothing to wait for
    await thread.stopReportThread();
  });

  it("draws the run's terminal summary as the main thread draws it, and a job under way is answered before a release ends the thread", async () => {
    const results = syntheticResults();
    expect(thread.startReportThread()).toBe(true);
    const t = thread.reportThread()!;
    const { renderTerminalReport } = await import('../../src/report/terminal.js');
    for (const options of [{ verbose: false, color: false, width: 100 }, { verbose: true, color: true, width: 60 }]) {
      const asked = t.call({ kind: 'terminal', results, options });
      // let go at once: the summary under way is still answered, then the thread ends
      if (options.verbose) thread.releaseReportThread();
      expect(await asked).toBe(renderTerminalReport(results, options));
    }
    expect(thread.reportThread()).toBeUndefined();
    await thread.stopReportThread();
  });

  it('makes item details asked for while it draws the figures between their sections, and draws the terminal summary asked for before those details after the figures', async () => {
    const results = syntheticResults();
    expect(thread.startReportThread()).toBe(true);
    const t = thread.reportThread()!;
    const options = { verbose: false, color: false, width: 80 };
    // vega and the terminal tables loaded: each job could start at once
    await t.call({ kind: 'terminal', results, options });
    const sections = html.pageFigureSections(buildReportModel(results));
    expect(sections.filter((s) => s.length > 0).length).toBeGreaterThan(1);
    const answered: string[] = [];
    const figures = t.call({ kind: 'figures', sections }).then(() => answered.push('figures'));
    const summary = t.call({ kind: 'terminal', results, options }).then(() => answered.push('terminal'));
    const details = t.call({ kind: 'details', inputs: inputs.slice(0, 2) }).then(() => answered.push('details'));
    await Promise.all([figures, summary, details]);
    // the page waits for the details first, then for the figures; the summary is printed last
    expect(answered).toEqual(['details', 'figures', 'terminal']);
  });

  it("copies a SQLite store's write-ahead log into its file while the store stays open", async () => {
    const { Store } = await import('../../src/runtime/store.js');
    const path = join(mkdtempSync(join(tmpdir(), 'slant-thread-wal-')), 'slant.db');
    const store = Store.open(path);
    const run = store.createRun({ configJson: '{}', configHash: 'h' });
    for (let i = 0; i < 100; i++) store.putOutput(run.id, 'k', `r${i}`, { text: `record ${i} `.repeat(400) });
    const before = statSync(path).size;
    expect(thread.startReportThread()).toBe(true);
    expect(await thread.reportThread()!.call({ kind: 'checkpoint', path })).toBeNull();
    expect(statSync(path).size).toBeGreaterThan(before + 500_000);
    expect(store.getOutput(run.id, 'k', 'r99')).toEqual({ text: `record 99 `.repeat(400) });
    // the run's last checkpoint empties the log too
    store.putOutput(run.id, 'k', 'last', { text: 'the run\'s status' });
    expect(await thread.reportThread()!.call({ kind: 'checkpoint', path, truncate: true })).toBeNull();
    expect(statSync(`${path}-wal`).size).toBe(0);
    expect(store.getOutput(run.id, 'k', 'last')).toEqual({ text: "the run's status" });
    store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('a job that cannot be copied to the thread is refused at once, and the thread goes on', async () => {
    expect(thread.startReportThread()).toBe(true);
    const t = thread.reportThread()!;
    const results = { ...syntheticResults(), notCopyable: () => 1 } as unknown as ReturnType<typeof syntheticResults>;
    await expect(t.call({ kind: 'terminal', results, options: { verbose: false, color: false, width: 80 } })).rejects.toThrow();
    expect(typeof (await t.call({ kind: 'terminal', results: syntheticResults(), options: { verbose: false, color: false, width: 80 } }))).toBe('string');
  });

  it('stopped, the main thread does it all, the same way', async () => {
    await thread.stopReportThread();
    const before = thread.reportThreadJobs();
    expect(await write.makeDetails(inputs)).toEqual(inputs.map((i) => registry.itemDetail(i)));
    const f = buildReportModel(syntheticResults()).probes.flatMap((p) => p.figures).find((x) => x.kind === 'intervals')!;
    expect(await svg.figureSvg(f)).toBe(await render.renderFigureSvg(f));
    expect(thread.reportThreadJobs()).toEqual(before);
  });

  it('from the TypeScript sources no thread starts', async () => {
    const src = await import('../../src/report/report-thread.js');
    expect(src.startReportThread()).toBe(false);
    expect(src.reportThread()).toBeUndefined();
  });
});
