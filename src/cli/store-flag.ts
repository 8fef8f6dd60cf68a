import { existsSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { openRunStore } from '../runtime/open-store.js';
import type { RunStore } from '../runtime/run-store.js';
import { isPostgresUrl } from '../runtime/store-url.js';

/** The help text of a read command's `--store`: a SQLite file (the default) or a PostgreSQL URL. */
export const STORE_FLAG_HELP = 'SQLite store file, or postgres://user@host/db';

/** Whether `--store` names something that exists (a PostgreSQL URL is checked by connecting). */
export function storeExists(spec: string): boolean {
  return isPostgresUrl(spec) || existsSync(spec);
}

/**
 * Open the store a read command's `--store` names: a SQLite file that must already exist (reading
 * never creates one), or a PostgreSQL store (`postgres://…`). Opened read-only unless the
 * command writes (`cache clear`), so a store on a read-only mount can be read.
 */
export async function openExistingStore(spec: string, opts: { writes?: boolean } = {}): Promise<RunStore> {
  if (!storeExists(spec)) throw new UserError(`no store at ${spec} yet; run \`slant demo\` or \`slant run\` first`);
  return openRunStore(spec, { readOnly: opts.writes !== true });
}

/** Run `fn` on the store `--store` names, closing it afterwards (read-only unless `writes`). */
export async function withStore<T>(spec: string, fn: (store: RunStore) => Promise<T>, opts: { writes?: boolean } = {}): Promise<T> {
  const store = await openExistingStore(spec, opts);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
