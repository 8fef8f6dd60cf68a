import type { GenerateRequest } from '../models/types.js';
import type { Task } from './task.js';
import { DECODING_PRESETS, renderCertaintyTask, type CertaintyIntervention, type CertaintyTask, type DecodingPreset } from './certainty-prompts.js';

export interface CertaintyRewriteTaskOptions {
  task: CertaintyTask;
  /** deprecated: use the preserve-semantics / do-not-hallucinate / preserve-certainty mitigations */
  intervention: CertaintyIntervention;
  decoding: DecodingPreset;
}

/**
 * Belem et al.'s rewriting task (seed 004, Figures 16–23) of `original` into `rewrite`, with the
 * decoding preset of §4.1/§4.2 and the run's seed. `overrides.variant` names a C.2 intervention
 * (the mitigations of the certainty task use it).
 */
export const certaintyRewriteTask: Task<CertaintyRewriteTaskOptions> = {
  kind: 'certainty-rewrite',
  document: (record) => String(record.fields.original),
  render(record, options, defaults, overrides = {}) {
    const text = overrides.document ?? String(record.fields.original);
    const intervention = (overrides.variant as CertaintyIntervention | undefined) ?? options.intervention;
    const params = { ...DECODING_PRESETS[options.decoding], seed: defaults.seed, ...overrides.params };
    const req: GenerateRequest = {
      messages: [...(overrides.prefix ?? []), ...renderCertaintyTask(options.task, text, intervention)],
      params,
      task: { kind: options.task, input: text },
    };
    return req;
  },
  parse: (text) => ({ fields: { rewrite: text.trim() }, warnings: [] }),
};
