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
  const resume = opts.runId ? `slant run --resume ${opts.runId}` : 'slant run --resume';
  const missing = missingTable(err);
  if (missing !== undefined) {
    return new UserError(`the run store ${path} is missing ${missing} (${(err as Error).message}): another program changed it, or it is not a slant store`, {
      exitCode: EXIT.usage,
      cause: err,
      hint: 'point --store at another file or database (a new one is created with every table), or restore this one from a backup',
    });
  }
  if (postgresGone(err, /^postgres(ql)?:/.test(path))) {
    return new UserError(`the PostgreSQL run store ${path} went away (${(err as Error).message}); the run stopped and every answer stored before is kept`, {
      exitCode: EXIT.provider,
      cause: err,
      hint: `when PostgreSQL is back, continue with \`${resume}\` (nothing stored is asked again)`,
    });
  }
  const code = sqliteCode(err);
  if (code === undefined) return undefined;
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

/** "a table", named when the database names it: SQLite "no such table: x", PostgreSQL 42P01 / 42703. */
function missingTable(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as { code?: unknown }).code;
  const sqlite = /^no such (table|column): (\S+)/.exec(err.message);
  if (sqlite !== null && (code === 'SQLITE_ERROR' || code === undefined)) return `the ${sqlite[1]} ${sqlite[2]}`;
  if (code === '42P01' || code === '42703') {
    const name = /(?:relation|column) "([^"]+)"/.exec(err.message)?.[1];
    return `the ${code === '42P01' ? 'table' : 'column'} ${name ?? '(unnamed)'}`;
  }
  return undefined;
}

/** Node socket errors of a connection to the database server. */
const SOCKET_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * The PostgreSQL server went away mid-run: the `pg` driver's "Connection terminated unexpectedly"
 * (and "Connection terminated" for a pooled client), SQLSTATE class 08 (connection exception) or
 * 57P01-57P03 (the server shut down or is starting), or (`socketsToo`, for a PostgreSQL store) the
 * socket refused / reset on reconnecting.
 */
export function postgresGone(err: unknown, socketsToo: boolean): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03')) return true;
  if (/^Connection terminated( unexpectedly| due to connection timeout)?$|^Client has encountered a connection error and is not queryable$/.test(err.message)) return true;
  // a refused or reset socket is the database's only when the store is PostgreSQL (a SQLite run's could be anything's)
  return socketsToo && typeof code === 'string' && SOCKET_GONE.has(code) && typeof (err as { syscall?: unknown }).syscall === 'string';
}
