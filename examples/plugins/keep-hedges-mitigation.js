/**
 * A mitigation against hedging removal: the summarizing instruction with one sentence added, asking
 * the model to keep every hedge and qualifier. One call, like the baseline; it wraps the summarize
 * task only (the hedging, framing and primacy probes' outputs), and needs a model that reads prompts.
 */
import { CallLog, definePlugin, z } from 'slant';

export const KEEP_HEDGES_TEMPLATE =
  'Summarize the following text. Keep every hedge and qualifier of the original (may, might, suggests, approximately, ...): do not state a tentative finding as a fact.\n\n{{document}}';

export default definePlugin({
  mitigations: [
    {
      id: 'keep-hedges',
      kind: 'prompt',
      title: 'Keep the hedges (instruction)',
      source: 'examples/plugins',
      tasks: ['summarize'],
      requires: [],
      optionsSchema: z.object({}).strict(),
      applicable: (model) =>
        model.provider === 'builtin' || model.provider === 'replay'
          ? { ok: false, reason: `${model.id} does not read prompts, so an instruction would silently equal the baseline` }
          : { ok: true },
      // only another instruction: it can come first in a chain, e.g. { chain: [keep-hedges, mirostat] }
      instruction: { template: KEEP_HEDGES_TEMPLATE },
      async run(ctx) {
        const log = new CallLog(ctx);
        const text = await log.ask({ template: KEEP_HEDGES_TEMPLATE });
        return log.finish(text, [{ name: 'raw answer', text }]);
      },
    },
  ],
});
