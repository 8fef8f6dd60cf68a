import { InputError, UserError, type SourceLocation } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { IdMap } from '../core/id-table.js';
import { detectFormat } from './detect-format.js';
import { lookupField, sourceFieldFor, topLevelKey } from './field-mapping.js';
import type { CsvHeader } from './read-csv.js';
import { readJsonFile } from './read-json.js';
import { readParquetFile } from './parquet.js';
import { readJsonlFile } from './read-jsonl.js';
import { deriveRecordId, idToString } from './record-id.js';
import { MAX_PROBLEMS, type InputFormat, type InputRecord, type RawItem, type ReadOptions, type ReadStats } from './types.js';
import { checkSchema, textProblem } from './validate.js';

/**
 * A reader loaded when its format is first read: csv-parse (and hyparquet, src/data/parquet.ts)
 * are ~70 modules that a run over a JSONL file never needs before its first request.
 */
async function* loaded<T>(load: () => Promise<AsyncGenerator<T>>): AsyncGenerator<T> {
  yield* await load();
}

/** The format readers, by format; `checkHeader` is used by the tabular ones. */
function rawItems(file: string, format: InputFormat, checkHeader: (h: CsvHeader) => void, maxRecordBytes: number | undefined): AsyncGenerator<RawItem> {
  switch (format) {
    case 'jsonl':
      return readJsonlFile(file, maxRecordBytes);
    case 'csv':
      return loaded(async () => (await import('./read-csv.js')).readDelimitedFile(file, { delimiter: ',', checkHeader, ...(maxRecordBytes !== undefined ? { maxRecordBytes } : {}) }));
    case 'tsv':
      return loaded(async () => (await import('./read-csv.js')).readDelimitedFile(file, { delimiter: '\t', checkHeader, ...(maxRecordBytes !== undefined ? { maxRecordBytes } : {}) }));
    case 'parquet':
      return readParquetFile(file);
    case 'json':
      return readJsonFile(file);
  }
}

/** In-memory rows as raw items: row = position + 1; anything but an object is a problem. */
async function* memoryItems(name: string, rows: Iterable<unknown> | AsyncIterable<unknown>): AsyncGenerator<RawItem> {
  let row = 0;
  for await (const value of rows) {
    row += 1;
    const location = { file: name, row };
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) yield { kind: 'row', value: value as Record<string, unknown>, location };
    else yield { kind: 'problem', message: `expected an object with the record's fields, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`, location };
  }
}

/** Header columns listed in a message, at most this many. */
const MAX_LISTED_COLUMNS = 40;

/**
 * Reads a data file as canonical records: maps source fields to canonical names, validates the
 * required ones (non-empty text), assigns stable ids and rejects duplicates. Iterate it with
 * `for await`; `stats` is filled as it goes. By default the first bad record throws an InputError
 * naming file, line/row and field; with `skipInvalid` bad records are counted in `stats` instead.
 * Iterating again re-reads the file and resets `stats`.
 */
export class RecordReader implements AsyncIterable<InputRecord> {
  readonly file: string;
  readonly format: InputFormat;
  readonly stats: ReadStats = { read: 0, accepted: 0, skipped: 0, problems: [] };
  private readonly opts: ReadOptions;

  constructor(file: string, opts: ReadOptions = {}) {
    this.file = file;
    this.opts = opts;
    this.format = opts.format ?? (opts.rows !== undefined ? 'json' : detectFormat(file));
    if (opts.limit !== undefined && (!Number.isInteger(opts.limit) || opts.limit < 0)) {
      throw new UserError(`limit must be a non-negative integer, got ${opts.limit}`);
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<InputRecord> {
    const { opts, file, format, stats } = this;
    Object.assign(stats, { read: 0, accepted: 0, skipped: 0, problems: [] });
    if (opts.limit === 0) return;
    const required = unique(opts.required ?? []);
    const mapped = Object.keys(opts.fields ?? {}).filter((c) => c !== 'id');
    const copied = unique([...(opts.optional ?? []), ...mapped]).filter((c) => !required.includes(c) && c !== 'id');
    const explicitId = opts.deriveIds === true ? undefined : (opts.idField ?? opts.fields?.id);
    const idSource = opts.deriveIds === true ? undefined : (explicitId ?? 'id');
    const delimited = format === 'csv' || format === 'tsv';
    const sources = [...required, ...copied].map((c) => sourceFieldFor(opts.fields, c));
    if (idSource !== undefined) sources.push(idSource);
    // id → where it was first read, as a number (placeNumber), kept compact: it grows with the input (core/id-table.ts)
    const seen = new IdMap();

    const problem = (location: SourceLocation, message: string, always = false): void => {
      if (opts.skipInvalid !== true && !always) throw new InputError(location, message);
      stats.skipped += 1;
      if (stats.problems.length < MAX_PROBLEMS) stats.problems.push({ location, message });
    };

    const checkHeader = ({ columns, duplicates }: CsvHeader): void => {
      const needed = required.map((c) => ({ canonical: c, column: sourceFieldFor(opts.fields, c) }));
      if (explicitId !== undefined) needed.push({ canonical: 'id', column: explicitId });
      const missing = needed.filter((n) => !columns.includes(n.column));
      if (missing.length > 0) {
        const what = missing
          .map((m) => (m.column === m.canonical ? `"${m.column}"` : `"${m.column}" (for field "${m.canonical}")`))
          .join(', ');
        throw new InputError(
          { file, line: 1 },
          `missing column${missing.length > 1 ? 's' : ''} ${what}; the header has: ${listColumns(columns)}`,
          { hint: 'map fields to existing columns, e.g. --field source=<column>' },
        );
      }
      const ambiguous = duplicates.filter((d) => sources.includes(d));
      if (ambiguous.length > 0) {
        throw new InputError({ file, line: 1 }, `column ${ambiguous.map((d) => `"${d}"`).join(', ')} appears more than once in the header; expected unique column names`);
      }
    };

    for await (const item of opts.rows !== undefined ? memoryItems(file, opts.rows) : rawItems(file, format, checkHeader, opts.maxRecordBytes)) {
      stats.read += 1;
      if (item.kind === 'problem') {
        problem(item.location, item.message);
        continue;
      }
      const row = item.value;
      const where = item.key === undefined ? '' : `record "${item.key}": `;
      let fields: Record<string, unknown> = {};
      let bad: { field: string; message: string } | undefined;
      for (const canonical of required) {
        const source = sourceFieldFor(opts.fields, canonical);
        const value = lookupField(row, source);
        const why = textProblem(value, canonical, source, { sentences: opts.sentenceFields?.includes(canonical) === true });
        if (why !== undefined) {
          bad = { field: canonical, message: why };
          break;
        }
        fields[canonical] = value;
      }
      if (bad !== undefined) {
        problem({ ...item.location, field: bad.field }, where + bad.message);
        continue;
      }
      for (const canonical of copied) {
        const value = lookupField(row, sourceFieldFor(opts.fields, canonical));
        if (value === undefined || value === null || (delimited && value === '')) continue;
        fields[canonical] = value;
      }
      if (opts.keepAll === true) {
        const used = new Set(sources.map((s) => topLevelKey(row, s)));
        for (const [key, value] of Object.entries(row)) {
          if (!used.has(key) && !Object.hasOwn(fields, key) && key !== 'id') fields[key] = value;
        }
      }

      let id: string | undefined;
      if (item.key !== undefined && explicitId === undefined && opts.deriveIds !== true) {
        id = item.key;
      } else if (idSource !== undefined) {
        const raw = lookupField(row, idSource);
        if (raw !== undefined || explicitId !== undefined) {
          id = idToString(raw);
          if (id === undefined) {
            const what = raw === undefined ? 'is missing' : raw === '' ? 'is empty' : `is ${raw === null ? 'null' : `a ${typeof raw}`}`;
            problem({ ...item.location, field: idSource }, `${where}id field "${idSource}" ${what}; expected a non-empty string or number`);
            continue;
          }
        }
      }
      // an id is written to every store column, report and export that names the record: a key in
      // it (a record keyed by a request header, a URL with api_key=…) is redacted here, once
      id = id === undefined ? deriveRecordId(fields, opts.idFrom ?? required) : redact(id);

      if (opts.schema !== undefined) {
        const checked = checkSchema(opts.schema, { id, ...fields });
        if (!checked.ok) {
          const first = checked.issues[0];
          const more = checked.issues.length > 1 ? ` (and ${checked.issues.length - 1} more issue${checked.issues.length > 2 ? 's' : ''})` : '';
          const location = first?.field === undefined ? item.location : { ...item.location, field: first.field };
          problem(location, `${where}${first?.message ?? 'invalid record'}${more}`);
          continue;
        }
        if (typeof checked.value === 'object' && checked.value !== null) {
          const { id: _id, ...rest } = checked.value as Record<string, unknown>;
          fields = rest;
        }
      }

      const scope = opts.uniqueWithin === undefined ? '' : String(fields[opts.uniqueWithin] ?? '');
      const seenKey = opts.uniqueWithin === undefined ? id : `${scope}\u0000${id}`;
      const firstSeen = seen.get(seenKey);
      if (firstSeen !== undefined) {
        const message = `duplicate id "${id}": first at ${placeOfNumber(firstSeen)}, again at ${place(item.location)}${id.startsWith('h:') ? ' (derived ids repeat when the text repeats)' : ''}`;
        problem(item.location, message, opts.duplicates === 'skip');
        continue;
      }
      seen.set(seenKey, placeNumber(item.location));

      stats.accepted += 1;
      yield { id, fields, location: item.location };
      if (opts.limit !== undefined && stats.accepted >= opts.limit) return;
    }
  }
}

/** A RecordReader over `file` (nothing is read until it is iterated). */
export function readRecords(file: string, opts?: ReadOptions): RecordReader {
  return new RecordReader(file, opts);
}

/** Reads every record into memory (for small inputs and tests). */
export async function readAllRecords(file: string, opts?: ReadOptions): Promise<{ records: InputRecord[]; stats: ReadStats }> {
  const reader = new RecordReader(file, opts);
  const records: InputRecord[] = [];
  for await (const record of reader) records.push(record);
  return { records, stats: reader.stats };
}

/** "line 3" / "row 3" (the file is already named by the error). */
/** A record's place as one number: its line (> 0), minus its row (< 0), or 0 (neither known). */
const placeNumber = (loc: SourceLocation): number => loc.line ?? (loc.row !== undefined ? -loc.row : 0);
const placeOfNumber = (n: number): string => (n > 0 ? `line ${n}` : n < 0 ? `row ${-n}` : 'an earlier record');

function place(loc: SourceLocation): string {
  if (loc.line !== undefined) return `line ${loc.line}`;
  if (loc.row !== undefined) return `row ${loc.row}`;
  return 'an earlier record';
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

function listColumns(columns: string[]): string {
  const shown = columns.slice(0, MAX_LISTED_COLUMNS).map((c) => JSON.stringify(c)).join(', ');
  return columns.length > MAX_LISTED_COLUMNS ? `${shown}, ... (${columns.length - MAX_LISTED_COLUMNS} more)` : shown;
}
