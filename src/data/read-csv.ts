import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { parse, type CsvError } from 'csv-parse';
import { InputError } from '../core/errors.js';
import { splitLines } from './byte-lines.js';
import { fileChunks } from './open-file.js';
import type { RawItem } from './types.js';
import { decodeUtf8, decodeUtf8Lenient, invalidUtf8Message } from './utf8.js';

export interface CsvHeader {
  /** column names in file order */
  columns: string[];
  /** names that occur more than once (the first occurrence is the one read) */
  duplicates: string[];
}

export interface DelimitedOptions {
  /** ',' for CSV, '\t' for TSV */
  delimiter: string;
  /** Called with the header before any row is read; throw to reject the file (e.g. a missing column). */
  checkHeader?: (header: CsvHeader) => void;
}

type Parsed = { kind: 'record'; fields: string[]; endLine: number } | { kind: 'error'; error: CsvError };

/**
 * Reads CSV/TSV with a header row through csv-parse, streaming.
 *
 * Bytes are split into physical lines and each line is decoded with a fatal UTF-8 decoder before
 * csv-parse sees it, so invalid UTF-8 is reported with the line it is on (and the record containing
 * it is the one reported). Line ends are normalised to "\n" first, so CRLF files work and a CRLF
 * inside a quoted field becomes "\n". A BOM at the start is dropped. Fully empty lines are skipped
 * (they are not records). Quotes follow RFC 4180 for both CSV and TSV (pandas writes quoted TSV);
 * a stray quote inside an unquoted field is kept literally, as Python's csv module does.
 * Each row's location is the line where the record starts.
 */
export async function* readDelimitedStream(
  source: AsyncIterable<Uint8Array>,
  file: string,
  opts: DelimitedOptions,
): AsyncGenerator<RawItem> {
  const queue: Parsed[] = [];
  const parser = parse({
    delimiter: opts.delimiter,
    record_delimiter: '\n',
    bom: false,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    // all parse errors arrive through on_skip, in order with the records; we decide what is fatal
    skip_records_with_error: true,
    on_record: (fields, info) => {
      queue.push({ kind: 'record', fields, endLine: info.lines });
      return null;
    },
    on_skip: (error) => {
      if (error !== undefined) queue.push({ kind: 'error', error });
      return undefined;
    },
  });
  parser.resume();
  const done = finished(parser);
  // awaited only after end(); an early exit (limit, error) destroys the parser and must not leave
  // an unhandled rejection behind
  done.catch(() => undefined);
  // lines whose bytes were not valid UTF-8, ascending (decoded leniently so parsing can go on)
  const badLines: number[] = [];
  let header: string[] | undefined;
  let lastEndLine = 0;

  function* drain(): Generator<RawItem> {
    while (queue.length > 0) {
      const item = queue.shift();
      if (item === undefined) break;
      if (item.kind === 'error') {
        yield csvProblem(file, item.error, lastEndLine);
        continue;
      }
      const startLine = item.endLine - countNewlines(item.fields);
      lastEndLine = item.endLine;
      while (badLines.length > 0 && (badLines[0] ?? 0) < startLine) badLines.shift();
      const badLine = badLines[0] !== undefined && badLines[0] <= item.endLine ? badLines[0] : undefined;
      if (header === undefined) {
        if (badLine !== undefined) throw new InputError({ file, line: badLine }, `the header: ${invalidUtf8Message(badLine)}`);
        header = item.fields;
        opts.checkHeader?.({ columns: header, duplicates: duplicatesOf(header) });
        continue;
      }
      const location = { file, line: startLine };
      if (badLine !== undefined) {
        yield { kind: 'problem', location, message: invalidUtf8Message(badLine) };
        continue;
      }
      if (item.fields.length !== header.length) {
        yield {
          kind: 'problem',
          location,
          message: `the record starting on line ${startLine} has ${item.fields.length} fields; the header has ${header.length}`,
        };
        continue;
      }
      const value: Record<string, unknown> = {};
      header.forEach((name, i) => {
        if (!Object.hasOwn(value, name)) value[name] = item.fields[i];
      });
      yield { kind: 'row', value, location };
    }
  }

  try {
    for await (const batch of splitLines(source, file)) {
      const parts: string[] = [];
      for (const { line, bytes, terminated } of batch) {
        let text = decodeUtf8(bytes);
        if (text === undefined) {
          badLines.push(line);
          text = decodeUtf8Lenient(bytes);
        }
        parts.push(terminated ? `${text}\n` : text);
      }
      if (!parser.write(parts.join(''))) await once(parser, 'drain');
      yield* drain();
    }
    parser.end();
    await done;
    yield* drain();
    if (header === undefined) {
      throw new InputError({ file, line: 1 }, 'the file is empty; expected a header row naming the columns');
    }
  } finally {
    if (!parser.destroyed) parser.destroy();
  }
}

/** readDelimitedStream over a file on disk. */
export function readDelimitedFile(file: string, opts: DelimitedOptions): AsyncGenerator<RawItem> {
  return readDelimitedStream(fileChunks(file), file, opts);
}

function csvProblem(file: string, error: CsvError, lastEndLine: number): RawItem {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const line = lastEndLine + 1;
    return {
      kind: 'problem',
      location: { file, line },
      message: `line ${line} is incomplete (file ends mid-record): a quoted field opened there is never closed`,
    };
  }
  const line = typeof error.lines === 'number' ? error.lines : lastEndLine + 1;
  return { kind: 'problem', location: { file, line }, message: `cannot parse the record on line ${line}: ${error.message}` };
}

function countNewlines(fields: string[]): number {
  let n = 0;
  for (const field of fields) {
    for (let i = field.indexOf('\n'); i !== -1; i = field.indexOf('\n', i + 1)) n += 1;
  }
  return n;
}

function duplicatesOf(columns: string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) dups.add(c);
    seen.add(c);
  }
  return [...dups];
}
