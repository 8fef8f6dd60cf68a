/** Wraps a step controller and records the text the decode showed it at every step. */
import type { StepController } from '../../src/models/stepwise.js';

export function recording(inner: StepController): StepController & { texts: string[] } {
  const texts: string[] = [];
  return {
    ...(inner.id !== undefined ? { id: inner.id } : {}),
    texts,
    prepare: (v) => inner.prepare?.(v),
    onStep(s, aux, tools) {
      texts[s.step] = s.text;
      return inner.onStep(s, aux, tools);
    },
  };
}
