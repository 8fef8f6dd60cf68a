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
 * never creates one), or a PostgreSQL store (`postgres://…`).
 */
export async function openExistingStore(spec: string): Promise<RunStore> {
  if (!storeExists(spec)) throw new UserError(`no store at ${spec} yet; run \`slant demo\` or \`slant run\` first`);
  return openRunStore(spec);
}

/** Run `fn` on the store `--store` names, closing it afterwards. */
export async function withStore<T>(spec: string, fn: (store: RunStore) => Promise<T>): Promise<T> {
  const store = await openExistingStore(spec);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
