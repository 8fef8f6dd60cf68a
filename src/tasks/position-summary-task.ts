import type { GenerateRequest } from '../models/types.js';
import type { Task } from './task.js';
import {
  DATASET_SENTENCES,
  MODEL_STYLE,
  PAPER_PROMPTS,
  enforceSentenceCount,
  parseSummaryItems,
  positionTemplate,
  recordSeed,
  renderTemplate,
  rolePlayMessages,
  type PaperModel,
  type PositionDataset,
  type PromptStyle,
} from './position-prompts.js';

export interface PositionSummaryTaskOptions {
  preset?: { model: PaperModel; dataset: PositionDataset };
  style: PromptStyle;
  sentences: number;
  /** deprecated: use the `role-play` mitigation */
  rolePlay: boolean;
  seed: number;
}

function settings(o: PositionSummaryTaskOptions): { n: number; template: string; style: PromptStyle } {
  const n = o.preset ? DATASET_SENTENCES[o.preset.dataset] : o.sentences;
  const template = o.preset ? PAPER_PROMPTS[o.preset.model][o.preset.dataset] : positionTemplate(o.style, n);
  return { n, template, style: o.preset ? MODEL_STYLE[o.preset.model] : o.style };
}

/**
 * Chhabra et al.'s summary task (seed 003, Appendix F.3 prompts): a list of N sentences, parsed
 * into items and sampled down to N with a per-record seed.
 */
export const positionSummaryTask: Task<PositionSummaryTaskOptions> = {
  kind: 'position-summary',
  document: (record) => String(record.fields.source),
  render(record, options, defaults, overrides = {}) {
    const article = overrides.document ?? String(record.fields.source);
    const prompt = renderTemplate(overrides.template ?? settings(options).template, article);
    const messages = options.rolePlay ? rolePlayMessages(prompt) : [{ role: 'user' as const, content: prompt }];
    const req: GenerateRequest = {
      messages: [...(overrides.prefix ?? []), ...messages],
      task: { kind: 'summarize', input: article, recordId: record.id },
      params: { temperature: defaults.temperature, maxTokens: defaults.maxTokens, seed: defaults.seed, ...overrides.params },
    };
    return req;
  },
  parse(text, record, options) {
    const { n, style } = settings(options);
    const parsed = parseSummaryItems(text);
    const enforced = enforceSentenceCount(parsed.sentences, n, recordSeed(options.seed, record.id));
    const followed = enforced.written === n && (style === 'plain' || parsed.list);
    const warnings = followed
      ? []
      : [{ type: 'other' as const, message: `record ${record.id}: the summary did not follow the requested list format or sentence count (${enforced.written} written${enforced.sampled ? ', sampled down' : ''})` }];
    return { fields: { output: enforced.sentences }, warnings };
  },
};
