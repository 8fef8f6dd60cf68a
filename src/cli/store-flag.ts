import { existsSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { openRunStore } from '../runtime/open-store.js';
import { WORKSPACE_CONFIG, workspaceLocations } from './workspace-config.js';
import type { RunStore } from '../runtime/run-store.js';
import { isPostgresUrl } from '../runtime/store-url.js';

/** The help text of a read command's `--store`: a SQLite file (the default) or a PostgreSQL URL. */
export const STORE_FLAG_HELP = "SQLite store file, or postgres://user@host/db (default: store: in ./slant.yaml, else .slant/slant.db)";
/** The help text of a read command's `--reports`. */
export const REPORTS_FLAG_HELP = 'reports folder (default: reports: in ./slant.yaml, else .slant/reports)';

/** Whether `--store` names something that exists (a PostgreSQL URL is checked by connecting). */
export function storeExists(spec: string): boolean {
  return isPostgresUrl(spec) || existsSync(spec);
}

/**
 * Open the store a read command's `--store` names (without one, `store:` of ./slant.yaml, else the
 * default): a SQLite file that must already exist (reading
 * never creates one), or a PostgreSQL store (`postgres://…`). Opened read-only unless the
 * command writes (`cache clear`), so a store on a read-only mount can be read.
 */
export async function openExistingStore(flag: string | undefined, opts: { writes?: boolean } = {}): Promise<RunStore> {
  const spec = (await workspaceLocations({ store: flag })).store;
  const from = flag === undefined && existsSync(WORKSPACE_CONFIG) ? ` (store: in ./${WORKSPACE_CONFIG})` : '';
  if (!storeExists(spec)) throw new UserError(`no store at ${spec}${from} yet; run \`slant demo\` or \`slant run\` first, or name one with --store`);
  return openRunStore(spec, { readOnly: opts.writes !== true });
}

/** Run `fn` on the store `--store` names, closing it afterwards (read-only unless `writes`). */
export async function withStore<T>(spec: string | undefined, fn: (store: RunStore) => Promise<T>, opts: { writes?: boolean } = {}): Promise<T> {
  const store = await openExistingStore(spec, opts);
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
