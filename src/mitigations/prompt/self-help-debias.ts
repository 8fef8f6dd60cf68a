import { z } from 'zod';
import { needsPromptReader } from '../applicability.js';
import { CallLog } from '../calls.js';
import { SLANT_SELF_CRITIQUE, TABLE_A7, fillSlots } from '../prompts.js';
import type { Mitigation } from '../types.js';
import { cleanSummary } from '../../tasks/summarize.js';

const options = z.object({ rewriteTokens: z.number().int().positive().default(300) }).strict();

/**
 * Seed 000 Table A5: draft → the model critiques its positional coverage → rewrite (Table A7's
 * rewrite prompt) with a 300-token budget. The critique exchange precedes the rewrite prompt in
 * the conversation, so the rewrite sees it. Three calls.
 */
export const selfHelpDebias: Mitigation<z.infer<typeof options>> = {
  id: 'self-help-debias',
  kind: 'prompt',
  title: 'Self-Help Debias',
  source: 'Alessa et al., Tables A5 and A7 (Echterhoff et al., 2024)',
  tasks: ['summarize'],
  requires: [],
  optionsSchema: options,
  applicable: (model) => needsPromptReader(model),
  async run(ctx) {
    const log = new CallLog(ctx);
    const draft = cleanSummary(await log.ask());
    const critiquePrompt = fillSlots(SLANT_SELF_CRITIQUE, { draft });
    const critique = (await log.ask({ template: critiquePrompt })).trim();
    const document = ctx.task.document(ctx.record);
    const final = await log.ask({
      template: fillSlots(TABLE_A7.selfHelpRewrite, { draft }),
      prefix: [
        { role: 'user', content: critiquePrompt.split('{{document}}').join(document) },
        { role: 'assistant', content: critique },
      ],
      params: { maxTokens: ctx.options.rewriteTokens },
    });
    return log.finish(final, [
      { name: 'draft', text: draft },
      { name: 'self-critique', text: critique },
      { name: 'rewrite', text: final, data: { maxTokens: ctx.options.rewriteTokens } },
    ]);
  },
};
