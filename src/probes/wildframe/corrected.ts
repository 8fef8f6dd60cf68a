import { FRAMINGS, type Metric } from '../../core/types.js';
import type { JudgeCard } from '../../judges/card.js';
import { correctedMetrics } from '../correction.js';
import type { CardedInstrument, ProbeJudges } from '../types.js';
import type { WildframeMeasurement } from './schema.js';

const BASES = ['positive', 'negative'] as const;

/**
 * WildFrame shift rates corrected for the framing judge's error (docs/judges/correction.md), for
 * the items the framing judge labelled (evaluator 'framing'; recorded or model answers are not a
 * judge's and are not corrected). The base polarity is known, so the table base × judged label is
 * corrected column-wise only, base by base (CorrectionInput.knownRows): the true share of each
 * label among a base's items is (Mᵀ)⁻¹ times the judged one. The shift rate is the share of the
 * framing's label (the opposite of the base); overall it weighs the two bases by their items.
 * Returns [] when no item was judged or the card does not fit.
 */
export function correctedWildframeMetrics(items: readonly WildframeMeasurement[], card: JudgeCard): Metric[] {
  const judged = items.filter((m) => m.evaluator === 'framing' && m.label !== null && m.label !== 'mixed');
  if (judged.length === 0) return [];
  const observed = BASES.map((b) => FRAMINGS.map((f) => judged.filter((m) => m.baseSentiment === b && m.label === f).length));
  const col = (f: 'positive' | 'negative' | 'neutral') => FRAMINGS.indexOf(f);
  const labels: Record<string, string> = { shift_rate: 'shift rate (answer follows the framing)', neutral_rate: 'neutral rate' };
  for (const b of BASES) labels[`shift_rate_base_${b}`] = `shift rate, ${b} base statements`;
  return correctedMetrics({
    card,
    classes: FRAMINGS,
    observed,
    n: judged.length,
    labels,
    knownRows: true,
    statistics: (c) => {
      const p = c as number[][];
      const share = p.map((r) => r.reduce((a, b) => a + b, 0));
      const out: Record<string, number> = {
        shift_rate: p[0]![col('negative')]! + p[1]![col('positive')]!,
        neutral_rate: p[0]![col('neutral')]! + p[1]![col('neutral')]!,
      };
      // a base with no judged item has no rate (left out); a resample that draws none of a base's items gives NaN, left out of its interval
      BASES.forEach((b, i) => {
        if (observed[i]!.some((v) => v > 0)) out[`shift_rate_base_${b}`] = share[i]! > 0 ? p[i]![col(b === 'positive' ? 'negative' : 'positive')]! / share[i]! : NaN;
      });
      return out;
    },
  });
}

/**
 * The probe's corrected rates and the framing judge that labelled the items (with its card), or
 * nothing when no framing judge labelled any item. As the framing probe: a card the user saved for
 * this judge wins over the one it ships with.
 */
export function wildframeCorrected(items: readonly WildframeMeasurement[], judges: ProbeJudges): { metrics: Metric[]; judges: CardedInstrument[] } {
  const j = judges.framing;
  if (!j || !items.some((m) => m.evaluator === 'framing')) return { metrics: [], judges: [] };
  const card = judges.cardFor?.('framing', j.id, j.version) ?? j.card;
  return { metrics: card ? correctedWildframeMetrics(items, card) : [], judges: [{ id: j.id, version: j.version, ...(card ? { card } : {}) }] };
}
