import { UserError } from '../core/errors.js';
import { registerJudge } from '../judges/judges.js';
import type { Mitigation } from '../mitigations/types.js';
import { registerProvider } from '../models/providers.js';
import type { AnyProbe, ProbeManifest } from '../probes/manifest.js';
import { registerFormat, registerProbe } from '../probes/manifests.js';
import type { SlantPlugin } from './plugin.js';

/** A probe given as the probe object becomes a manifest whose parts are already loaded. */
function asManifest(p: ProbeManifest | AnyProbe): ProbeManifest {
  if (typeof (p as ProbeManifest).load === 'function') return p as ProbeManifest;
  const probe = p as AnyProbe;
  return { name: probe.name, load: async () => probe };
}

/**
 * Registers everything a plugin adds, in the registries the built-in ones live in, so a config,
 * the CLI and audit() use them like any other. `from` names the plugin in errors.
 */
export async function registerPlugin(plugin: SlantPlugin, from = plugin?.name ?? 'a plugin'): Promise<void> {
  if (plugin === null || typeof plugin !== 'object') throw new UserError(`${from}: a plugin is an object { probes?, providers?, judges?, mitigations?, formats? } (got ${plugin === null ? 'null' : typeof plugin})`);
  const known = new Set(['name', 'probes', 'providers', 'judges', 'mitigations', 'formats']);
  const stray = Object.keys(plugin).filter((k) => !known.has(k));
  if (stray.length > 0) throw new UserError(`${from}: unknown plugin key(s) ${stray.join(', ')}; a plugin has probes, providers, judges, mitigations and formats`);
  for (const key of ['probes', 'providers', 'judges', 'mitigations', 'formats'] as const) {
    if (plugin[key] !== undefined && !Array.isArray(plugin[key])) throw new UserError(`${from}: "${key}" must be a list`);
  }
  for (const p of plugin.providers ?? []) await registerProvider(p, from);
  for (const j of plugin.judges ?? []) registerJudge(j, from);
  if (plugin.mitigations?.length) {
    // the mitigation registry (every built-in mitigation) loads only for a plugin that adds one
    const { registerMitigation } = await import('../mitigations/registry.js');
    for (const m of plugin.mitigations) registerMitigation(m as Mitigation, from);
  }
  for (const p of plugin.probes ?? []) await registerProbe(asManifest(p), from);
  for (const f of plugin.formats ?? []) registerFormat(f, from);
}
