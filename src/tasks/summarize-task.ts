import type { GenerateRequest } from '../models/types.js';
import type { Task } from './task.js';
import { cleanSummary, renderSummarizePrompt } from './summarize.js';

interface SummarizeTaskOptions {
  /** the resolved generation.prompt template, containing {{document}} */
  template: string;
}

/** Seed 000's summarization of `source` into `output` (Appendix A.2 decoding: the run's defaults). */
export const summarizeTask: Task<SummarizeTaskOptions> = {
  kind: 'summarize',
  document: (record) => String(record.fields.source),
  render(record, options, defaults, overrides = {}) {
    const document = overrides.document ?? String(record.fields.source);
    const req: GenerateRequest = {
      messages: [...(overrides.prefix ?? []), ...renderSummarizePrompt(overrides.template ?? options.template, document)],
      params: { temperature: defaults.temperature, maxTokens: defaults.maxTokens, seed: defaults.seed, ...overrides.params },
      task: { kind: 'summarize', input: document, recordId: record.id },
    };
    return req;
  },
  parse(text) {
    return { fields: { output: cleanSummary(text) }, warnings: [] };
  },
};
