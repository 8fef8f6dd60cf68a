import { createReadStream, mkdtempSync, openSync, closeSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An input that can be read only once (a pipe, a process substitution such as `<(zcat x.gz)`,
 * `/dev/stdin` fed by a pipe, a character device) read as if it were a file: every byte read from
 * it is also written to a spool file in the temporary folder, so a second pass over the same input
 * (a probe that ranks every record before measuring, a batch phase, a distributed run's plan)
 * replays the spool and then goes on with the stream where the first pass stopped. The stream
 * itself is read once, front to back, as far as the passes need; nothing is counted ahead of it.
 *
 * The spool lives for the process (removed when it exits) and costs the disk what the stream
 * holds; memory stays one chunk per pass.
 */

/** Size of the chunks read from the stream and from the spool. */
const CHUNK_BYTES = 1 << 20;

interface Spool {
  path: string;
  handle: Promise<FileHandle>;
  source: AsyncIterator<Buffer>;
  /** bytes of the stream written to the spool so far */
  written: number;
  /** the stream ended and every byte of it is in the spool */
  done: boolean;
  /** why the stream could not be read (thrown to every pass that needs more than the spool holds) */
  failure?: unknown;
  /** the pull in progress: passes take turns at the stream */
  pulling: Promise<unknown>;
}

const STDIN_NAMES: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

const spools = new Map<string, Spool>();
let folder: string | undefined;

function spoolFolder(): string {
  if (folder === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'slant-input-'));
    folder = made;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  return folder;
}

function spoolFor(file: string): Spool {
  let s = spools.get(file);
  if (s === undefined) {
    const path = join(spoolFolder(), `${spools.size}.spool`);
    closeSync(openSync(path, 'w', 0o600));
    // stdin is read from its descriptor: a socket (what a parent process's `spawn` gives) cannot be opened by name
    const stream = STDIN_NAMES.has(file) ? createReadStream('', { fd: 0, autoClose: false, highWaterMark: CHUNK_BYTES }) : createReadStream(file, { highWaterMark: CHUNK_BYTES });
    s = { path, handle: open(path, 'r+'), source: (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator](), written: 0, done: false, pulling: Promise.resolve() };
    spools.set(file, s);
  }
  return s;
}

/** The next chunk of the stream, written to the spool first, with its offset; undefined at the end. */
function pull(s: Spool): Promise<{ at: number; chunk: Buffer } | undefined> {
  const next = s.pulling.then(async () => {
    if (s.failure !== undefined) throw s.failure;
    if (s.done) return undefined;
    let r: IteratorResult<Buffer>;
    try {
      r = await s.source.next();
    } catch (err) {
      s.failure = err;
      throw err;
    }
    if (r.done === true) {
      s.done = true;
      return undefined;
    }
    const at = s.written;
    await (await s.handle).write(r.value, 0, r.value.length, at);
    s.written += r.value.length;
    return { at, chunk: r.value };
  });
  s.pulling = next.catch(() => undefined);
  return next;
}

/**
 * The bytes of a once-only input, from its start, however many times it is asked for: what earlier
 * passes read comes from the spool, the rest from the stream. Errors of the stream are thrown as
 * they come (the caller names the file).
 */
export async function* spooledChunks(file: string): AsyncGenerator<Uint8Array> {
  const s = spoolFor(file);
  let offset = 0;
  for (;;) {
    if (offset < s.written) {
      const n = Math.min(CHUNK_BYTES, s.written - offset);
      const buf = Buffer.allocUnsafe(n);
      const { bytesRead } = await (await s.handle).read(buf, 0, n, offset);
      offset += bytesRead;
      yield buf.subarray(0, bytesRead);
      continue;
    }
    if (s.done) return;
    const got = await pull(s);
    if (got === undefined) continue;
    // another pass may have pulled meanwhile: then this chunk is read back from the spool
    if (got.at === offset) {
      offset += got.chunk.length;
      yield got.chunk;
    }
  }
}

/**
 * A path to the whole input that can be read at random (Parquet's footer is at the end): the stream
 * read to its end into the spool.
 */
export async function spooledFile(file: string): Promise<string> {
  const s = spoolFor(file);
  while (!s.done) await pull(s);
  return s.path;
}
