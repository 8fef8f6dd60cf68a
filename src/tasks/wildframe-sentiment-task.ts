import type { GenerateRequest } from '../models/types.js';
import type { Task } from './task.js';
import { questionParams } from './question-params.js';
import { renderWildframeEvalPrompt, resolveWildframeEvalPrompt } from './wildframe-prompts.js';

export interface WildframeSentimentTaskOptions {
  /** a preset (paper, with-neutral) or a template with {{sentence}} */
  prompt: string;
  temperature?: number;
  maxTokens?: number;
}

/** WildFrame's sentiment question about one (framed) statement, record field `sentence`; the raw answer in `answer`. */
export const wildframeSentimentTask: Task<WildframeSentimentTaskOptions> = {
  kind: 'wildframe-sentiment',
  document: (record) => String(record.fields.sentence),
  render(record, options, _defaults, overrides = {}) {
    const sentence = overrides.document ?? String(record.fields.sentence);
    const prompt = resolveWildframeEvalPrompt(overrides.template ?? options.prompt);
    const req: GenerateRequest = {
      messages: [...(overrides.prefix ?? []), ...renderWildframeEvalPrompt(prompt, sentence)],
      params: questionParams(options, overrides.params),
      task: { kind: 'classify-sentiment', input: sentence, recordId: record.id },
    };
    return req;
  },
  parse: (text) => ({ fields: { answer: text }, warnings: [] }),
};
