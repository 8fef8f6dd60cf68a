import { resolve } from 'node:path';
import { DEMO_DATASETS } from '../data/samples/index.js';
import { readRecords, type ReadStats } from '../data/index.js';
import type { DatasetEntry } from '../config/schema.js';
import type { SourceLocation } from '../core/errors.js';

export interface LoadedRecord {
  id: string;
  fields: Record<string, unknown>;
  location: SourceLocation;
}

/** A dataset the pipeline streams through once per run. */
export interface DatasetSource {
  name: string;
  /** the file the records come from (named when it holds none) */
  file?: string;
  /** a file without records is fine (config `allowEmpty`, `--allow-empty`); otherwise an InputError */
  allowEmpty?: boolean;
  records(): AsyncIterable<LoadedRecord>;
  /** filled while (and after) records() is consumed */
  stats(): { read: number; skipped: number; problems: ReadStats['problems'] };
}

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
  };
}

/**
 * A dataset from config. `required` are the canonical fields every record needs
 * ('source' to generate from; also 'output' when measuring recorded outputs).
 */
export function datasetSource(
  entry: DatasetEntry,
  opts: { required: string[]; optional?: string[]; sentenceFields?: string[]; baseDir?: string; uniqueWithin?: string; idFrom?: string[] },
): DatasetSource {
  if (entry.builtin !== undefined) return builtinSource({ ...entry, builtin: entry.builtin });
  const file = resolve(opts.baseDir ?? process.cwd(), entry.path ?? '');
  if (entry.format === 'summeval') return summEvalSource(entry, file);
  let stats: ReadStats = { read: 0, accepted: 0, skipped: 0, problems: [] };
  return {
    name: entry.name,
    file,
    allowEmpty: entry.allowEmpty === true,
    async *records() {
      const reader = readRecords(file, {
        format: entry.format === 'summeval' ? undefined : entry.format,
        fields: entry.fields,
        required: opts.required,
        optional: opts.optional,
        ...(opts.sentenceFields ? { sentenceFields: opts.sentenceFields } : {}),
        skipInvalid: entry.skipInvalid ?? false,
        limit: entry.limit,
        ...(entry.maxRecordBytes !== undefined ? { maxRecordBytes: entry.maxRecordBytes } : {}),
        uniqueWithin: opts.uniqueWithin,
        idFrom: opts.idFrom,
      });
      stats = reader.stats;
      for await (const r of reader) yield r;
    },
    stats: () => ({ read: stats.read, skipped: stats.skipped, problems: stats.problems }),
  };
}

/** SummEval JSON: one record per article with `references` and `outputs` per system (position probe). */
function summEvalSource(entry: DatasetEntry, file: string): DatasetSource {
  let n = 0;
  return {
    name: entry.name,
    file,
    allowEmpty: entry.allowEmpty === true,
    async *records() {
      const { loadSummEval } = await import('../probes/position/summeval.js');
      const records = await loadSummEval(file);
      for (const [i, r] of (entry.limit ? records.slice(0, entry.limit) : records).entries()) {
        n++;
        const { id, ...fields } = r;
        yield { id, fields, location: { file, row: i + 1 } };
      }
    },
    stats: () => ({ read: n, skipped: 0, problems: [] }),
  };
}

/**
 * WildFrame input: the release's prediction CSVs or canonical records, joined to the annotators'
 * framed_eval.csv when `humans` is given. Rows that do not join are counted (never dropped silently).
 */
export function wildframeSource(entry: DatasetEntry, file: string, humans: string | undefined): DatasetSource {
  let read = 0;
  let skipped = 0;
  const problems: ReadStats['problems'] = [];
  return {
    name: entry.name,
    file,
    allowEmpty: entry.allowEmpty === true,
    async *records() {
      const { buildWildframeRecords } = await import('../probes/wildframe/release.js');
      const { records, stats } = await buildWildframeRecords({ input: file, ...(humans ? { humans } : {}) });
      read = stats.read;
      skipped = stats.inputWithoutHumans ?? 0;
      if (skipped > 0) problems.push({ location: { file }, message: `${skipped} row(s) have no human annotation in ${humans} and were left out` });
      for (const [i, r] of (entry.limit ? records.slice(0, entry.limit) : records).entries()) {
        const { id, ...fields } = r;
        yield { id, fields, location: { file, row: i + 1 } };
      }
    },
    stats: () => ({ read, skipped, problems }),
  };
}
