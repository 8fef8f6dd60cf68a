import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { InputError } from '../core/errors.js';
import { DEFAULT_MAX_RECORD_BYTES, splitLines } from './byte-lines.js';
import { brokenQuoteMessage, QuoteTracker } from './csv-quotes.js';
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
  /** the maximum record size in bytes (default DEFAULT_MAX_RECORD_BYTES), per line and per record */
  maxRecordBytes?: number;
}

/**
 * Reads CSV/TSV with a header row through csv-parse, streaming.
 *
 * Bytes are split into physical lines and each line is decoded with a fatal UTF-8 decoder before
 * csv-parse sees it, so invalid UTF-8 is reported with the line it is on (and the record containing
 * it is the one reported). Line ends are normalised to "\n" first, so CRLF files work and a CRLF
 * inside a quoted field becomes "\n". A BOM at the start is dropped. Empty lines are skipped
 * (they are not records; in a one-column file an empty line is therefore not an empty value).
 * Quotes follow RFC 4180 for both CSV and TSV (pandas writes quoted TSV); a stray quote inside an
 * unquoted field is kept literally, as Python's csv module does.
 * Each row's location is the line where the record starts.
 */
export async function* readDelimitedStream(
  source: AsyncIterable<Uint8Array>,
  file: string,
  opts: DelimitedOptions,
): AsyncGenerator<RawItem> {
  // lines whose bytes were not valid UTF-8, ascending (decoded leniently so parsing can go on)
  const badLines: number[] = [];
  // parse errors, with how many records csv-parse had emitted before each (to keep file order)
  const errors: { after: number; error: CsvError }[] = [];
  const parser = parse({
    delimiter: opts.delimiter,
    record_delimiter: '\n',
    bom: false,
    relax_column_count: true,
    relax_quotes: true,
    // a quoted field spanning many lines is bounded too (csv-parse counts characters)
    max_record_size: opts.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES,
    // parse errors arrive through on_skip instead of ending the stream; we decide what is fatal
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error !== undefined) errors.push({ after: parser.info.records, error });
      return undefined;
    },
  });

  const quotes = new QuoteTracker(opts.delimiter);
  async function* text(): AsyncGenerator<string> {
    for await (const batch of splitLines(source, file, opts.maxRecordBytes)) {
      const parts: string[] = [];
      for (const { line, bytes, terminated } of batch) {
        let decoded = decodeUtf8(bytes);
        if (decoded === undefined) {
          badLines.push(line);
          decoded = decodeUtf8Lenient(bytes);
        }
        quotes.line(decoded, line);
        parts.push(terminated ? `${decoded}\n` : decoded);
      }
      yield parts.join('');
    }
  }
  const input = Readable.from(text(), { objectMode: false });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);

  let header: string[] | undefined;
  let seen = 0; // records taken from the parser
  let nextLine = 1; // line where the next record starts (csv-parse counts lines only at a cost)

  function* errorsBefore(limit: number): Generator<RawItem> {
    while (errors.length > 0 && (errors[0]?.after ?? Infinity) <= limit) {
      const item = errors.shift();
      if (item === undefined) break;
      yield csvProblem(file, item.error, quotes.open ?? nextLine);
      if (typeof item.error.lines === 'number') nextLine = item.error.lines + 1;
    }
  }

  try {
    for await (const chunk of parser) {
      yield* errorsBefore(seen);
      seen += 1;
      const fields = chunk as string[];
      const startLine = nextLine;
      const endLine = startLine + countNewlines(fields);
      nextLine = endLine + 1;
      if (fields.length === 1 && fields[0] === '') continue; // an empty line
      while (badLines.length > 0 && (badLines[0] ?? 0) < startLine) badLines.shift();
      const badLine = badLines[0] !== undefined && badLines[0] <= endLine ? badLines[0] : undefined;
      const broken = quotes.take(startLine, endLine);
      if (header === undefined) {
        if (badLine !== undefined) throw new InputError({ file, line: badLine }, `the header: ${invalidUtf8Message(badLine)}`);
        if (broken !== undefined) throw new InputError({ file, line: broken.opened }, `the header: ${brokenQuoteMessage(broken, endLine)}`, { hint: QUOTE_HINT });
        header = fields;
        opts.checkHeader?.({ columns: header, duplicates: duplicatesOf(header) });
        continue;
      }
      const location = { file, line: startLine };
      if (badLine !== undefined) {
        yield { kind: 'problem', location, message: invalidUtf8Message(badLine) };
        continue;
      }
      if (broken !== undefined) {
        yield { kind: 'problem', location: { file, line: broken.opened }, message: brokenQuoteMessage(broken, endLine) };
        continue;
      }
      if (fields.length !== header.length) {
        yield {
          kind: 'problem',
          location,
          message: `the record starting on line ${startLine} has ${fields.length} fields; the header has ${header.length}`,
        };
        continue;
      }
      const value: Record<string, unknown> = {};
      for (let i = 0; i < header.length; i++) {
        const name = header[i] as string;
        if (!Object.hasOwn(value, name)) value[name] = fields[i];
      }
      yield { kind: 'row', value, location };
    }
    yield* errorsBefore(Infinity);
    if (header === undefined) {
      throw new InputError({ file, line: 1 }, 'the file is empty; expected a header row naming the columns');
    }
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/** readDelimitedStream over a file on disk. */
export function readDelimitedFile(file: string, opts: DelimitedOptions): AsyncGenerator<RawItem> {
  return readDelimitedStream(fileChunks(file), file, opts);
}

const QUOTE_HINT = 'close the quoted field ("…") where it ends, and double any quote inside it ("")';

function csvProblem(file: string, error: CsvError, recordLine: number): RawItem {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const line = recordLine;
    return {
      kind: 'problem',
      location: { file, line },
      message: `line ${line} is incomplete (file ends mid-record): a quoted field opened there is never closed`,
    };
  }
  const line = typeof error.lines === 'number' ? error.lines : recordLine;
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
