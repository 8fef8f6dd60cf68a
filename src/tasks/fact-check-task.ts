import type { GenerateParams, GenerateRequest } from '../models/types.js';
import type { Task } from './task.js';
import { FACTCHECK_PROMPTS, renderFactcheckPrompt, type FactcheckStrategy } from './factcheck-prompts.js';

export interface FactCheckTaskOptions {
  /** deprecated: use the prompt-calibration / knowledge-boundary-awareness / epistemic-tagging mitigations */
  strategy: FactcheckStrategy;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

/**
 * Seed 000 A.2: "temperature=0.01, do_sample=False, and max_new_tokens=500 … with a fixed random
 * seed". With do_sample=False Transformers decodes greedily (the temperature is not used), so
 * slant sends temperature 0; the seed is the paper's usual 42.
 */
const FACT_CHECK_DECODING = { temperature: 0, maxTokens: 500, seed: 42 } as const;

/** The decoding of a fact-check request: A.2's, with the probe's own settings, then a mitigation's overrides. */
export function factCheckParams(options: { temperature?: number; maxTokens?: number; seed?: number }, overrides?: GenerateParams): GenerateParams {
  return {
    temperature: options.temperature ?? FACT_CHECK_DECODING.temperature,
    maxTokens: options.maxTokens ?? FACT_CHECK_DECODING.maxTokens,
    seed: options.seed ?? FACT_CHECK_DECODING.seed,
    ...overrides,
  };
}

/**
 * Seed 000's fact-check of one statement (Table A7 prompts): record fields `statement` and
 * `cutoff` (YYYY-MM[-DD], for prompts with {knowledge_cutoff}); the answer is kept raw in
 * `answer` and read by the hallucination probe's verdict parser. `overrides.variant` names a
 * Table A7 strategy. Decoding: A.2's (FACT_CHECK_DECODING) unless the probe's options say otherwise.
 */
export const factCheckTask: Task<FactCheckTaskOptions> = {
  kind: 'fact-check',
  document: (record) => String(record.fields.statement),
  render(record, options, _defaults, overrides = {}) {
    const statement = overrides.document ?? String(record.fields.statement);
    const strategy = (overrides.variant as FactcheckStrategy | undefined) ?? options.strategy;
    if (!(strategy in FACTCHECK_PROMPTS)) throw new Error(`fact-check task: unknown strategy "${strategy}"`);
    const cutoff = typeof record.fields.cutoff === 'string' ? record.fields.cutoff : undefined;
    const req: GenerateRequest = {
      messages: [...(overrides.prefix ?? []), ...renderFactcheckPrompt(strategy, statement, cutoff)],
      params: factCheckParams(options, overrides.params),
      task: { kind: 'fact-check', input: statement, recordId: record.id },
    };
    return req;
  },
  parse: (text) => ({ fields: { answer: text }, warnings: [] }),
};
