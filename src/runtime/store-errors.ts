import Database from 'better-sqlite3';
import { EXIT, UserError } from '../core/errors.js';

/** SQLite result codes (better-sqlite3's SqliteError.code) that a user can act on. */
const LOCKED = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED']);
const CORRUPT = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_VTAB']);
const FULL = new Set(['SQLITE_FULL', 'SQLITE_IOERR_WRITE']);
const READONLY = new Set(['SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_AUTH']);

export function sqliteCode(err: unknown): string | undefined {
  return err instanceof Database.SqliteError ? err.code : undefined;
}

export function isStoreFull(err: unknown): boolean {
  const code = sqliteCode(err);
  return code !== undefined && FULL.has(code);
}

/**
 * A store failure a user can act on, as a UserError that says what happened and what to do
 * (locked: exit 2; damaged: exit 2; disk full: exit 4, finished work kept); undefined for
 * anything else (a bug).
 */
export function storeProblem(err: unknown, path: string, opts: { lockTimeoutMs?: number; runId?: string } = {}): UserError | undefined {
  if (err instanceof UserError) return err;
  const code = sqliteCode(err);
  if (code === undefined) return undefined;
  const resume = opts.runId ? `slant run --resume ${opts.runId}` : 'slant run --resume';
  if (LOCKED.has(code)) {
    const waited = opts.lockTimeoutMs !== undefined ? ` (waited ${Math.round(opts.lockTimeoutMs / 1000)} s)` : '';
    return new UserError(`the run store ${path} is locked by another program${waited}`, {
      exitCode: EXIT.usage,
      cause: err,
      hint: `close whatever holds it (an open sqlite3 shell or DB browser with a transaction, a backup tool), then run again; finished work is stored (\`${resume}\`). SLANT_STORE_LOCK_TIMEOUT_MS sets how long slant waits`,
    });
  }
  if (CORRUPT.has(code)) {
    return new UserError(`the run store ${path} is damaged (${(err as Error).message})`, {
      exitCode: EXIT.usage,
      cause: err,
      hint: `move it aside and start a new one (\`mv ${path} ${path}.broken\`); \`sqlite3 ${path}.broken .recover | sqlite3 ${path}\` can save what is readable`,
    });
  }
  if (FULL.has(code)) {
    return new UserError(`the disk holding the run store ${path} is full (${(err as Error).message}); the run stopped and every answer received was stored`, {
      exitCode: EXIT.diskFull,
      cause: err,
      hint: `free some space, then continue with \`${resume}\` (nothing stored is asked again)`,
    });
  }
  if (READONLY.has(code)) {
    return new UserError(`cannot write the run store ${path} (${(err as Error).message})`, { exitCode: EXIT.usage, cause: err, hint: 'check the permissions of the file and its folder, or point --store elsewhere' });
  }
  return undefined;
}
