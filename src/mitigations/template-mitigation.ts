import { z } from 'zod';
import { needsPromptReader } from './applicability.js';
import { CallLog } from './calls.js';
import type { Mitigation, RenderOverrides, TaskKind } from './types.js';

/**
 * A mitigation that is the task with another instruction: a {{document}} template (summarize) or a
 * named variant of the task's own instruction (fact-check strategies, certainty interventions).
 * One call, like the baseline.
 */
export function instructionMitigation(def: {
  id: string;
  title: string;
  source: string;
  task: TaskKind;
  overrides: RenderOverrides;
  /** the answer must carry FINAL_SUMMARY: (a warning otherwise; the whole answer is used) */
  expectsFinalSummary?: boolean;
}): Mitigation {
  return {
    id: def.id,
    kind: 'prompt',
    title: def.title,
    source: def.source,
    tasks: [def.task],
    requires: [],
    optionsSchema: z.object({}).strict(),
    applicable: (model) => needsPromptReader(model),
    async run(ctx) {
      const log = new CallLog(ctx);
      const text = await log.ask(def.overrides);
      const warnings = def.expectsFinalSummary && !text.includes('FINAL_SUMMARY:')
        ? [{ type: 'other' as const, message: `record ${ctx.record.id}: ${def.id}: the answer has no FINAL_SUMMARY: marker; the whole answer is the summary` }]
        : [];
      return log.finish(text, [{ name: 'raw answer', text }], { warnings });
    },
  };
}
