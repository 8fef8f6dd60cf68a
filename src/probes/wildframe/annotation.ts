/**
 * WildFrame's human labelling (seed 001's sentiment annotations): one study item per framed
 * statement, every model's answer a "judge" of it.
 */
import type { AnnotationCode } from '../annotation.js';

export const wildframeAnnotation: AnnotationCode = {
  fromRun(ctx) {
    const id = `${ctx.dataset}|${ctx.record.id}`;
    const item = ctx.item(id, () => ({ id, role: 'task', content: { text: String(ctx.record.fields.framed ?? '') }, judges: {} }));
    // the model's answer; neutral, mixed or unreadable answers are no answer on the two-way scale
    const label = ctx.answer(ctx.measurement.label);
    if (label) item.judges[ctx.model] = label;
  },
};
