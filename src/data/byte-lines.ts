import { InputError } from '../core/errors.js';

/** One physical line of a byte stream, without its "\n" (and without a "\r" before it). */
interface ByteLine {
  /** 1-based physical line number */
  line: number;
  bytes: Uint8Array;
  /** false only for a last line that the file ends without a newline */
  terminated: boolean;
}

/**
 * The maximum record size (one JSONL line, one CSV line): 16 MiB unless raised with
 * `--max-record-bytes` (config `datasets[].maxRecordBytes`). A longer line is an InputError naming
 * file and line, found before more than this many bytes of it are held in memory.
 */
export const DEFAULT_MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** "16 MiB", "1.5 KiB", "300 bytes". */
function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

function tooLong(file: string, line: number, max: number): InputError {
  return new InputError({ file, line }, `line ${line} is longer than the maximum record size (${formatBytes(max)}); expected one record per line`, {
    hint: 'if the record is meant to be this large, raise the limit with --max-record-bytes (config: datasets[].maxRecordBytes)',
  });
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream on "\n" without decoding it: UTF-8 never has 0x0A inside a multi-byte
 * sequence, so splitting bytes first and decoding each line later is exact. A UTF-8 BOM at the start
 * of the stream is dropped; "\r\n" line ends lose their "\r". Yields lines in batches (one batch per
 * incoming chunk) to keep per-line async overhead low. Memory is bounded by the chunk size plus
 * `maxBytes` (a longer line is an error as soon as it is known to be longer).
 */
export async function* splitLines(source: AsyncIterable<Uint8Array>, file: string, maxBytes: number = DEFAULT_MAX_RECORD_BYTES): AsyncGenerator<ByteLine[]> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let lineNo = 0;
  for await (const chunk of source) {
    const batch: ByteLine[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(LF, start); nl !== -1; nl = chunk.indexOf(LF, start)) {
      let bytes = chunk.subarray(start, nl);
      if (pendingBytes + bytes.length > maxBytes) throw tooLong(file, lineNo + 1, maxBytes);
      if (pending.length > 0) {
        bytes = concat([...pending, bytes], pendingBytes + bytes.length);
        pending = [];
        pendingBytes = 0;
      }
      lineNo += 1;
      batch.push({ line: lineNo, bytes: clean(bytes, lineNo), terminated: true });
      start = nl + 1;
    }
    if (start < chunk.length) {
      // copy: the stream may reuse its buffer
      pending.push(Uint8Array.prototype.slice.call(chunk, start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > maxBytes) throw tooLong(file, lineNo + 1, maxBytes);
    }
    if (batch.length > 0) yield batch;
  }
  if (pendingBytes > 0) {
    lineNo += 1;
    yield [{ line: lineNo, bytes: clean(concat(pending, pendingBytes), lineNo), terminated: false }];
  }
}

/** Drops a trailing "\r", and a UTF-8 BOM at the start of line 1 (however the chunks fell). */
function clean(bytes: Uint8Array, line: number): Uint8Array {
  let out = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.subarray(0, bytes.length - 1) : bytes;
  if (line === 1 && out.length >= 3 && out[0] === 0xef && out[1] === 0xbb && out[2] === 0xbf) out = out.subarray(3);
  return out;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1 && parts[0] !== undefined) return parts[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
