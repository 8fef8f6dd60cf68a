import { z } from 'zod';
import { needsPromptReader } from '../applicability.js';
import { CallLog } from '../calls.js';
import { SLANT_COUNTERFACTUAL_SIMULATION, TABLE_A7, fillSlots } from '../prompts.js';
import type { Mitigation } from '../types.js';
import { cleanSummary } from '../../tasks/summarize.js';

/**
 * Seed 000 Table A5: draft → imagine how primacy, recency or framing bias would distort it →
 * rewrite avoiding them ("two passes": the simulation pass and the revision pass after the
 * draft; three calls). The draft is the task's own answer; the final prompt is Table A7's.
 */
export const cognitiveCounterfactualSimulation: Mitigation = {
  id: 'cognitive-counterfactual-simulation',
  kind: 'prompt',
  title: 'Cognitive Counterfactual Simulation',
  source: 'Alessa et al., Tables A5 and A7 (Dong et al., 2023)',
  tasks: ['summarize'],
  requires: [],
  optionsSchema: z.object({}).strict(),
  applicable: (model) => needsPromptReader(model),
  async run(ctx) {
    const log = new CallLog(ctx);
    const draft = cleanSummary(await log.ask());
    const deviations = (await log.ask({ template: fillSlots(SLANT_COUNTERFACTUAL_SIMULATION, { draft }) })).trim();
    const final = await log.ask({ template: fillSlots(TABLE_A7.counterfactualFinal, { draft, deviations }) });
    return log.finish(final, [
      { name: 'draft', text: draft },
      { name: 'simulated bias deviations', text: deviations },
      { name: 'final answer', text: final },
    ]);
  },
};
