/** A dataset of `n` short records and a probe that measures each source's length: a run with nothing to wait for. */
import { z } from 'zod';
import type { DatasetSource, LoadedRecord } from '../../src/pipeline/datasets.js';
import type { AnyProbe } from '../../src/probes/registry.js';

export const shortRecords = (n: number): DatasetSource => ({
  name: 'd',
  async *records(): AsyncIterable<LoadedRecord> {
    for (let i = 0; i < n; i++) yield { id: `r${i}`, fields: { source: `text ${i}` }, location: { file: 'd.jsonl', row: i + 1 } };
  },
  stats: () => ({ read: n, skipped: 0, problems: [] }),
});

export const lengthProbe = {
  name: 'lengths',
  description: 'test probe',
  fields: [{ name: 'source', required: true, description: 'text' }],
  recordSchema: z.object({ id: z.string(), source: z.string() }),
  optionsSchema: z.object({}),
  needs: () => [],
  measure: async (r: { source: string }) => ({ length: r.source.length }),
  aggregate: () => ({ n: 0, metrics: [] }),
} as unknown as AnyProbe;
