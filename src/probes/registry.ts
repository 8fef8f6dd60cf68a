import type { AnyProbe } from './manifest.js';
import { loadBuiltinProbes, loadedProbe, registeredProbeNames, unknownProbe, type ProbeByName, type ProbeName } from './manifests.js';
import type { Probe } from './types.js';

/**
 * The library's synchronous view of the probes: importing this module loads every built-in probe
 * (the pipeline and the CLI load only those they measure, through src/probes/load.ts).
 */
await loadBuiltinProbes();

export type { AnyProbe } from './manifest.js';
export { PROBE_NAMES } from './names.js';
export type { ProbeName, ProbeByName } from './manifests.js';

/** What `getProbe(name).measure` returns, e.g. `ProbeMeasurement<'framing'>`. */
export type ProbeMeasurement<N extends ProbeName> = ProbeByName[N] extends Probe<infer _R, infer M, infer _O> ? M : never;
/** A probe's parsed options, e.g. `ProbeOptions<'primacy'>`. */
export type ProbeOptions<N extends ProbeName> = ProbeByName[N] extends Probe<infer _R, infer _M, infer O> ? O : never;
/** A probe's validated record, e.g. `ProbeRecord<'certainty'>`. */
export type ProbeRecord<N extends ProbeName> = ProbeByName[N] extends Probe<infer R, infer _M, infer _O> ? R : never;

/** A probe by name: typed for a known name, `AnyProbe` for a string (unknown names are a UserError). */
export function getProbe<N extends ProbeName>(name: N): ProbeByName[N];
export function getProbe(name: string): AnyProbe;
export function getProbe(name: string): AnyProbe {
  const p = loadedProbe(name);
  if (!p) throw unknownProbe(name);
  return p;
}

/** Every probe known now: the built-in ones and those plugins registered. */
export function probeNames(): string[] {
  return registeredProbeNames();
}
