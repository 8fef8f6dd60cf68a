import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { UserError } from '../core/errors.js';

/** Size of the chunks read from disk. */
const CHUNK_BYTES = 1 << 20;

/** Throws UserError("file not found: X") / ("X is a directory") instead of a raw ENOENT. */
export async function checkReadableFile(file: string): Promise<number> {
  let size: number;
  try {
    const st = await stat(file);
    if (st.isDirectory()) throw new UserError(`${file} is a directory, not a data file`);
    size = st.size;
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UserError(`file not found: ${file}`);
    if (code === 'EACCES' || code === 'EPERM') throw new UserError(`cannot read ${file}: permission denied`);
    throw new UserError(`cannot read ${file}: ${(err as Error).message}`, { cause: err });
  }
  return size;
}

/** The file's bytes as a stream of chunks (never the whole file at once). */
export async function* fileChunks(file: string): AsyncGenerator<Uint8Array> {
  await checkReadableFile(file);
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } finally {
    stream.destroy();
  }
}
