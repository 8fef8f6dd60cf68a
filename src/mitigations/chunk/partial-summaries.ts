import { z } from 'zod';
import { always } from '../applicability.js';
import { CallLog } from '../calls.js';
import { TABLE_A7 } from '../prompts.js';
import type { Mitigation } from '../types.js';
import { cleanSummary } from '../../tasks/summarize.js';
import { equalWordChunks } from './split.js';

/**
 * Seed 000 Table A5: split the document into equal chunks of ⌊|D|/3⌋ words, summarize each with
 * the task's own prompt and decoding, then merge with Table A7's merge prompt (four calls).
 * Applicable to built-in extractive models too: they summarize each chunk and the joined partials.
 */
export const partialSummaries: Mitigation = {
  id: 'partial-summaries',
  kind: 'chunk',
  title: 'Partial Summaries Ensemble',
  source: 'Alessa et al., Tables A5 and A7 (Ou and Lapata, 2025)',
  tasks: ['summarize'],
  requires: [],
  optionsSchema: z.object({}).strict(),
  applicable: always,
  async run(ctx) {
    const log = new CallLog(ctx);
    const chunks = equalWordChunks(ctx.task.document(ctx.record));
    const partials: string[] = [];
    for (const chunk of chunks) partials.push(cleanSummary(await log.ask({ document: chunk })));
    const final = await log.ask({ template: TABLE_A7.partialMerge, document: partials.join('\n') });
    return log.finish(final, [
      ...chunks.map((c, i) => ({ name: `chunk ${i + 1}`, text: c })),
      ...partials.map((p, i) => ({ name: `partial summary ${i + 1}`, text: p })),
      { name: 'merged', text: final },
    ]);
  },
};
