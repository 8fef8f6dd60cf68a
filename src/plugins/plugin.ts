import type { JudgeManifest } from '../judges/judge-manifest.js';
import type { Mitigation } from '../mitigations/types.js';
import type { ProviderManifest } from '../models/provider-manifest.js';
import type { AnyProbe, ProbeManifest } from '../probes/manifest.js';

/**
 * What a plugin adds: probes, providers, judges and mitigations, each through the same definition
 * the built-in ones use (docs/extending.md). A probe may be given as its manifest (lazy parts) or
 * as the probe object itself.
 */
export interface SlantPlugin {
  /** shown in errors about the plugin (default: where it was loaded from) */
  name?: string;
  probes?: readonly (ProbeManifest | AnyProbe)[];
  providers?: readonly ProviderManifest[];
  judges?: readonly JudgeManifest[];
  // a mitigation's options type is its own; the registry treats them uniformly
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  mitigations?: readonly Mitigation<any>[];
}

/** Types a plugin (the identity at run time): `export default definePlugin({ probes: [...] })`. */
export function definePlugin(plugin: SlantPlugin): SlantPlugin {
  return plugin;
}
