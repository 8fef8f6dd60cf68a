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
    await out.write(`${columns.map((c) => csvField(c, delimiter)).join(delimiter)}\n`);
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

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** One field, quoted when needed. */
export function csvField(text: string, delimiter = ','): string {
  const needsQuotes =
    text.includes(delimiter) || text.includes('"') || text.includes('\n') || text.includes('\r') || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}
