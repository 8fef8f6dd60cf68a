/**
 * executePlan on a distributed run's unit (`range`): only the unit's records are measured, the
 * caller's held records and probe preparations are made once for all its units, and what the store
 * holds is asked about the unit's records only. SQLite store (the store behaviour itself is shared:
 * test/runtime/run-store.test.ts runs both backends).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { executePlan, type ExecutionOptions } from '../../src/pipeline/execute.js';
import { recordedProducer } from '../../src/pipeline/producers.js';
import { WarningLog } from '../../src/pipeline/warnings.js';
import type { DatasetSource, LoadedRecord } from '../../src/pipeline/datasets.js';
import type { AnyProbe } from '../../src/probes/registry.js';

function counted(n: number): DatasetSource & { reads: number; yielded: number } {
  const ds = {
    name: 'd',
    reads: 0,
    yielded: 0,
    async *records(): AsyncIterable<LoadedRecord> {
      ds.reads++;
      for (let i = 0; i < n; i++) {
        ds.yielded++;
        yield { id: `r${i}`, fields: { source: `text ${i}` }, location: { file: 'd.jsonl', row: i + 1 } };
      }
    },
    stats: () => ({ read: n, skipped: 0, problems: [] }),
  };
  return ds;
}

/** A probe with a preparation pass over the whole dataset (as certainty's source ranking), counting its calls. */
function rankingProbe(): AnyProbe & { prepared: number } {
  const probe = {
    name: 'ranked',
    description: 'test probe',
    fields: [{ name: 'source', required: true, description: 'text' }],
    recordSchema: z.object({ id: z.string(), source: z.string(), rank: z.number() }),
    optionsSchema: z.object({}),
    needs: () => [],
    prepared: 0,
    async prepare(records: { id: string }[]) {
      probe.prepared++;
      return new Map(records.map((r, i) => [r.id, { rank: records.length - i }]));
    },
    measure: async (r: { rank: number }) => ({ rank: r.rank }),
    aggregate: () => ({ n: 0, metrics: {} }),
  };
  return probe as unknown as AnyProbe & { prepared: number };
}

describe('executePlan on a unit (range)', () => {
  it('measures only the unit\'s records, reads the dataset and prepares the probe once for all units, and skips what is stored', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    const ds = counted(10);
    const probe = rankingProbe();
    const plan = { datasets: [ds], producers: [recordedProducer('recorded')], probes: [{ probe, options: {}, fields: probe.fields ?? [] }], judges: {}, concurrency: 4 };
    const held: NonNullable<ExecutionOptions['heldRecords']> = new Map();
    const prepared: NonNullable<ExecutionOptions['prepared']> = new Map();
    const unit = (from: number, to: number) => executePlan(plan, store, run.id, { warnings: new WarningLog(), range: { from, to }, heldRecords: held, prepared });
    const a = await unit(0, 4);
    const b = await unit(4, 7);
    expect([a.measured, b.measured]).toEqual([4, 3]);
    const cell = a.cells[0]!.key;
    const items = await store.getItems(run.id, cell);
    // ranks from the preparation over all 10 records, not over a unit's
    expect(items.map((i) => [i.recordId, i.measurement])).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => [`r${i}`, { rank: 10 - i }]));
    // one read for the preparation, one for the held records: not one per unit
    expect(probe.prepared).toBe(1);
    expect(ds.reads).toBe(2);
    // a unit run again finds its records done
    const again = await unit(5, 9);
    expect([again.measured, again.reused]).toEqual([2, 2]);
    expect(ds.reads).toBe(2);
    await store.close();
  });

  it('without held records reads the dataset only up to the unit\'s end', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    const ds = counted(100);
    const plan = { datasets: [ds], producers: [recordedProducer('recorded')], probes: [{ probe: rankingProbe(), options: {}, fields: [] }], judges: {}, concurrency: 4 };
    const prepared: NonNullable<ExecutionOptions['prepared']> = new Map([['d', Promise.resolve(new Map([['ranked', new Map(Array.from({ length: 100 }, (_, i) => [`r${i}`, { rank: i }]))]]))]]);
    const out = await executePlan(plan, store, run.id, { warnings: new WarningLog(), range: { from: 10, to: 20 }, prepared });
    expect(out.measured).toBe(10);
    expect(ds.yielded).toBeLessThanOrEqual(21);
    await store.close();
  });
});
