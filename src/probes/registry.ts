import { UserError } from '../core/errors.js';
import { framingProbe } from './framing/index.js';
import { primacyProbe } from './primacy/index.js';
import { positionProbe } from './position/index.js';
import { wildframeProbe } from './wildframe/index.js';
import { certaintyProbe } from './certainty/index.js';
import { hallucinationProbe } from './hallucination/index.js';
import type { Probe } from './types.js';

// Probes are heterogeneous in record, measurement and option types; the runner treats them uniformly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProbe = Probe<any, any, any>;

import type { ProbeName } from './names.js';
export { PROBE_NAMES, type ProbeName } from './names.js';

const PROBES = {
  framing: framingProbe,
  primacy: primacyProbe,
  position: positionProbe,
  wildframe: wildframeProbe,
  certainty: certaintyProbe,
  hallucination: hallucinationProbe,
} as const satisfies Record<ProbeName, AnyProbe>;

/** The probes by name, each with its own record, measurement and options types. */
export type ProbeByName = typeof PROBES;
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
  const p = (PROBES as Record<string, AnyProbe | undefined>)[name];
  if (!p) throw new UserError(`unknown probe "${name}"; available: ${Object.keys(PROBES).join(', ')}`);
  return p;
}

export function probeNames(): string[] {
  return Object.keys(PROBES);
}

export { parseProbeOptions } from './load.js';
