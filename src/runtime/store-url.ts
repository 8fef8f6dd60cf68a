import { UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';

/** Whether a store setting names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(spec: string): boolean {
  return /^postgres(ql)?:\/\//i.test(spec);
}

/**
 * The URL as it may be shown (never a password: the URL must not hold one). A password in the URL
 * (or the config holding it) is refused: it would end up in configs, shell history and the run's
 * stored config; PGPASSWORD or a pgpass file (libpq's rules, read by the `pg` driver) carry it.
 */
export function checkedPostgresUrl(spec: string): { url: string; shown: string } {
  let u: URL;
  try {
    u = new URL(spec);
  } catch {
    throw new UserError(`not a valid PostgreSQL URL: ${redact(spec)}`, { hint: 'postgres://user@host:5432/database' });
  }
  if (u.password !== '') {
    throw new UserError(`the store URL holds a password (${u.protocol}//${u.username}:***@${u.host}${u.pathname}); slant never takes it from a URL or a config`, {
      hint: 'remove it from the URL and set PGPASSWORD, or put it in ~/.pgpass (PGPASSFILE)',
    });
  }
  return { url: spec, shown: `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}` };
}

