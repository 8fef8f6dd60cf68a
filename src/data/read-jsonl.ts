import { splitLines } from './byte-lines.js';
import { fileChunks } from './open-file.js';
import type { RawItem } from './types.js';
import { decodeUtf8, invalidUtf8Message } from './utf8.js';

/**
 * Reads JSON Lines (.jsonl / .ndjson) from a byte stream: one JSON object per physical line.
 * Streams: only the current chunk and line are held in memory.
 *
 * - Each line is decoded with a fatal UTF-8 decoder; invalid bytes are a problem naming the line
 *   (node:readline would silently replace them with U+FFFD).
 * - Blank (whitespace-only) lines are skipped silently: they are not records. This is the one
 *   thing the reader passes over without a report.
 * - A BOM at the start and CRLF line ends are accepted.
 * - A last line without a trailing newline is fine when it parses; when it does not, the file was
 *   cut off: "line N is incomplete (file ends mid-record)".
 */
export async function* readJsonlStream(source: AsyncIterable<Uint8Array>, file: string, maxRecordBytes?: number): AsyncGenerator<RawItem> {
  for await (const batch of splitLines(source, file, maxRecordBytes)) {
    for (const { line, bytes, terminated } of batch) {
      const location = { file, line };
      const text = decodeUtf8(bytes);
      if (text === undefined) {
        yield { kind: 'problem', location, message: invalidUtf8Message(line) };
        continue;
      }
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        const detail = (err as Error).message;
        const message = terminated
          ? `malformed JSON on line ${line}: ${detail}`
          : `line ${line} is incomplete (file ends mid-record): ${detail}`;
        yield { kind: 'problem', location, message };
        continue;
      }
      if (!isPlainObject(value)) {
        yield { kind: 'problem', location, message: `line ${line} holds ${describeJson(value)}; expected a JSON object` };
        continue;
      }
      yield { kind: 'row', value, location };
    }
  }
}

/** readJsonlStream over a file on disk. */
export function readJsonlFile(file: string, maxRecordBytes?: number): AsyncGenerator<RawItem> {
  return readJsonlStream(fileChunks(file), file, maxRecordBytes);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
