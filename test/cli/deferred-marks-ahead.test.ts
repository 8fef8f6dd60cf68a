/**
 * The item marks made ahead, loaded only when first needed (src/cli/deferred-marks-ahead.ts): the
 * calls made before the module is there are replayed in their order, so the same item views are
 * chosen and made as by the module itself. The report thread runs only from the compiled dist/
 * (`npm run build` after a change), so the modules are loaded from there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ItemInput } from '../../src/probes/item-view.js';

const dist = (path: string): string => new URL(`../../dist/${path}`, import.meta.url).href;
const thread = (await import(dist('report/report-thread.js'))) as typeof import('../../src/report/report-thread.js');
const start = (await import(dist('cli/report-thread-start.js'))) as typeof import('../../src/cli/report-thread-start.js');
const deferred = (await import(dist('cli/deferred-marks-ahead.js'))) as typeof import('../../src/cli/deferred-marks-ahead.js');
const registry = (await import(dist('report/items/registry.js'))) as typeof import('../../src/report/items/registry.js');
const marks = (await import(dist('probes/item-marks.js'))) as typeof import('../../src/probes/item-marks.js');
const common = (await import(dist('probes/item-view-common.js'))) as typeof import('../../src/probes/item-view-common.js');

afterEach(() => thread.stopReportThread());

/** a framing item of record `r` (changed or not) */
const item = (r: number, changed = true): ItemInput => ({
  probe: 'framing',
  labels: { model: 'm', dataset: 'd' },
  recordId: `r${r}`,
  measurement: { fC: 'neutral', fS: changed ? 'negative' : 'neutral', changed },
  options: {},
  fields: { source: `The first sentence of record ${r}. A second one follows it. Record ${r} ends here.`, output: `Record ${r} in short.` },
});
type Ahead = InstanceType<typeof deferred.DeferredMarksAhead>;
const offer = (ahead: Ahead, i: ItemInput, cellKey = 'c') => ahead.offer({ cellKey, probe: i.probe, options: i.options, labels: i.labels, recordId: i.recordId, measurement: i.measurement, fields: i.fields! });
const made = (i: ItemInput) => [{ key: marks.pairMarksKey(registry.itemPair(i)!), value: common.pairMarks(registry.itemPair(i)!) }];

describe('item marks made ahead, loaded when first needed', () => {
  it('offers made before the module is loaded wait for it and are answered as the module answers them', async () => {
    const s = new start.ReportThreadStart();
    const ahead = s.ahead(new deferred.DeferredMarksAhead());
    s.planned(['framing']);
    expect(thread.reportThread()).toBeDefined();
    const inputs = [0, 1, 2].map((r) => item(r));
    // nothing loaded yet: every offer is a promise, and nothing is counted as waiting
    const offers = inputs.map((i) => offer(ahead, i));
    expect(offers.every((o) => o instanceof Promise)).toBe(true);
    expect(ahead.waitingText).toBe(0);
    expect(await Promise.all(offers)).toEqual(inputs.map(made));
    // loaded: an offer is the module's own answer, at once (the same record's pair is not made twice)
    expect(offer(ahead, inputs[0]!)).toBeUndefined();
    ahead.drop();
  });

  it('a drop made before the module is loaded comes after the offers made before it', async () => {
    const s = new start.ReportThreadStart();
    s.planned(['position']);
    const ahead = s.ahead(new deferred.DeferredMarksAhead());
    const waiting = [0, 1].map((r) => offer(ahead, item(r)));
    // measuring ends with no thread started: the pairs waiting for it are left to the report
    ahead.drop();
    s.end();
    expect(await Promise.all(waiting)).toEqual([[], []]);
    expect(thread.reportThread()).toBeUndefined();
  });

  it('a thread started before the module is loaded gets the pairs offered before it (the order of the calls is kept)', async () => {
    const s = new start.ReportThreadStart();
    s.planned(['position']);
    const ahead = s.ahead(new deferred.DeferredMarksAhead());
    ahead.load();
    const inputs = [3, 4].map((r) => item(r));
    const offers = inputs.map((i) => offer(ahead, i));
    s.waiting();
    expect(thread.reportThread()).toBeDefined();
    expect(await Promise.all(offers)).toEqual(inputs.map(made));
    ahead.drop();
  });

  it('chooses the same items as the module: past EMBEDDED_DETAILS changed items of a cell, no more are made', async () => {
    const s = new start.ReportThreadStart();
    const ahead = s.ahead(new deferred.DeferredMarksAhead());
    s.planned(['framing']);
    const { EMBEDDED_DETAILS } = (await import(dist('report/items/item-marks-ahead.js'))) as typeof import('../../src/report/items/item-marks-ahead.js');
    const answers = await Promise.all(Array.from({ length: EMBEDDED_DETAILS + 2 }, (_, k) => offer(ahead, item(1000 + k)) ?? Promise.resolve(undefined)));
    expect(answers.filter((a) => a !== undefined && a.length > 0)).toHaveLength(EMBEDDED_DETAILS);
    expect(answers.slice(EMBEDDED_DETAILS)).toEqual([[], []]);
    ahead.drop();
  });
  it('asks the pipeline to wait for its loading (ready), and no more once loaded', async () => {
    const ahead = new deferred.DeferredMarksAhead();
    const loading = ahead.ready();
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(ahead.ready()).toBeUndefined();
    // loaded, with no thread yet: an offer goes to the module at once, and waits there for a thread
    const waiting = offer(ahead, item(7));
    expect(ahead.waitingText).toBeGreaterThan(0);
    ahead.drop();
    expect(await waiting).toEqual([]);
  });
});
