import type { LanguageModel } from '../../models/types.js';
import type { Probe } from '../types.js';
import { presentCertainty } from './present.js';
import { certaintyRewriteTask, type CertaintyRewriteTaskOptions } from '../../tasks/certainty-rewrite-task.js';
import { accumulateCertainty } from './accumulate.js';
import { aggregateItemOf, certaintyCorrected, certaintyGroup, certaintyInstruments, isModerated } from './group.js';
import { measureCertainty } from './measure.js';
import { prepareRanking } from './prepare-ranking.js';
import { certaintyOptionsSchema, certaintyRecordSchema, type CertaintyMeasurement, type CertaintyOptions, type CertaintyRecord, type SourceRanking } from './schema.js';

export * from './schema.js';
export { aggregateCertainty, strataOf, type AggregateItem } from './aggregate.js';
export { cdMetrics, countLabels, inflationRatio, type ItemLabel } from './metrics.js';
export { assignStrata, stratumSizes, STRATA, type Stratum } from './strata.js';
export { measureCertainty, resolveComparator } from './measure.js';
export { wordEditDistance, wedWords, levenshtein, embeddingCosine } from './preservation.js';
export { brokenTelephone, type TelephoneResult, type TelephoneOptions } from './broken-telephone.js';
export { humanValidation, type HumanLabelRow, type HumanValidationResult } from './human-validation.js';
export { rankSourceCertainty, samplePass1, samplePass2, comparisonGraphConnected, type RankingOptions, type RankingResult } from './ranking.js';
export { generateRewrite, type RewriteSettings } from './generate.js';
export { validateCertaintyComparator, type LabelledPair, type CertaintyValidation } from '../../judges/certainty/validate.js';

/**
 * Certainty distortion (Belem et al., seed 004): does a rewrite express its finding with more or
 * less certainty than the original? Each pair is compared in both orders by the LLM judge (or
 * the offline lexicon comparator); the aggregate reports CD, CD↑, CD↓, R, tie and inconsistent
 * rates, and the breakdown by source-certainty stratum.
 * `moderator`: a stronger model that reviews inconsistent items (App. D.1).
 */
export function createCertaintyProbe(opts: { moderator?: LanguageModel } = {}): Probe<CertaintyRecord, CertaintyMeasurement, CertaintyOptions> {
  return {
    name: 'certainty',
    description: 'Certainty distortion (seed 004): pairwise certainty of original vs rewrite, both orders; CD, CD↑, CD↓, R by source-certainty stratum',
    recordSchema: certaintyRecordSchema,
    optionsSchema: certaintyOptionsSchema,
    // 'auto' uses judges.llm when the runner configured one and the offline comparator otherwise.
    needs: (options) => [...(options.comparator === 'llm' ? (['llm'] as const) : []), ...(options.moderator !== undefined ? (['moderator'] as const) : [])],
    measure: (record, ctx) => measureCertainty(record, ctx, opts.moderator),
    prepare: (records, ctx) => prepareRanking(records, ctx),
    // only a source ranking needs every record first
    prepares: (options) => options.ranking !== undefined,
    present: presentCertainty,
    instruments: (measurements, options) => certaintyInstruments(measurements.some((m) => m.comparator === 'offline'), options),
    output: {
      from: 'task',
      task: (o) => ({ task: certaintyRewriteTask, options: { task: o.task, intervention: o.intervention, decoding: o.decoding } satisfies CertaintyRewriteTaskOptions }),
      produces: ['rewrite'],
      key: (o) => `${o.task}/${o.intervention}/${o.decoding}`,
    },
    itemValues(m): Record<string, number> {
      if (typeof m.label !== 'number') return {};
      return { cd: m.label !== 0 ? 1 : 0, cd_up: m.label > 0 ? 1 : 0, cd_down: m.label < 0 ? 1 : 0 };
    },
    itemKinds: { cd: { kind: 'rate' }, cd_up: { kind: 'rate' }, cd_down: { kind: 'rate' } },
    corrected: (items, options, judges) => certaintyCorrected(items.map((i) => i.measurement), options, judges, opts.moderator),
    accumulate: (options) => accumulateCertainty(options, opts.moderator),
    aggregate(items, options) {
      const ms = items.map((i) => i.measurement);
      const moderated = isModerated(options, opts.moderator, ms.some((m) => m.moderator !== undefined));
      const ranked = ms.map((m) => m.sourceRanking).filter((r): r is SourceRanking => r !== undefined);
      return certaintyGroup(ms.map((m) => aggregateItemOf(m, moderated)), ranked, ms.some((m) => m.turns) ? ms : undefined, options, moderated);
    },
  };
}

export const certaintyProbe = createCertaintyProbe();
