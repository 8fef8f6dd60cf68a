import type { GenerateRequest } from '../models/types.js';
import type { Task } from '../mitigations/types.js';
import { questionParams } from './question-params.js';
import { FACTCHECK_PROMPTS, renderFactcheckPrompt, type FactcheckStrategy } from './factcheck-prompts.js';

export interface FactCheckTaskOptions {
  /** deprecated: use the prompt-calibration / knowledge-boundary-awareness / epistemic-tagging mitigations */
  strategy: FactcheckStrategy;
  temperature?: number;
  maxTokens?: number;
}

/**
 * Seed 000's fact-check of one statement (Table A7 prompts): record fields `statement` and
 * `cutoff` (YYYY-MM[-DD], for prompts with {knowledge_cutoff}); the answer is kept raw in
 * `answer` and read by the hallucination probe's verdict parser. `overrides.variant` names a
 * Table A7 strategy. Decoding: only the probe's own temperature/maxTokens (as before issue 12).
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
      params: questionParams(options, overrides.params),
      task: { kind: 'fact-check', input: statement, recordId: record.id },
    };
    return req;
  },
  parse: (text) => ({ fields: { answer: text }, warnings: [] }),
};
