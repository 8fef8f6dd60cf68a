import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { EXIT, UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';

/**
 * Write a whole file so that a reader (or a crash) sees the old content or the new, never a part:
 * the text goes to a temporary file in the same directory, is flushed to disk, and is renamed over
 * the target (rename is atomic within a file system). Parent directories are created. Problems a
 * user can fix (the path is a directory, a parent is a file, no permission, disk full) are
 * UserErrors naming the path; disk full exits 4 (`EXIT.diskFull`). The text is redacted
 * (src/core/redact.ts): results.json, report.html, exports and state files never hold a key.
 */
export function writeFileAtomic(path: string, text: string, what = 'file'): void {
  const tmp = tempPath(path);
  try {
    const fd = openTemp(path, tmp);
    try {
      writeRedacted(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    publish(tmp, path);
  } catch (err) {
    throw failed(err, tmp, path, what);
  }
}

/**
 * writeFileAtomic for a text made piece by piece (results.json with a large run's items read from
 * the store): `produce` hands each piece to `write`, which redacts it and writes it to the
 * temporary file at once, so the whole text is never held. A piece that is `redact`'s answer
 * already (a page's part redacted while the page was still being made: report/write.ts) is
 * written as it is: the same text.
 */
export async function writeFileAtomicStream(path: string, produce: (write: (text: string | RedactedText) => void) => Promise<void>, what = 'file'): Promise<void> {
  const tmp = tempPath(path);
  try {
    const fd = openTemp(path, tmp);
    try {
      await produce((text) => (text instanceof RedactedText ? writeBytes(fd, text.text) : writeRedacted(fd, text)));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    publish(tmp, path);
  } catch (err) {
    throw failed(err, tmp, path, what);
  }
}

const tempPath = (path: string): string => join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`);

/** The temporary file beside `path`, its directories made; a target that is a directory is refused first. */
function openTemp(path: string, tmp: string): number {
  if (isDirectory(path)) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
  mkdirSync(dirname(path), { recursive: true });
  return openSync(tmp, 'w');
}

/** A text redacted now (`RedactedText.of`), to be written later by writeFileAtomicStream as it is; made only here, so never a text that skipped `redact`. */
export class RedactedText {
  private constructor(readonly text: string) {}

  static of(text: string): RedactedText {
    return new RedactedText(redact(text));
  }
}

function writeRedacted(fd: number, text: string): void {
  writeBytes(fd, redact(text));
}

function writeBytes(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off, buf.length - off);
}

/** The flushed temporary file takes the target's name, and what killed writers left is swept. */
function publish(tmp: string, path: string): void {
  renameSync(tmp, path);
  removeStaleTemps(dirname(path));
}

/** The temporary file is removed and the problem named for the user (see writeProblem). */
function failed(err: unknown, tmp: string, path: string, what: string): unknown {
  try {
    rmSync(tmp, { force: true });
  } catch {
    // nothing was created (e.g. the parent is a file)
  }
  return writeProblem(err, path, what);
}

/** `.<name>.<pid>.<hex>.tmp`: the temporary file writeFileAtomic writes `name` through. */
const TEMP = /^\.(.+)\.(\d+)\.[0-9a-f]{6}\.tmp$/;

/**
 * Remove the temporary files in `dir` that a killed writer left behind (a kill between creating
 * and renaming one leaves it): those whose writing process no longer runs. A live process's file
 * may be on its way to its rename and is left alone.
 */
function removeStaleTemps(dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const e of entries) {
    const m = TEMP.exec(e);
    if (m === null || isRunning(Number(m[2]))) continue;
    try {
      rmSync(join(dir, e), { force: true });
    } catch {
      // another writer removed it first, or the folder is not ours to clean: the write itself succeeded
    }
  }
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Check before any work is done that `path` can take a file: it is not a directory and its nearest
 * existing ancestor is a folder (not a file). Throws the same UserErrors as writeFileAtomic.
 */
export function checkWritablePath(path: string, what = 'file'): void {
  if (isDirectory(path)) throw writeProblem(Object.assign(new Error('is a directory'), { code: 'EISDIR' }), path, what);
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    let st;
    try {
      st = statSync(dir);
    } catch {
      if (dirname(dir) === dir) return;
      continue; // created when written
    }
    if (!st.isDirectory()) throw writeProblem(Object.assign(new Error('not a directory'), { code: 'ENOTDIR' }), path, what);
    return;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A failed write as a UserError that says what happened and what to do (other errors pass through). */
function writeProblem(err: unknown, path: string, what: string): unknown {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'EISDIR':
      return new UserError(`cannot write the ${what} to ${path}: it is a directory`, { hint: 'give a file path, e.g. results.json inside that directory' });
    case 'ENOTDIR':
    case 'EEXIST':
      return new UserError(`cannot write the ${what} to ${path}: a parent of it is a file, not a directory`, { hint: 'choose a path whose parent folders are folders' });
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new UserError(`cannot write the ${what} to ${path}: permission denied`, { hint: 'choose a writable location' });
    case 'ENOSPC':
    case 'EDQUOT':
      return new UserError(`cannot write the ${what} to ${path}: the disk is full`, {
        exitCode: EXIT.diskFull,
        hint: 'free some space; finished work is stored, so `slant report <run>` or `slant run --resume` writes it again',
      });
    default:
      return err;
  }
}
