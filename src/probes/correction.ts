import type { Metric } from '../core/types.js';
import type { JudgeCard } from '../judges/card.js';
import { correctedStatistics, type CorrectionInput } from '../stats/misclassification.js';

/** Bootstrap resamples of the corrected rates (items and confusion counts redrawn together). */
const CORRECTION_RESAMPLES = 2000;

/**
 * Metrics `<name>_corrected` beside raw rates: the misclassification-corrected estimates of the
 * named statistics (docs/judges/correction.md), each with its bootstrap interval, n = the items.
 * `order` maps the card's class labels onto the order the observed counts use; a card whose
 * labels differ gives no corrected metrics (returned empty, the caller records why).
 */
export function correctedMetrics(input: {
  card: JudgeCard;
  classes: readonly string[];
  observed: CorrectionInput['observed'];
  n: number;
  statistics: CorrectionInput['statistics'];
  labels: Record<string, string>;
  /** the observed matrix's rows are known groups, not judged (CorrectionInput.knownRows) */
  knownRows?: boolean;
}): Metric[] {
  const { card, classes } = input;
  const pos = classes.map((c) => card.labels.indexOf(c));
  if (pos.some((p) => p < 0) || card.labels.length !== classes.length || input.n === 0) return [];
  const confusion = pos.map((i) => pos.map((j) => card.confusion[i]![j]!));
  const est = correctedStatistics({ observed: input.observed, confusion, statistics: input.statistics, ...(input.knownRows ? { knownRows: true } : {}), resamples: CORRECTION_RESAMPLES, seed: 42 });
  if (!est) return [];
  return Object.entries(est).map(([name, e]) => ({
    name: `${name}_corrected`,
    label: `${input.labels[name] ?? name}, corrected for judge error`,
    value: e.value,
    n: input.n,
    ci: e.ci,
    kind: 'rate' as const,
  }));
}
