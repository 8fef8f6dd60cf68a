import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../core/errors.js';
import type { SlantPlugin } from './plugin.js';
import { registerPlugin } from './register.js';

/** Plugins already registered in this process, by resolved location (a config read twice registers once). */
const loaded = new Set<string>();

const isPath = (spec: string): boolean => spec.startsWith('.') || isAbsolute(spec);

/** Where a plugin named in slant.yaml lives: a path relative to the config's folder, or a package installed there. */
function locate(spec: string, baseDir: string, where: string): string {
  if (isPath(spec)) {
    const file = resolve(baseDir, spec);
    if (!existsSync(file)) throw new UserError(`${where}: plugin file not found: ${file}`);
    return file;
  }
  try {
    return createRequire(join(baseDir, 'package.json')).resolve(spec);
  } catch {
    throw new UserError(`${where}: plugin package "${spec}" is not installed where the config is (${baseDir})`, { hint: `npm install ${spec}, or give the plugin's file as a path starting with ./` });
  }
}

/**
 * Loads the plugins a config names (`plugins:`), each once per process, and registers what each
 * adds. A plugin module exports its plugin as the default export (or as `plugin`).
 */
export async function loadPlugins(specs: readonly string[] | undefined, baseDir: string, where = 'plugins'): Promise<void> {
  for (const [i, spec] of (specs ?? []).entries()) {
    const at = `${where}[${i}]`;
    if (typeof spec !== 'string' || spec.length === 0) throw new UserError(`${at}: expected a plugin file (./my-plugin.js) or package name`);
    const file = locate(spec, baseDir, at);
    if (loaded.has(file)) continue;
    let mod: { default?: unknown; plugin?: unknown };
    try {
      mod = (await import(pathToFileURL(file).href)) as typeof mod;
    } catch (err) {
      throw new UserError(`${at}: plugin "${spec}" failed to load: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
    const plugin = (mod.default ?? mod.plugin) as SlantPlugin | undefined;
    if (plugin === undefined) throw new UserError(`${at}: plugin "${spec}" exports no plugin (export default definePlugin({ ... }))`);
    await registerPlugin(plugin, `plugin "${spec}"`);
    loaded.add(file);
  }
}
