import { z } from 'zod';
import { always } from '../applicability.js';
import { CallLog } from '../calls.js';
import { TABLE_A7, fillSlots } from '../prompts.js';
import type { Warning } from '../../models/types.js';
import type { Mitigation } from '../types.js';
import { cleanSummary } from '../../tasks/summarize.js';
import { splitIntoThirds } from '../../text/thirds.js';
import { truncateWords } from './split.js';

const options = z
  .object({
    /** total summary budget in tokens (default: the run's generation.maxTokens) */
    totalTokens: z.number().int().positive().optional(),
    /** beginning : middle : end shares (Table A5: 0.33 : 0.34 : 0.33) */
    ratio: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]).default([0.33, 0.34, 0.33]),
  })
  .strict();
type WeightedSummariesOptions = z.infer<typeof options>;

/** Per-part budgets: floor of each share, the rounding remainder to the middle part; their sum is the total. */
export function partBudgets(total: number, ratio: readonly [number, number, number]): [number, number, number] {
  const sum = ratio[0] + ratio[1] + ratio[2];
  const b = Math.floor((total * ratio[0]) / sum);
  const e = Math.floor((total * ratio[2]) / sum);
  return [b, total - b - e, e];
}

/**
 * Seed 000 §6.2 / Table A5: the document's beginning, middle and end thirds (words, as the
 * primacy probe splits them) are summarized separately within 33% / 34% / 33% of the summary
 * budget (Table A7 chunk prompt); the partials, in order, are the summary. Budgets are enforced
 * twice: as the call's maxTokens (model tokens, where the backend honours it) and by cutting each
 * partial to its budget in words (a word is at least one token, so this never cuts an answer the
 * backend already kept within budget; it bounds backends that ignore maxTokens). Each partial's
 * budget, words and reported output tokens are stored as a step.
 */
export const weightedSummaries: Mitigation<WeightedSummariesOptions> = {
  id: 'weighted-summaries',
  kind: 'chunk',
  title: 'Weighted Summaries',
  source: 'Alessa et al., §6.2, Tables A5 and A7 (inspired by Liu and Lapata, 2019)',
  tasks: ['summarize'],
  requires: [],
  optionsSchema: options,
  applicable: always,
  async run(ctx) {
    const log = new CallLog(ctx);
    const total = ctx.options.totalTokens ?? ctx.defaults.maxTokens;
    const budgets = partBudgets(total, ctx.options.ratio);
    const parts = splitIntoThirds(ctx.task.document(ctx.record));
    const names = ['beginning', 'middle', 'end'];
    const partials: string[] = [];
    const steps = [];
    const warnings: Warning[] = [];
    for (let i = 0; i < 3; i++) {
      const budget = budgets[i]!;
      if (!parts[i]) {
        steps.push({ name: `${names[i]} (empty part)`, data: { budget } });
        continue;
      }
      const res = await log.send(
        ctx.task.render(ctx.record, ctx.taskOptions, ctx.defaults, {
          document: parts[i]!,
          template: fillSlots(TABLE_A7.weightedChunk, { budget: String(budget) }),
          params: { maxTokens: budget },
        }),
      );
      const cut = truncateWords(cleanSummary(res.text), budget);
      partials.push(cut.text);
      if (cut.truncated) warnings.push({ type: 'other', message: `weighted-summaries: the ${names[i]} partial summary exceeded its budget of ${budget} and was cut to ${budget} words (the backend did not hold maxTokens)` });
      steps.push({
        name: `${names[i]} partial summary`,
        text: cut.text,
        data: { budget, words: cut.words, truncated: cut.truncated, ...(res.outputTokens !== undefined ? { outputTokens: res.outputTokens } : {}) },
      });
    }
    const output = partials.join(' ');
    return log.result({ output }, steps, { warnings });
  },
};
