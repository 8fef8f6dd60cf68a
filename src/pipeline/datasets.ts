import { resolve } from 'node:path';
import { DEMO_DATASETS } from '../data/samples/index.js';
// the data layer's modules by name, not its index (which loads every reader and writer)
import { readRecords } from '../data/read-records.js';
import { countRecords } from '../data/count-records.js';
import type { ReadStats } from '../data/types.js';
import type { DatasetEntry } from '../config/schema.js';
import type { SourceLocation } from '../core/errors.js';
import type { DatasetFormat } from '../probes/dataset-format.js';
import { namedFormat } from '../probes/manifests.js';
import type { InputFormat } from '../data/types.js';

export interface LoadedRecord {
  id: string;
  fields: Record<string, unknown>;
  location: SourceLocation;
}

/** A dataset the pipeline streams through once per run. */
export interface DatasetSource {
  name: string;
  /** names of the probes that read this dataset (`slant run`; default: all of the plan's) */
  probes?: string[];
  /** the file the records come from (named when it holds none) */
  file?: string;
  /** a file without records is fine (config `allowEmpty`, `--allow-empty`); otherwise an InputError */
  allowEmpty?: boolean;
  records(): AsyncIterable<LoadedRecord>;
  /** filled while (and after) records() is consumed */
  stats(): { read: number; skipped: number; problems: ReadStats['problems'] };
  /** how many records records() will yield at most, counted cheaply (undefined: unknown); for progress bars */
  count?(): Promise<number | undefined>;
}

/** Records of all datasets (each capped by its limit), or undefined when any count is unknown. */
export async function countPlannedRecords(datasets: readonly DatasetSource[]): Promise<number | undefined> {
  let total = 0;
  for (const ds of datasets) {
    const n = await ds.count?.();
    if (n === undefined) return undefined;
    total += n;
  }
  return total;
}

const capped = (n: number | undefined, limit: number | undefined): number | undefined => (n === undefined ? undefined : limit ? Math.min(n, limit) : n);

function builtinSource(entry: DatasetEntry & { builtin: string }): DatasetSource {
  const ds = DEMO_DATASETS.find((d) => d.name === entry.builtin);
  if (!ds) throw new Error(`unknown built-in dataset ${entry.builtin}`);
  const docs = entry.limit ? ds.documents.slice(0, entry.limit) : ds.documents;
  return {
    name: entry.name,
    async *records() {
      for (const [i, d] of docs.entries()) {
        yield { id: d.id, fields: { source: d.text, title: d.title, intendedFraming: d.intendedFraming, turn: d.turn }, location: { file: `builtin:${ds.name}`, row: i + 1 } };
      }
    },
    stats: () => ({ read: docs.length, skipped: 0, problems: [] }),
    count: () => Promise.resolve(docs.length),
  };
}

/**
 * A dataset from config. `required` are the canonical fields every record needs
 * ('source' to generate from; also 'output' when measuring recorded outputs).
 */
export function datasetSource(
  entry: DatasetEntry,
  opts: { required: string[]; optional?: string[]; sentenceFields?: string[]; baseDir?: string; uniqueWithin?: string; idFrom?: string[]; rows?: readonly unknown[]; format?: DatasetFormat },
): DatasetSource {
  if (entry.builtin !== undefined) return builtinSource({ ...entry, builtin: entry.builtin });
  // in-memory rows (the library's `audit`): entry.path only names them in messages
  const file = opts.rows !== undefined ? (entry.path ?? entry.name) : resolve(opts.baseDir ?? process.cwd(), entry.path ?? '');
  // a registered format (SummEval's JSON, a plugin's), named or recognised from the file, is read by its own reader
  const format = opts.format ?? namedFormat(entry.format);
  if (format) return format.read(entry, file, undefined, {});
  const dataFormat = entry.format as InputFormat | undefined;
  let stats: ReadStats = { read: 0, accepted: 0, skipped: 0, problems: [] };
  return {
    name: entry.name,
    file,
    allowEmpty: entry.allowEmpty === true,
    async *records() {
      const reader = readRecords(file, {
        format: dataFormat,
        fields: entry.fields,
        required: opts.required,
        optional: opts.optional,
        ...(opts.sentenceFields ? { sentenceFields: opts.sentenceFields } : {}),
        skipInvalid: entry.skipInvalid ?? false,
        limit: entry.limit,
        ...(entry.maxRecordBytes !== undefined ? { maxRecordBytes: entry.maxRecordBytes } : {}),
        uniqueWithin: opts.uniqueWithin,
        idFrom: opts.idFrom,
        ...(opts.rows !== undefined ? { rows: opts.rows } : {}),
      });
      stats = reader.stats;
      for await (const r of reader) yield r;
    },
    stats: () => ({ read: stats.read, skipped: stats.skipped, problems: stats.problems }),
    count: async () => capped(opts.rows !== undefined ? opts.rows.length : await countRecords(file, dataFormat), entry.limit),
  };
}
