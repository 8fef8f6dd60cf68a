import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';
import { redact } from '../core/redact.js';

/** Bytes (roughly) gathered before a write to disk. */
const BATCH_CHARS = 64 * 1024;

interface TextWriter {
  /** queue text; resolves when it is buffered (waits for the disk when the buffer is full) */
  write(text: string): Promise<void>;
  /** flush and close; rejects on a write error */
  close(): Promise<void>;
  /** stop after an error: close the file without throwing again */
  abort(): Promise<void>;
}

/** A UTF-8 file writer with batching and backpressure; creates parent directories. Each text written is redacted (src/core/redact.ts). */
export async function openTextWriter(path: string): Promise<TextWriter> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path, { encoding: 'utf8' });
  let failure: Error | undefined;
  out.on('error', (err) => {
    failure ??= err;
  });
  let parts: string[] = [];
  let size = 0;

  const flush = async (): Promise<void> => {
    if (failure !== undefined) throw failure;
    if (parts.length === 0) return;
    const text = parts.join('');
    parts = [];
    size = 0;
    if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (failure !== undefined) throw failure;
  };

  return {
    async write(raw) {
      const text = redact(raw);
      parts.push(text);
      size += text.length;
      if (size >= BATCH_CHARS) await flush();
    },
    async close() {
      await flush();
      out.end();
      await finished(out);
      if (failure !== undefined) throw failure;
    },
    async abort() {
      parts = [];
      if (!out.destroyed) out.destroy();
      if (!out.closed) await once(out, 'close');
    },
  };
}
