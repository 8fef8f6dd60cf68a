/**
 * The run's hooks at its end (src/pipeline/run.ts): `onMeasured` once every item is measured and
 * stored, before aggregation (the CLI's report thread checkpoints the store's log then), and
 * `onResults` once the results are complete (the CLI begins the report then).
 */
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { runToResults } from '../../src/pipeline/run.js';
import { recordedProducer } from '../../src/pipeline/producers.js';
import { lengthProbe, shortRecords } from '../helpers/length-probe.js';


describe("a run's end", () => {
  it('tells when every item is stored (before aggregating), then when the results are complete', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const events: string[] = [];
    const summary = await runToResults({
      command: 'test',
      plan: { datasets: [shortRecords(7)], producers: [recordedProducer('recorded')], probes: [{ probe: lengthProbe, options: {}, fields: lengthProbe.fields ?? [] }], judges: {}, concurrency: 2 },
      store,
      configJson: '{}',
      configHash: 'h',
      onItem: () => events.push('item'),
      onMeasured: () => events.push('measured'),
      onResults: (r) => events.push(`results ${r.probes.length}`),
    });
    expect(events).toEqual([...Array.from({ length: 7 }, () => 'item'), 'measured', 'results 1']);
    expect(summary.measured).toBe(7);
  });
});
