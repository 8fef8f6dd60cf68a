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

export const PROBE_NAMES = ['framing', 'primacy', 'position', 'wildframe', 'certainty', 'hallucination'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];

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

/** Validate a probe's options, with an error naming the probe and the bad key. */
export function parseProbeOptions(probe: AnyProbe, raw: unknown): Record<string, unknown> {
  const parsed = probe.optionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `  - probes.${probe.name}.options${i.path.length ? '.' + i.path.join('.') : ''}: ${i.message}`).join('\n');
    throw new UserError(`invalid options for probe "${probe.name}":\n${msg}`);
  }
  return parsed.data as Record<string, unknown>;
}
