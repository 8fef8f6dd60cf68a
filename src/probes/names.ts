import { BUILTIN_PROBES, registeredProbeNames, type ProbeName } from './manifests.js';

/** The built-in probe names, without loading the probes (config schemas and `--help` texts need only these). */
export const PROBE_NAMES: readonly ProbeName[] = BUILTIN_PROBES.map((m) => m.name);
export type { ProbeName } from './manifests.js';

/** Whether a probe of this name is known now (built in, or registered by a plugin). */
export const isKnownProbe = (name: string): boolean => registeredProbeNames().includes(name);
