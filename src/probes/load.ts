import { UserError } from '../core/errors.js';
import { PROBE_NAMES, type ProbeName } from './names.js';
import type { AnyProbe, ProbeByName } from './registry.js';

/**
 * The probes by name, each loaded when a plan first uses it: the pipeline and the CLI
 * load only the probes they measure. src/probes/registry.ts is the static map of all probes
 * (the library's synchronous `getProbe`); a test checks the two agree.
 */
const LOADERS: { [N in ProbeName]: () => Promise<ProbeByName[N]> } = {
  framing: async () => (await import('./framing/index.js')).framingProbe,
  primacy: async () => (await import('./primacy/index.js')).primacyProbe,
  position: async () => (await import('./position/index.js')).positionProbe,
  wildframe: async () => (await import('./wildframe/index.js')).wildframeProbe,
  certainty: async () => (await import('./certainty/index.js')).certaintyProbe,
  hallucination: async () => (await import('./hallucination/index.js')).hallucinationProbe,
};

const isProbeName = (name: string): name is ProbeName => (PROBE_NAMES as readonly string[]).includes(name);

/** A probe by name, loading its modules on first use: typed for a known name; unknown names are a UserError. */
export async function loadProbe<N extends ProbeName>(name: N): Promise<ProbeByName[N]>;
export async function loadProbe(name: string): Promise<AnyProbe>;
export async function loadProbe(name: string): Promise<AnyProbe> {
  if (!isProbeName(name)) throw new UserError(`unknown probe "${name}"; available: ${PROBE_NAMES.join(', ')}`);
  return LOADERS[name]();
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
