import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { UserError } from '../core/errors.js';
import { spooledChunks } from './input-spool.js';

/** Size of the chunks read from disk. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A failure to stat, open or read `file` as a UserError saying what is wrong with the path
 * ("file not found", "is a directory", "permission denied", or the system's reason); anything that
 * is not a file-system error passes through unchanged.
 */
export function readProblem(err: unknown, file: string, what = 'file'): unknown {
  if (err instanceof UserError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return err;
  if (code === 'ENOENT') return new UserError(`${what} not found: ${file}`);
  if (code === 'ENOTDIR') return new UserError(`${what} not found: ${file} (a parent of it is a file, not a folder)`);
  if (code === 'EISDIR') return new UserError(`${file} is a directory; expected a ${what}`);
  if (code === 'EACCES' || code === 'EPERM') return new UserError(`cannot read ${file}: permission denied`, { hint: 'check the file\'s permissions' });
  return new UserError(`cannot read ${file}: ${(err as Error).message}`, { cause: err });
}

/** The input's stat; UserError("file not found: X") / ("X is a directory") instead of a raw ENOENT. */
export async function statInput(file: string, what = 'data file'): Promise<Stats> {
  try {
    const st = await stat(file);
    if (st.isDirectory()) throw new UserError(`${file} is a directory, not a ${what}`);
    return st;
  } catch (err) {
    throw readProblem(err, file, what === 'data file' ? 'file' : what);
  }
}

/**
 * Whether reading `file` again gives the same bytes: a regular file (also through a symlink or
 * /dev/stdin redirected from one). A pipe, a process substitution or a device is read once
 * (input-spool.ts).
 */
export async function isRereadable(file: string): Promise<boolean> {
  return (await statInput(file)).isFile();
}

/**
 * The file's bytes as a stream of chunks (never the whole file at once); a failing open or read is
 * a UserError naming the file. An input that can be read only once is spooled, so reading it again
 * gives the same bytes.
 */
export async function* fileChunks(file: string): AsyncGenerator<Uint8Array> {
  if (!(await isRereadable(file))) {
    try {
      yield* spooledChunks(file);
    } catch (err) {
      throw readProblem(err, file);
    }
    return;
  }
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (err) {
    throw readProblem(err, file);
  } finally {
    stream.destroy();
  }
}
