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

const PROBES: Record<ProbeName, AnyProbe> = {
  framing: framingProbe,
  primacy: primacyProbe,
  position: positionProbe,
  wildframe: wildframeProbe,
  certainty: certaintyProbe,
  hallucination: hallucinationProbe,
};

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
