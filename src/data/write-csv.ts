import { openTextWriter } from './text-writer.js';

export interface WriteCsvOptions {
  /** ',' (default) or '\t' for TSV */
  delimiter?: string;
}

/**
 * Writes rows as CSV (RFC 4180): a header row of `columns`, then one line per row with "\n" line
 * ends. A field is quoted when it contains the delimiter, a quote, "\r" or "\n", or starts/ends
 * with whitespace; quotes inside are doubled. null/undefined become empty fields; objects and
 * arrays are written as JSON. Streaming (rows may be an async iterable); creates parent
 * directories. Returns the number of rows written.
 *
 * CSV injection (OWASP): a text cell (header or value) that a spreadsheet would run as a formula —
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return — is written with a leading `'`,
 * unless it is a plain number (`-0.25`, `+3`, `-1e-5`). Numbers written from a number type are
 * never touched, so negative numbers stay numbers.
 */
export async function writeCsv(
  path: string,
  rows: Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>,
  columns: readonly string[],
  opts: WriteCsvOptions = {},
): Promise<number> {
  const delimiter = opts.delimiter ?? ',';
  if (columns.length === 0) throw new TypeError('writeCsv needs at least one column');
  const out = await openTextWriter(path);
  let count = 0;
  try {
    await out.write(`${columns.map((c) => csvField(neutraliseFormula(c), delimiter)).join(delimiter)}\n`);
    for await (const row of rows) {
      await out.write(`${columns.map((c) => csvField(cellText(row[c]), delimiter)).join(delimiter)}\n`);
      count += 1;
    }
    await out.close();
  } catch (err) {
    await out.abort();
    throw err;
  }
  return count;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

/** `text` with a leading `'` when a spreadsheet would read it as a formula (see writeCsv); plain numbers unchanged. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return neutraliseFormula(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(JSON.stringify(value));
}

/** One field, quoted when needed. */
export function csvField(text: string, delimiter = ','): string {
  const needsQuotes =
    text.includes(delimiter) || text.includes('"') || text.includes('\n') || text.includes('\r') || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}
