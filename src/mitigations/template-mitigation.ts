import { z } from 'zod';
import { needsPromptReader } from './applicability.js';
import { readStatedText } from '../text/answer-reader.js';
import { CallLog } from './calls.js';
import type { Mitigation } from './types.js';
import type { RenderOverrides, TaskKind } from '../tasks/task.js';

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
  /** the answer must state its summary after FINAL_SUMMARY: (an answer without one is unreadable: recorded, counted, not measured) */
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
    // an answer read after FINAL_SUMMARY: needs this strategy's own reader, so it cannot lead a chain
    ...(def.expectsFinalSummary ? {} : { instruction: def.overrides }),
    async run(ctx) {
      const log = new CallLog(ctx);
      const text = await log.ask(def.overrides);
      if (def.expectsFinalSummary) {
        // the analysis before the marker is not the summary: without a stated summary there is nothing to measure
        const r = readStatedText(text, { marker: 'FINAL_SUMMARY:' });
        if ('unreadable' in r) throw log.invalid(`unreadable (${r.unreadable})`, text);
      }
      return log.finish(text, [{ name: 'raw answer', text }]);
    },
  };
}
