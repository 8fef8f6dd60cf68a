import type { Probe } from '../types.js';
import { presentHallucination } from './present.js';
import { factCheckTask, type FactCheckTaskOptions } from '../../tasks/fact-check-task.js';
import { aggregateHallucination } from './aggregate.js';
import { accumulateHallucination } from './accumulate.js';
import { measureHallucination } from './measure.js';
import {
  hallucinationOptionsSchema,
  hallucinationRecordSchema,
  type HallucinationMeasurement,
  type HallucinationOptions,
  type HallucinationRecord,
} from './schema.js';

export { aggregateHallucination, accuracyCounts, deltaH, PERIODS, type AccuracyCounts, type DeltaH } from './aggregate.js';
export { measureHallucination } from './measure.js';
export { KNOWN_CUTOFFS, resolveCutoff, periodOf, cutoffLastDay, itemDay, checkCutoff, type Period, type CutoffEntry } from './cutoffs.js';
export { newcombeInterval, absInterval } from './newcombe.js';
export * from './schema.js';

/**
 * Hallucination on post-cutoff news (Alessa et al., seed 000, §4 eqs. 3–4): the model judges true
 * news items and their falsified counterparts; accuracies are split at the model's knowledge cutoff.
 */
export const hallucinationProbe: Probe<HallucinationRecord, HallucinationMeasurement, HallucinationOptions> = {
  name: 'hallucination',
  description: 'hallucination (seed 000): fact-check true and falsified news before and after the model’s knowledge cutoff; strict accuracy and δ_H',
  // in `slant run` the model under test answers the probe's own questions (judges.llm)
  output: {
    from: 'asks-model',
    task: (o) => ({
      task: factCheckTask,
      options: {
        strategy: o.strategy,
        ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
        ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens } : {}),
        ...(o.seed !== undefined ? { seed: o.seed } : {}),
      } satisfies FactCheckTaskOptions,
    }),
  },
  recordSchema: hallucinationRecordSchema,
  optionsSchema: hallucinationOptionsSchema,
  needs(options) {
    // 'auto' uses the model under test only for records without recorded answers (and says so if it is missing)
    return options.evaluator === 'llm' ? ['llm'] : [];
  },
  measure: measureHallucination,
  present: presentHallucination,
  itemValues(m): Record<string, number> {
    const out: Record<string, number> = {};
    if (m.actual.verdict !== null) out[`actual_acc_${m.period}`] = m.actual.verdict ? 1 : 0;
    if (m.falsified.verdict !== null) out[`falsified_acc_${m.period}`] = m.falsified.verdict ? 0 : 1;
    if (m.actual.verdict === null || m.falsified.verdict === null) return out;
    out[`strict_acc_${m.period}`] = m.actual.verdict && !m.falsified.verdict ? 1 : 0;
    out.strict_acc = out[`strict_acc_${m.period}`]!;
    return out;
  },
  itemKinds: Object.fromEntries(['strict_acc', ...['actual_acc', 'falsified_acc', 'strict_acc'].flatMap((m) => [`${m}_pre`, `${m}_post`])].map((name) => [name, { kind: 'rate' as const }])),
  accumulate: (options) => accumulateHallucination(options),
  aggregate(items, options) {
    return aggregateHallucination(
      items.map((i) => i.measurement),
      options,
    );
  },
};
