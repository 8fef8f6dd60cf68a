/**
 * A group's certainty numbers from what its items carry, for the probe's aggregate (over the
 * measurements) and its accumulator (over the compact values it kept) alike: the fields each
 * function reads are named in its parameter type, so an item need carry nothing else.
 */
import { offlineComparatorWithBands } from '../../judges/certainty/offline-comparator.js';
import type { InstrumentId, Metric } from '../../core/types.js';
import type { LanguageModel } from '../../models/types.js';
import type { CardedInstrument, GroupResult, ProbeJudges } from '../types.js';
import { aggregateCertainty, type AggregateItem } from './aggregate.js';
import { correctedCertaintyMetrics } from './corrected.js';
import { resolveComparator } from './measure.js';
import { rankingTable } from './ranking-table.js';
import { telephoneTable } from './telephone-table.js';
import type { CertaintyMeasurement, CertaintyOptions, SourceRanking } from './schema.js';

/** What aggregateCertainty reads of an item. */
export type CertaintyItemFields = Pick<CertaintyMeasurement, 'label' | 'judgeLabel' | 'wed' | 'sourceCertainty' | 'cosine'> & {
  moderator?: Pick<NonNullable<CertaintyMeasurement['moderator']>, 'label'>;
  sourceRanking?: Pick<SourceRanking, 'rank'>;
};

/** Whether a moderator reviewed the judge's order-inconsistent labels (App. D.1): configured, given to `slant certainty`, or seen on an item. */
export function isModerated(options: Pick<CertaintyOptions, 'moderator'>, moderator: LanguageModel | undefined, anyReviewed: boolean): boolean {
  return options.moderator !== undefined || moderator !== undefined || anyReviewed;
}

/** The item aggregateCertainty counts for one measurement (its judge's own label only when a moderator reviewed labels). */
export function aggregateItemOf(m: CertaintyItemFields, moderated: boolean): AggregateItem {
  const it: AggregateItem = { label: m.label };
  if (moderated) it.judgeLabel = m.judgeLabel;
  if (m.moderator) it.moderator = m.moderator.label;
  if (m.sourceRanking) it.rank = m.sourceRanking.rank;
  if (m.wed !== undefined) it.wed = m.wed;
  if (m.sourceCertainty !== undefined) it.sourceCertainty = m.sourceCertainty;
  if (m.cosine !== undefined) it.cosine = m.cosine;
  return it;
}

/**
 * A group's numbers: aggregateCertainty over its items, the App. D.2 ranking table when sources
 * were ranked, and Figure 4's per-turn table when items carry broken-telephone turns.
 */
export function certaintyGroup(
  items: readonly AggregateItem[],
  ranked: SourceRanking[],
  telephone: readonly Pick<CertaintyMeasurement, 'turns'>[] | undefined,
  options: Pick<CertaintyOptions, 'denominator'>,
  moderated: boolean,
): Omit<GroupResult, 'labels'> {
  const base = aggregateCertainty(items, { denominator: options.denominator, moderated });
  const withRanking = ranked.length > 0 ? rankingTable(base, ranked) : base;
  return telephone ? telephoneTable(withRanking, telephone, options.denominator) : withRanking;
}

/** CD, CD↑ and CD↓ corrected for the comparator's error, with the comparator (and its card); none when the items mix comparators. */
export function certaintyCorrected(
  items: readonly Pick<CertaintyMeasurement, 'label' | 'comparator'>[],
  options: CertaintyOptions,
  judges: ProbeJudges,
  moderator: LanguageModel | undefined,
): { metrics: Metric[]; judges: CardedInstrument[] } {
  // the comparator these options resolve to (an LLM when configured, else the offline one)
  const kinds = new Set(items.map((i) => i.comparator));
  if (kinds.size !== 1) return { metrics: [], judges: [] };
  const { comparator } = resolveComparator({ judges, options }, moderator);
  // a card the user saved for this comparator (and bands) wins over the shipped one
  const card = judges.cardFor?.('certainty', comparator.id, comparator.cardVersion ?? comparator.version) ?? comparator.card;
  const labels = items.map((i) => i.label);
  return { metrics: card ? correctedCertaintyMetrics(labels, card) : [], judges: [{ id: comparator.id, version: comparator.version, ...(card ? { card } : {}) }] };
}

/** The offline comparator (with its bands) when any item was compared by it: results name it with the judges. */
export function certaintyInstruments(offlineUsed: boolean, options: Pick<CertaintyOptions, 'offlineTieBand' | 'offlineClearBand'>): InstrumentId[] {
  if (!offlineUsed) return [];
  const c = offlineComparatorWithBands({ tieBand: options.offlineTieBand, clearBand: options.offlineClearBand });
  return [{ id: c.id, version: c.version }];
}
