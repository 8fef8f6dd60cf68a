/**
 * `concurrency` in a run with a model: the number of model calls in flight (the loopback server
 * sees exactly that many, below the provider's slots), with up to twice as many records held so a
 * freed call slot goes at once to a record already read; `onWaiting` fires once, when every slot
 * is taken. Real openai-compatible model against the loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { executePlan } from '../../src/pipeline/execute.js';
import { planRun } from '../../src/pipeline/plan.js';
import { WarningLog } from '../../src/pipeline/warnings.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { Store } from '../../src/runtime/store.js';
import type { LoadedRecord } from '../../src/pipeline/datasets.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ latencyMs: 30, respond: () => ({ text: 'FINAL_SUMMARY: The record opens and closes.', inputTokens: 10, outputTokens: 5 }) });
});
afterAll(() => server.close());

describe('executePlan: concurrency is model calls in flight', () => {
  it('the server sees `concurrency` requests at once (the provider allows 8); records held stay within 2 × concurrency; onWaiting fires once', async () => {
    const rows = Array.from({ length: 24 }, (_, i) => ({ id: `r${i}`, source: `Record ${i} opens here. The middle says little. It ends with a closing line.` }));
    const config = parseConfig({
      concurrency: 3,
      providers: { 'openai-compatible': { maxConcurrency: 8 } },
      models: [{ id: `openai-compatible:${server.url}/v1#m` }],
      datasets: [{ name: 'd', path: 'rows' }],
      probes: [{ name: 'primacy' }],
    });
    const plan = await planRun(config, { rows });
    expect(plan.concurrency).toBe(3);
    // count the records read and not yet handled
    const ds = plan.datasets[0]!;
    let read = 0;
    let handled = 0;
    let mostHeld = 0;
    const records = ds.records.bind(ds);
    ds.records = async function* (): AsyncGenerator<LoadedRecord> {
      for await (const r of records()) {
        read++;
        mostHeld = Math.max(mostHeld, read - handled);
        yield r;
      }
    };
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    let waiting = 0;
    const before = server.count();
    const outcome = await executePlan(plan, store, run.id, { warnings: new WarningLog(), onItem: () => handled++, onWaiting: () => waiting++ });
    expect(outcome.measured).toBe(24);
    expect(server.count() - before).toBe(24);
    expect(server.peakConcurrency()).toBe(3);
    expect(mostHeld).toBeGreaterThan(3);
    expect(mostHeld).toBeLessThanOrEqual(6);
    expect(waiting).toBe(1);
    await store.close();
  });
});
