/**
 * The item marks made ahead read the item views' registry only once it is loaded
 * (src/report/items/item-marks-ahead.ts): importing the module loads no probe's views, an offer
 * made before they are loaded is left to the report, and `ready` is the loading the pipeline waits
 * for before it offers an item (then nothing to wait for). The thread's own work is in
 * test/report/report-thread.test.ts and test/cli/report-thread-start.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ItemMarksAhead } from '../../../src/report/items/item-marks-ahead.js';
import { reportThread } from '../../../src/report/report-thread.js';
import type { AheadItem } from '../../../src/pipeline/items-ahead.js';

const item = (r: number): AheadItem => ({
  cellKey: 'c',
  probe: 'framing',
  labels: { model: 'm', dataset: 'd' },
  recordId: `r${r}`,
  measurement: { fC: 'neutral', fS: 'negative', changed: true },
  options: {},
  fields: { source: `The first sentence of record ${r}. A second one follows it.`, output: `Record ${r} in short.` },
});

describe('item marks made ahead, their item views loaded when first needed', () => {
  it('leaves an offer made before the views are loaded to the report; once `ready` has settled, offers are made', async () => {
    // no report thread in this process: a run that may start one later keeps the pairs offered for it
    expect(reportThread()).toBeUndefined();
    const ahead = new ItemMarksAhead({ beforeThread: true });
    expect(ahead.offer(item(0))).toBeUndefined();
    expect(ahead.waitingText).toBe(0);
    const loading = ahead.ready();
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(ahead.ready()).toBeUndefined();
    const waiting = ahead.offer(item(1));
    expect(waiting).toBeInstanceOf(Promise);
    expect(ahead.waitingText).toBeGreaterThan(0);
    // measuring ends with no thread started: the pair waiting for it is left to the report
    ahead.drop();
    expect(await waiting).toEqual([]);
  });
});
