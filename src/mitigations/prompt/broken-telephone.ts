import { z } from 'zod';
import { needsPromptReader } from '../applicability.js';
import { CallLog } from '../calls.js';
import type { Mitigation, MitigationStep } from '../types.js';
import type { RenderOverrides } from '../../tasks/task.js';

const options = z
  .object({
    turns: z.number().int().min(2).max(50).default(5),
    /** a C.2 intervention in every turn's instruction (Figure 29 runs the telephone with them) */
    intervention: z.enum(['none', 'preserve-semantics', 'do-not-hallucinate', 'preserve-certainty']).default('none'),
    /** every turn's decoding: the task's top-p, or greedy (T = 0) */
    decoding: z.enum(['top-p', 'greedy']).default('top-p'),
  })
  .strict();

/**
 * Seed 004 §4.3 (Figure 4, Figure 29): the broken telephone. Not a mitigation but a study run as
 * a condition of `slant run`, so that it is stored, resumed and reported like any run: turn t
 * rewrites turn t − 1's output with the cell's rewriting task (turn 1 rewrites the source). The
 * fields carry the last turn as `rewrite` and every turn in `turns`; the certainty probe judges
 * each turn against the original. T calls. Options: `turns`, and the C.2 `intervention` and the
 * `decoding` every turn uses (`slant certainty telephone` sets them). Left out of `mitigations: all`
 * (it is not a mitigation).
 */
export const brokenTelephone: Mitigation<z.infer<typeof options>> = {
  id: 'broken-telephone',
  kind: 'prompt',
  title: 'Broken telephone (T turns)',
  source: 'Belem et al., §4.3, Figures 4 and 29',
  tasks: ['certainty-rewrite'],
  requires: [],
  optionsSchema: options,
  applicable: (model) => needsPromptReader(model),
  async run(ctx) {
    const log = new CallLog(ctx);
    const turns: string[] = [];
    const steps: MitigationStep[] = [];
    let text = String(ctx.record.fields.original ?? '');
    // with the defaults, turn 1 is the baseline's own request (served once by the request cache)
    const overrides: RenderOverrides = {
      ...(ctx.options.intervention !== 'none' ? { variant: ctx.options.intervention } : {}),
      ...(ctx.options.decoding === 'greedy' ? { params: { temperature: 0, topP: undefined } } : {}),
    };
    for (let t = 1; t <= ctx.options.turns; t++) {
      const record = { id: ctx.record.id, fields: { ...ctx.record.fields, original: text } };
      const answer = await log.ask(Object.keys(overrides).length > 0 ? overrides : undefined, record);
      const parsed = ctx.task.parse(answer, record, ctx.taskOptions);
      text = String(parsed.fields.rewrite ?? '');
      turns.push(text);
      steps.push({ name: `turn ${t}`, text });
      if (text === '') break;
    }
    return log.result({ rewrite: text, turns }, steps);
  },
};
