import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { detectFormat } from './detect-format.js';
import type { InputFormat } from './types.js';

/**
 * How many records a file holds, counted cheaply for a progress bar's total: non-blank lines of
 * JSONL; rows after the header of CSV/TSV (a newline inside quotes does not end a row; blank lines
 * are not rows, as in the reader); the row count in a Parquet file's metadata. JSON (one document)
 * gives undefined: counting it means parsing it. Also undefined when the file cannot be read (the
 * reader reports why). The count is an upper bound of what is measured: invalid records skipped
 * with --skip-invalid are counted here. Only a regular file is counted: a pipe, a process
 * substitution or a device (/dev/stdin, /dev/zero) can be read once, and that once is the reader's.
 */
export async function countRecords(file: string, format?: InputFormat): Promise<number | undefined> {
  let f: InputFormat;
  try {
    f = format ?? detectFormat(file);
  } catch {
    return undefined;
  }
  try {
    if (!(await stat(file)).isFile()) return undefined;
    if (f === 'jsonl') return await countLines(file, false);
    if (f === 'csv' || f === 'tsv') return Math.max(0, (await countLines(file, true)) - 1);
    if (f === 'parquet') {
      const { asyncBufferFromFile, parquetMetadataAsync } = await import('hyparquet');
      const meta = await parquetMetadataAsync(await asyncBufferFromFile(file));
      return Number(meta.num_rows);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

const NL = 0x0a;
const QUOTE = 0x22;

/** Lines holding something other than whitespace; with `quoted`, newlines inside "…" do not count. */
async function countLines(file: string, quoted: boolean): Promise<number> {
  let n = 0;
  let content = false;
  let inQuotes = false;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (quoted && b === QUOTE) {
        inQuotes = !inQuotes;
        content = true;
      } else if (b === NL) {
        if (inQuotes) continue;
        if (content) n++;
        content = false;
      } else if (!content && b !== 0x20 && b !== 0x09 && b !== 0x0d) {
        content = true;
      }
    }
  }
  if (content) n++;
  return n;
}
