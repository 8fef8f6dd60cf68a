import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { DEFAULT_STORE_PATH } from '../runtime/store.js';
import { isPostgresUrl } from '../runtime/store-url.js';
import type { SlantConfig } from '../config/schema.js';

/** The config a command reads when none is named: ./slant.yaml, as `slant run` and `slant init` use. */
export const WORKSPACE_CONFIG = 'slant.yaml';
const DEFAULT_REPORTS = '.slant/reports';

/**
 * A config file read with its plugins (config/load.ts). The parser (yaml, ~40 ms of CPU to load)
 * is loaded only when there is a file to read: `slant measure` without a slant.yaml never loads it.
 */
export async function loadConfig(path: string): Promise<SlantConfig> {
  return (await import('../config/load.js')).loadConfigWithPlugins(path);
}

/** A store setting as a location: a PostgreSQL URL as it is, a SQLite file relative to `baseDir`. */
export function storeLocation(baseDir: string, store: string): string {
  return isPostgresUrl(store) ? store : resolve(baseDir, store);
}

/** The store a config names (relative to the config's folder), or the default when there is no config file. */
export async function configuredStore(configPath: string): Promise<string> {
  if (!existsSync(configPath)) return DEFAULT_STORE_PATH;
  return storeLocation(dirname(resolve(configPath)), (await loadConfig(configPath)).store);
}

/**
 * Where a reading command (`runs`, `view`, `report`, `compare`, `cache`) finds the store and the
 * reports when no flag names them: `store:` and `reports:` of ./slant.yaml (relative to it), so the
 * commands read what `slant run` wrote there; without a slant.yaml, the defaults. A flag always
 * wins. A slant.yaml that cannot be read is an error that says so (a silent fallback to the default
 * store would show "no runs" for runs that exist).
 */
export async function workspaceLocations(flags: { store?: string; reports?: string }): Promise<{ store: string; reports: string }> {
  if (flags.store !== undefined && flags.reports !== undefined) return { store: flags.store, reports: flags.reports };
  if (!existsSync(WORKSPACE_CONFIG)) return { store: flags.store ?? DEFAULT_STORE_PATH, reports: flags.reports ?? DEFAULT_REPORTS };
  let config;
  try {
    // its plugins too: the report and the viewer then show a plugin probe's results as it presents them
    config = await loadConfig(WORKSPACE_CONFIG);
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    throw new UserError(err.message, { exitCode: err.exitCode, hint: `this command reads store: and reports: from ./${WORKSPACE_CONFIG} when --store/--reports are not given; fix the file, or pass --store (and --reports)` });
  }
  const base = dirname(resolve(WORKSPACE_CONFIG));
  return { store: flags.store ?? storeLocation(base, config.store), reports: flags.reports ?? resolve(base, config.reports) };
}
