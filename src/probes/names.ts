/**
 * The probe names, without loading the probes (config schemas and `--help` texts need only these).
 * src/probes/registry.ts (all probes, loaded together) and src/probes/load.ts (each on first use) map
 * each to its probe; a test checks they agree.
 */
export const PROBE_NAMES = ['framing', 'primacy', 'position', 'wildframe', 'certainty', 'hallucination'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];
