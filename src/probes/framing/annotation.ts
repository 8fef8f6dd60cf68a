/**
 * The framing probe's human labelling (seed 000's classes): study items from a run's sources and
 * outputs with the framing judge's labels, and which judge a study column is.
 */
import type { AnnotationCode, JudgeIdentity } from '../annotation.js';

export const framingAnnotation: AnnotationCode = {
  // the source (once per record) and each model's output, labelled by the run's framing judge
  fromRun(ctx) {
    const judgeId = `framing:${String(ctx.judges.framing)}`;
    const { dataset, record, model, measurement: m } = ctx;
    if (ctx.target === 'source' || ctx.target === 'both') {
      const id = `source|${dataset}|${record.id}`;
      ctx.item(id, () => ({ id, role: 'task', content: { text: String(record.fields.source ?? ''), target: 'source' }, judges: { [judgeId]: String(m.fC) } }));
    }
    if (ctx.target === 'output' || ctx.target === 'both') {
      const text = String(ctx.output('summary')?.text ?? record.fields.output ?? '');
      const id = `output|${model}|${dataset}|${record.id}`;
      if (text) ctx.item(id, () => ({ id, role: 'task', content: { text, target: 'output', model }, judges: { [judgeId]: String(m.fS) } }));
    }
  },
  async judge(spec, items): Promise<JudgeIdentity> {
    const { createFramingJudge } = await import('../../judges/registry.js');
    const judge = await createFramingJudge(spec);
    if (judge.id !== 'offline-framing') return { id: judge.id, version: judge.version };
    const { inOfflineFramingTrainingSet } = await import('../../judges/framing/training-overlap.js');
    return { id: judge.id, version: judge.version, inTraining: items.filter((i) => inOfflineFramingTrainingSet(i.content.text ?? '')).length };
  },
};
