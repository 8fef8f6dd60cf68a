import { offlineComparatorWithBands } from '../../judges/certainty/offline-comparator.js';
import type { LanguageModel } from '../../models/types.js';
import type { Probe } from '../types.js';
import { presentCertainty } from './present.js';
import { certaintyRewriteTask, type CertaintyRewriteTaskOptions } from '../../tasks/certainty-rewrite-task.js';
import { aggregateCertainty, type AggregateItem } from './aggregate.js';
import { correctedCertaintyMetrics } from './corrected.js';
import { measureCertainty, resolveComparator } from './measure.js';
import { prepareRanking } from './prepare-ranking.js';
import { rankingTable } from './ranking-table.js';
import { telephoneTable } from './telephone-table.js';
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
    present: presentCertainty,
    instruments(measurements, options) {
      if (!measurements.some((m) => m.comparator === 'offline')) return [];
      const c = offlineComparatorWithBands({ tieBand: options.offlineTieBand, clearBand: options.offlineClearBand });
      return [{ id: c.id, version: c.version }];
    },
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
    corrected(items, options, judges) {
      // the comparator these options resolve to (an LLM when configured, else the offline one)
      const kinds = new Set(items.map((i) => i.measurement.comparator));
      if (kinds.size !== 1) return { metrics: [], judges: [] };
      const { comparator } = resolveComparator({ judges, options }, opts.moderator);
      // a card the user saved for this comparator (and bands) wins over the shipped one
      const card = judges.cardFor?.('certainty', comparator.id, comparator.cardVersion ?? comparator.version) ?? comparator.card;
      const labels = items.map((i) => i.measurement.label);
      return { metrics: card ? correctedCertaintyMetrics(labels, card) : [], judges: [{ id: comparator.id, version: comparator.version, ...(card ? { card } : {}) }] };
    },
    aggregate(items, options) {
      const ranked = items.map((i) => i.measurement.sourceRanking).filter((r): r is SourceRanking => r !== undefined);
      // a moderator reviews the judge's order-inconsistent labels (App. D.1): from config, or given to `slant certainty`
      const moderated = options.moderator !== undefined || opts.moderator !== undefined || items.some((i) => i.measurement.moderator !== undefined);
      const base = aggregateCertainty(
        items.map((i) => {
          const it: AggregateItem = { label: i.measurement.label };
          if (moderated) it.judgeLabel = i.measurement.judgeLabel;
          if (i.measurement.moderator) it.moderator = i.measurement.moderator.label;
          if (i.measurement.sourceRanking) it.rank = i.measurement.sourceRanking.rank;
          if (i.measurement.wed !== undefined) it.wed = i.measurement.wed;
          if (i.measurement.sourceCertainty !== undefined) it.sourceCertainty = i.measurement.sourceCertainty;
          if (i.measurement.cosine !== undefined) it.cosine = i.measurement.cosine;
          return it;
        }),
        { denominator: options.denominator, moderated },
      );
      const withRanking = ranked.length > 0 ? rankingTable(base, ranked) : base;
      return items.some((i) => i.measurement.turns) ? telephoneTable(withRanking, items.map((i) => i.measurement), options.denominator) : withRanking;
    },
  };
}

export const certaintyProbe = createCertaintyProbe();
