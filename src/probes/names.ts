/**
 * The probe names, without loading the probes (config schemas and `--help` texts need only these).
 * src/probes/registry.ts maps each to its probe; a test checks the two agree.
 */
export const PROBE_NAMES = ['framing', 'primacy', 'position', 'wildframe', 'certainty', 'hallucination'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];
