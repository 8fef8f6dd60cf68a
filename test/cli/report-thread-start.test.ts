/**
 * When a run starts its report thread (src/cli/report-thread-start.ts), and the item views offered
 * before it starts (src/report/items/item-marks-ahead.ts `beforeThread`). The thread runs only
 * from the compiled dist/ (`npm run build` after a change), so the modules are loaded from there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemInput } from '../../src/probes/item-view.js';

const dist = (path: string): string => new URL(`../../dist/${path}`, import.meta.url).href;
const thread = (await import(dist('report/report-thread.js'))) as typeof import('../../src/report/report-thread.js');
const start = (await import(dist('cli/report-thread-start.js'))) as typeof import('../../src/cli/report-thread-start.js');
const marksAhead = (await import(dist('report/items/item-marks-ahead.js'))) as typeof import('../../src/report/items/item-marks-ahead.js');
const registry = (await import(dist('report/items/registry.js'))) as typeof import('../../src/report/items/registry.js');
const marks = (await import(dist('probes/item-marks.js'))) as typeof import('../../src/probes/item-marks.js');
const common = (await import(dist('probes/item-view-common.js'))) as typeof import('../../src/probes/item-view-common.js');

afterEach(() => thread.stopReportThread());

/** a framing item of record `r` whose source is `words` words long */
const item = (r: number, words = 12): ItemInput => ({
  probe: 'framing',
  labels: { model: 'm', dataset: 'd' },
  recordId: `r${r}`,
  measurement: { fC: 'neutral', fS: 'negative', changed: true },
  options: {},
  fields: { source: `${Array.from({ length: words }, (_, k) => `word${k % 50}`).join(' ')}. Record ${r} ends here.`, output: `Record ${r} in short.` },
});
const offer = (ahead: InstanceType<typeof marksAhead.ItemMarksAhead>, i: ItemInput) => ahead.offer({ cellKey: 'c', probe: i.probe, options: i.options, labels: i.labels, recordId: i.recordId, measurement: i.measurement, fields: i.fields! });

describe('the report thread of a run', () => {
  it('starts once the plan is made, unless every probe has a light report (position)', () => {
    const light = new start.ReportThreadStart();
    light.planned(['position']);
    expect(thread.reportThread()).toBeUndefined();
    const full = new start.ReportThreadStart();
    full.planned(['position', 'framing']);
    expect(thread.reportThread()).toBeDefined();
  });

  it('a light-report run whose item views waiting for a thread hold enough text gives the thread up: they and later ones are left to the report', async () => {
    const s = new start.ReportThreadStart();
    s.planned(['position']);
    const ahead = s.ahead(new marksAhead.ItemMarksAhead({ beforeThread: true }));
    // the item views an offer reads (loaded when first needed)
    await ahead.ready();
    // 2,000-word sources: about 16K characters a pair
    const inputs = Array.from({ length: 40 }, (_, r) => item(r, 2000));
    const offers: Promise<unknown>[] = [];
    for (const i of inputs) {
      expect(ahead.waitingText).toBeLessThan(start.ITEM_VIEW_TEXT_BEFORE_THREAD);
      const o = offer(ahead, i);
      if (o === undefined) break;
      offers.push(o);
      s.item();
    }
    // given up by the pair that brought the text past the bound, not before
    const sent = inputs.slice(0, offers.length);
    expect(sent.reduce((n, i) => n + String(i.fields!.source).length + String(i.fields!.output).length, 0)).toBeGreaterThanOrEqual(start.ITEM_VIEW_TEXT_BEFORE_THREAD);
    expect(sent.slice(0, -1).reduce((n, i) => n + String(i.fields!.source).length + String(i.fields!.output).length, 0)).toBeLessThan(start.ITEM_VIEW_TEXT_BEFORE_THREAD);
    expect(offers.length).toBeLessThan(inputs.length);
    expect(thread.reportThread()).toBeUndefined();
    // the pairs waiting are answered with nothing (the report makes them), none waits any more
    expect(await Promise.all(offers)).toEqual(sent.map(() => []));
    expect(ahead.waitingText).toBe(0);
    expect(offer(ahead, item(99))).toBeUndefined();
    // nor does a later wait on a model start it
    s.waiting();
    expect(thread.reportThread()).toBeUndefined();
  });

  it('a light-report run that waits on a model before then starts it, and the pairs waiting go to it', async () => {
    const s = new start.ReportThreadStart();
    s.planned(['position']);
    const ahead = s.ahead(new marksAhead.ItemMarksAhead({ beforeThread: true }));
    // the item views an offer reads (loaded when first needed)
    await ahead.ready();
    const inputs = [0, 1, 2].map((r) => item(r));
    const offers = inputs.map((i) => offer(ahead, i)!);
    s.item();
    expect(thread.reportThread()).toBeUndefined();
    expect(ahead.waitingText).toBeGreaterThan(0);
    s.waiting();
    expect(thread.reportThread()).toBeDefined();
    // made by the thread, as this thread would make them
    const rows = await Promise.all(offers);
    expect(rows).toEqual(inputs.map((i) => [{ key: marks.pairMarksKey(registry.itemPair(i)!), value: common.pairMarks(registry.itemPair(i)!) }]));
    expect(ahead.waitingText).toBe(0);
    ahead.drop();
  });

  it('a light-report run that ends its measuring first never starts it; the pairs waiting are left to the report', async () => {
    const s = new start.ReportThreadStart();
    s.planned(['position']);
    const ahead = s.ahead(new marksAhead.ItemMarksAhead({ beforeThread: true }));
    // the item views an offer reads (loaded when first needed)
    await ahead.ready();
    const waiting = [0, 1, 2].map((r) => offer(ahead, item(r)));
    s.item();
    expect(thread.reportThread()).toBeUndefined();
    expect(ahead.waitingText).toBeGreaterThan(0);
    ahead.drop();
    expect(await Promise.all(waiting)).toEqual([[], [], []]);
    s.end();
    expect(s.now()).toBe(false);
    expect(thread.reportThread()).toBeUndefined();
  });

  it('starts it as soon as the run waits on a model', () => {
    const s = new start.ReportThreadStart();
    s.planned(['position']);
    expect(thread.reportThread()).toBeUndefined();
    s.waiting();
    expect(thread.reportThread()).toBeDefined();
  });

  it('without `beforeThread`, nothing is offered while no thread runs (as before)', () => {
    expect(offer(new marksAhead.ItemMarksAhead(), item(0))).toBeUndefined();
  });
});
