import { UserError } from '../core/errors.js';
import type { AnyProbe } from './manifest.js';
import { loadProbe as loadRegistered, type ProbeByName, type ProbeName } from './manifests.js';

/** A probe by name, loading its modules on first use: typed for a known name; unknown names are a UserError. */
export async function loadProbe<N extends ProbeName>(name: N): Promise<ProbeByName[N]>;
export async function loadProbe(name: string): Promise<AnyProbe>;
export async function loadProbe(name: string): Promise<AnyProbe> {
  return loadRegistered(name);
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
