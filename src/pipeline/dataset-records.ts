import { stat } from 'node:fs/promises';
import type { ProbeJudges } from '../probes/types.js';
import type { DatasetSource, LoadedRecord } from './datasets.js';
import type { Unit } from './units.js';

/** Dataset files up to this size are read once per worker and run and kept in memory for its units (opts.heldRecords). */
const HELD_DATASET_BYTES = 64 * 1024 * 1024;

/**
 * A dataset's records read once into \`held\` (by dataset name) for the units of one plan; undefined
 * for a file larger than HELD_DATASET_BYTES (its units read it themselves). A worker calls this
 * before it takes a run's first unit, so no lease waits for the read.
 */
export function holdRecords(ds: DatasetSource, held: Map<string, Promise<LoadedRecord[] | undefined>>): Promise<LoadedRecord[] | undefined> {
  let all = held.get(ds.name);
  if (all === undefined) {
    all = (async () => {
      const size = ds.file === undefined ? 0 : ((await stat(ds.file).catch(() => undefined))?.size ?? 0);
      if (size > HELD_DATASET_BYTES) return undefined;
      const records: LoadedRecord[] = [];
      for await (const r of ds.records()) records.push(r);
      return records;
    })();
    held.set(ds.name, all);
    // a failed read (a bad record) is read again, and reported, by the next unit
    all.catch(() => held.delete(ds.name));
  }
  return all;
}

/** The records at positions [from, to) of a dataset (a distributed run's unit): from the held records, else read up to \`to\`. */
export async function recordsIn(ds: DatasetSource, range: { from: number; to: number }, held: Map<string, Promise<LoadedRecord[] | undefined>> | undefined): Promise<LoadedRecord[]> {
  if (held !== undefined) {
    const records = await holdRecords(ds, held);
    if (records !== undefined) return records.slice(range.from, range.to);
  }
  const out: LoadedRecord[] = [];
  let position = 0;
  for await (const r of ds.records()) {
    if (position >= range.to) break;
    if (position++ >= range.from) out.push(r);
  }
  return out;
}

/**
 * Probe.prepare for each probe bound to this dataset that has one: the dataset's records are read
 * once more (held in memory) and the probe returns fields to add per record id.
 */
export async function prepareProbes(ds: DatasetSource, units: readonly Unit[], judges: ProbeJudges, signal: AbortSignal | undefined): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const out = new Map<string, Map<string, Record<string, unknown>>>();
  const seen = new Set<string>();
  let records: LoadedRecord[] | undefined;
  for (const u of units) {
    const { probe, options } = u.probe;
    // a probe whose preparation has nothing to do for these options is not handed the records (nor are they read for it)
    if (!probe.prepare || seen.has(probe.name) || probe.prepares?.(options) === false) continue;
    seen.add(probe.name);
    if (!records) {
      records = [];
      for await (const r of ds.records()) records.push(r);
    }
    const fields = await probe.prepare(records, { judges, options, ...(signal ? { signal } : {}) });
    if (fields) out.set(probe.name, fields);
  }
  return out;
}
