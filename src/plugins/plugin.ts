import type { JudgeManifest } from '../judges/judge-manifest.js';
import type { Mitigation } from '../mitigations/types.js';
import type { ProviderManifest } from '../models/provider-manifest.js';
import type { DatasetFormat } from '../probes/dataset-format.js';
import type { AnyProbe, ProbeManifest } from '../probes/manifest.js';

/**
 * What a plugin adds: probes, providers, judges, mitigations and dataset formats, each through the same definition
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
  /** input formats of its own (a probe may also bring formats in its manifest) */
  formats?: readonly DatasetFormat[];
}

/** Types a plugin (the identity at run time): `export default definePlugin({ probes: [...] })`. */
export function definePlugin(plugin: SlantPlugin): SlantPlugin {
  return plugin;
}
