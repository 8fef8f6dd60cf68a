/**
 * The certainty probe's human labelling (seed 004's pairwise study): study items from a run's
 * rewrites with its judge's answers, and which judge a study column is.
 */
import { UserError } from '../../core/errors.js';
import type { AnnotationCode, JudgeIdentity } from '../annotation.js';

const MODEL_ID = /^[a-z][a-z0-9-]*:/;

export const certaintyAnnotation: AnnotationCode = {
  // one item per model and record: the source text and the model's rewrite, with the run's judge answer
  fromRun(ctx) {
    const generated = ctx.output('certainty')?.fields as Record<string, unknown> | undefined;
    const original = String(ctx.record.fields.original ?? '');
    const rewrite = String(generated?.rewrite ?? ctx.record.fields.rewrite ?? '');
    if (!original || !rewrite) return;
    const judgeId = ctx.measurement.comparator === 'llm' ? String(ctx.judges.llm ?? 'llm') : 'offline';
    const label = ctx.answer(ctx.measurement.label);
    ctx.item(`${ctx.model}|${ctx.dataset}|${ctx.record.id}`, () => ({
      id: `${ctx.model}|${ctx.dataset}|${ctx.record.id}`,
      role: 'task',
      content: { original, rewrite, model: ctx.model },
      judges: label ? { [judgeId]: label } : {},
    }));
  },
  async judge(spec, items): Promise<JudgeIdentity> {
    if (spec === 'offline') {
      const { OfflineCertaintyComparator } = await import('../../judges/certainty/offline-comparator.js');
      const { inOfflineTrainingSet } = await import('../../judges/certainty/training-overlap.js');
      const c = new OfflineCertaintyComparator();
      return { id: c.id, version: c.cardVersion, inTraining: items.filter((i) => inOfflineTrainingSet(i.content.original ?? '') || inOfflineTrainingSet(i.content.rewrite ?? '')).length };
    }
    if (!MODEL_ID.test(spec)) throw new UserError(`unknown certainty judge "${spec}"; use "offline" or a model id such as "openai:o4-mini"`);
    const { LlmCertaintyJudge } = await import('../../judges/certainty/llm-judge.js');
    const { createModel } = await import('../../models/create-model.js');
    const j = new LlmCertaintyJudge(await createModel(spec));
    return { id: j.id, version: j.version };
  },
};
