import { resolve } from 'node:path';
import { importOptional } from '../core/optional-package.js';
import { isPostgresUrl } from './store-url.js';
import type { RunStore } from './run-store.js';
import { sqliteRunStore } from './sqlite-run-store.js';
import { Store } from './store.js';

/**
 * Open the run store a `--store` flag or the config's `store:` names: a `postgres://` URL opens the
 * shared PostgreSQL store (the `pg` driver is loaded only then), anything else is a SQLite file,
 * the embedded default (nothing to install). `readOnly` (SQLite) writes nothing, for the commands
 * that only read: a store on a read-only mount opens.
 */
export async function openRunStore(spec: string, opts: { baseDir?: string; readOnly?: boolean } = {}): Promise<RunStore> {
  if (isPostgresUrl(spec)) {
    const { PgStore } = await importOptional('postgres', () => import('./pg-store.js'));
    return PgStore.open(spec);
  }
  return sqliteRunStore(Store.open(spec === ':memory:' ? spec : resolve(opts.baseDir ?? '.', spec), { readOnly: opts.readOnly === true }));
}
