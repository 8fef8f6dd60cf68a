import type { Metric } from '../../core/types.js';
import type { JudgeCard } from '../../judges/card.js';
import { correctedMetrics } from '../correction.js';
import type { ItemLabel } from './metrics.js';

/** Direction classes of a certainty card: the original more certain, no clear difference, the rewrite more certain. */
const CERTAINTY_CARD_CLASSES = ['−', '0', '+'] as const;

/**
 * CD, CD↑ and CD↓ corrected for the comparator's error (docs/judges/correction.md): the shares of
 * −, 0 and + among the consistent items are inverted through the card's 3×3 direction confusion
 * matrix (rows: the human direction; the card's inconsistent/invalid answers are left out, so the
 * correction assumes a judge is as often inconsistent whatever the true direction).
 */
export function correctedCertaintyMetrics(labels: readonly ItemLabel[], card: JudgeCard): Metric[] {
  const obs = [0, 0, 0];
  for (const l of labels) if (typeof l === 'number') obs[Math.sign(l) + 1]!++;
  const n = obs[0]! + obs[1]! + obs[2]!;
  return correctedMetrics({
    card,
    classes: CERTAINTY_CARD_CLASSES,
    observed: obs,
    n,
    labels: { cd: 'CD (certainty distortion, eq. 2)', cd_up: 'CD↑ (certainty increased)', cd_down: 'CD↓ (certainty decreased)' },
    statistics: (c) => {
      const p = c as number[];
      return { cd: p[0]! + p[2]!, cd_up: p[2]!, cd_down: p[0]! };
    },
  });
}
