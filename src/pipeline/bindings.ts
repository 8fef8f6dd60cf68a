import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import type { DatasetEntry, SlantConfig } from '../config/schema.js';
import { readRecords } from '../data/read-records.js';
import type { DatasetFormat } from '../probes/dataset-format.js';
import type { InputFormat } from '../data/types.js';
import { datasetFormats } from '../probes/manifests.js';
import { producedFields } from '../probes/output.js';
import type { PlannedProbe } from './execute.js';

/** Which probes read one dataset in `slant run`, and how its records are read. */
interface DatasetBinding {
  entry: DatasetEntry;
  probes: PlannedProbe[];
  /** the input format a probe brings, when the dataset is in one (SummEval JSON, the WildFrame release) */
  format?: DatasetFormat;
}

/** Canonical fields of the built-in demo datasets. */
const BUILTIN_FIELDS = ['source', 'title', 'intendedFraming', 'turn'];

/**
 * Fields a probe needs from a dataset in `slant run`: its required fields less what the run
 * generates (its own task's fields, or `output` for seed 000's summarization).
 */
function runRequired(p: PlannedProbe): string[] {
  const produced = new Set(producedFields(p.probe));
  return p.fields.filter((f) => f.required && f.name !== 'id' && f.name !== 'model' && !produced.has(f.name)).map((f) => f.name);
}

/**
 * The canonical fields a dataset can feed: the built-in sets, or the first record of its file
 * (after the `fields` mapping; unmapped columns under their own names).
 */
async function availableFields(entry: DatasetEntry, probes: PlannedProbe[], baseDir: string | undefined, rows?: readonly unknown[]): Promise<{ fields: Set<string>; format?: DatasetFormat; from: string; empty?: boolean }> {
  if (entry.builtin !== undefined) return { fields: new Set(BUILTIN_FIELDS), from: `built-in dataset ${entry.builtin}` };
  if (rows !== undefined) {
    // in-memory rows (the library's audit): the first row's keys, and the canonical names mapped onto them
    const first = rows[0];
    if (first === undefined || typeof first !== 'object' || first === null) return { fields: new Set(probes.flatMap(runRequired)), from: 'no rows', empty: true };
    const keys = new Set(Object.keys(first));
    for (const [canonical, column] of Object.entries(entry.fields ?? {})) if (keys.has(column)) keys.add(canonical);
    return { fields: keys, from: 'the first row' };
  }
  const file = resolve(baseDir ?? process.cwd(), entry.path ?? '');
  // the formats the probes bring (SummEval JSON, the WildFrame release), asked in the probes' order
  for (const format of datasetFormats()) if (await format.matches(entry, file)) return { fields: new Set(format.fields), format, from: format.describe(entry) };
  const optional = [...new Set(probes.flatMap((p) => p.fields.map((f) => f.name)))].filter((f) => f !== 'id');
  const reader = readRecords(file, {
    // a format named by a probe was matched above: what is left is one the data layer reads
    ...(entry.format !== undefined ? { format: entry.format as InputFormat } : {}),
    ...(entry.fields ? { fields: entry.fields } : {}),
    required: [],
    optional,
    keepAll: true,
    deriveIds: true,
    skipInvalid: true,
    limit: 1,
  });
  const fields = new Set<string>();
  let empty = true;
  for await (const r of reader) {
    empty = false;
    for (const [k, v] of Object.entries(r.fields)) if (v !== undefined && v !== null && v !== '') fields.add(k);
  }
  // a file without records says nothing about its fields: the reader reports it (or allowEmpty accepts it)
  if (empty) return { fields: new Set(probes.flatMap(runRequired)), from: 'an empty file', empty: true };
  return { fields, from: 'its first record' };
}

/**
 * Binds datasets to probes. A pair is bound when the config says so (`datasets[].probes`,
 * `probes[].datasets`: an explicit pair whose fields are missing is an error); with neither
 * list naming it, by default when the dataset carries every field the probe needs (a note names
 * each probe a dataset cannot feed and the missing fields). A probe left with no dataset, or a
 * dataset left with no probe, is an error.
 */
export async function bindDatasets(
  config: Pick<SlantConfig, 'datasets' | 'probes'>,
  probes: PlannedProbe[],
  baseDir: string | undefined,
  /** in-memory rows instead of files (the library's audit) */
  rows?: readonly unknown[],
): Promise<{ bindings: DatasetBinding[]; notes: string[] }> {
  const notes: string[] = [];
  const probeNames = new Set(probes.map((p) => p.probe.name));
  const datasetNames = new Set(config.datasets.map((d) => d.name));
  for (const d of config.datasets) {
    for (const n of d.probes ?? []) if (!probeNames.has(n as string)) throw new UserError(`datasets: "${d.name}" lists probe "${n}", which is not in probes`, { hint: `probes in this config: ${[...probeNames].join(', ')}` });
  }
  for (const p of config.probes) {
    for (const n of p.datasets ?? []) if (!datasetNames.has(n)) throw new UserError(`probes: "${p.name}" lists dataset "${n}", which is not in datasets`, { hint: `datasets in this config: ${[...datasetNames].join(', ')}` });
  }
  const bindings: DatasetBinding[] = [];
  const why = new Map<string, string[]>(probes.map((p) => [p.probe.name, []]));
  for (const entry of config.datasets) {
    const avail = await availableFields(entry, probes, baseDir, rows);
    const bound: PlannedProbe[] = [];
    const unfed: string[] = [];
    for (const p of probes) {
      const name = p.probe.name;
      const probeDatasets = config.probes.find((e) => e.name === name)?.datasets;
      const bindsTo = entry.probes as readonly string[] | undefined;
      const excluded = (bindsTo !== undefined && !bindsTo.includes(name)) || (probeDatasets !== undefined && !probeDatasets.includes(entry.name));
      if (excluded) {
        why.get(name)?.push(`"${entry.name}" is not bound to it`);
        continue;
      }
      const explicit = bindsTo?.includes(name) === true || probeDatasets?.includes(entry.name) === true;
      const missing = runRequired(p).filter((f) => !avail.fields.has(f));
      // a format read for one probe only (the WildFrame release) feeds no other
      const only = avail.format?.onlyFor?.probe;
      const wrongReader = only !== undefined && name !== only;
      if (missing.length === 0 && !wrongReader) {
        bound.push(p);
        continue;
      }
      const reason = wrongReader && missing.length === 0 ? `it is a ${avail.from}, read for the ${only} probe only` : `missing field(s) ${missing.join(', ')}`;
      const where = `checked in ${avail.from}${entry.fields ? ', after the fields mapping' : ''}`;
      if (explicit) throw new UserError(`datasets: "${entry.name}" cannot feed probe "${name}": ${reason} (${where})`, { hint: 'map the columns with datasets[].fields, or bind the probe to another dataset' });
      why.get(name)?.push(`"${entry.name}": ${reason}`);
      unfed.push(`"${name}" (${reason})`);
    }
    const where = `checked in ${avail.from}${entry.fields ? ', after the fields mapping' : ''}`;
    if (bound.length === 0) {
      throw new UserError(`datasets: "${entry.name}" feeds none of the probes: ${unfed.join(', ') || 'no probe is bound to it'}`, {
        hint: `${where}; remove the dataset, map its columns with datasets[].fields, or bind it with datasets[].probes`,
      });
    }
    if (unfed.length > 0) notes.push(`dataset "${entry.name}" is read by ${bound.map((p) => `"${p.probe.name}"`).join(', ')} only; not by ${unfed.join(', ')} (${where})`);
    bindings.push({ entry, probes: bound, ...(avail.format ? { format: avail.format } : {}) });
  }
  for (const p of probes) {
    if (!bindings.some((b) => b.probes.includes(p))) {
      throw new UserError(`probe "${p.probe.name}" has no dataset it can read: ${why.get(p.probe.name)?.join('; ') ?? ''}`, {
        hint: `it needs field(s) ${runRequired(p).join(', ') || '(none)'}; add a dataset that has them, or map columns with datasets[].fields`,
      });
    }
  }
  return { bindings, notes };
}
