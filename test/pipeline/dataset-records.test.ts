/**
 * prepareProbes: a probe's whole-dataset pass (certainty's source ranking) gets the dataset's
 * records, read once; a probe whose pass has nothing to do for its options (certainty without
 * `ranking`) does not, and the records are then not read up front at all (a 100,000-record run
 * held every record for a pass that returned nothing).
 */
import { describe, expect, it } from 'vitest';
import { prepareProbes } from '../../src/pipeline/dataset-records.js';
import type { DatasetSource, LoadedRecord } from '../../src/pipeline/datasets.js';
import type { Unit } from '../../src/pipeline/units.js';
import { certaintyProbe } from '../../src/probes/certainty/index.js';
import { certaintyOptionsSchema } from '../../src/probes/certainty/schema.js';
import type { AnyProbe } from '../../src/probes/registry.js';

const TEXTS = ['The drug cures the disease.', 'The drug may help with the disease.', 'The drug might possibly be linked to some improvement.'];

function counted(): DatasetSource & { reads: number } {
  const ds = {
    name: 'd',
    reads: 0,
    async *records(): AsyncIterable<LoadedRecord> {
      ds.reads++;
      for (const [i, t] of TEXTS.entries()) yield { id: `r${i}`, fields: { original: t, rewrite: t }, location: { file: 'd.jsonl', row: i + 1 } };
    },
    stats: () => ({ read: TEXTS.length, skipped: 0, problems: [] }),
  };
  return ds;
}

/** prepareProbes reads only a unit's planned probe. */
const unitOf = (probe: AnyProbe, options: Record<string, unknown>): Unit => ({ probe: { probe, options, fields: [] } }) as unknown as Unit;

describe('prepareProbes', () => {
  it('does not read the records for certainty without a source ranking', async () => {
    const ds = counted();
    const options = certaintyOptionsSchema.parse({ comparator: 'offline' }) as Record<string, unknown>;
    const out = await prepareProbes(ds, [unitOf(certaintyProbe as unknown as AnyProbe, options)], {}, undefined);
    expect(out.size).toBe(0);
    expect(ds.reads).toBe(0);
  });

  it('reads the records once and hands them to certainty when it ranks the sources', async () => {
    const ds = counted();
    const options = certaintyOptionsSchema.parse({ comparator: 'offline', ranking: { k2: 2, votes: 1, resamples: 20, seed: 1 } }) as Record<string, unknown>;
    const out = await prepareProbes(ds, [unitOf(certaintyProbe as unknown as AnyProbe, options)], {}, undefined);
    expect(ds.reads).toBe(1);
    const fields = out.get('certainty');
    expect([...(fields?.keys() ?? [])].sort()).toEqual(['r0', 'r1', 'r2']);
    // every record that the judge compared has its strength and its row of the ranking table
    for (const f of fields?.values() ?? []) if ('sourceRanking' in f) expect(typeof f['sourceCertainty']).toBe('number');
  });

  it('asks a probe without `prepares` to prepare, as before', async () => {
    const ds = counted();
    let handed = 0;
    const probe = { ...certaintyProbe, name: 'other', prepares: undefined, prepare: async (records: unknown[]) => ((handed = records.length), new Map([['r0', { x: 1 }]])) };
    const out = await prepareProbes(ds, [unitOf(probe as unknown as AnyProbe, {})], {}, undefined);
    expect([ds.reads, handed]).toEqual([1, 3]);
    expect(out.get('other')?.get('r0')).toEqual({ x: 1 });
  });
});
