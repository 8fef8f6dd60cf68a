/**
 * Aggregate certainty-distortion metrics (Belem et al., seed 004, §3 and §4.2):
 *
 *   CD  = (1/N) Σ 𝟙[δ ≠ 0]   (eq. 2)        CD↑ = (1/N) Σ 𝟙[δ > 0]     CD↓ = (1/N) Σ 𝟙[δ < 0]
 *   tie = (1/N) Σ 𝟙[δ = 0]  (= 1 − CD)      R   = CD↑ / CD↓ = #up / #down   (Table 2)
 *
 * δ is the item's canonical label (−2..2). Inconsistent items (the two orders disagree) are
 * "reported separately" (§3.1): by default N counts only consistent items and the inconsistent rate
 * is reported over all items. With `denominator: 'all'`, N counts every item and inconsistent or
 * unreadable items count as neither shift nor tie (so CD↑ + CD↓ + tie + inconsistent + invalid = 1).
 *
 * Intervals: rates carry a 95% Wilson interval. R's interval comes from the Wilson interval of
 * p = #up / (#up + #down) (the share of shifts that go up, binomial given the number of shifts),
 * mapped through R = p / (1 − p). R is undefined (value null, printed "—" with its n on every
 * screen) when there are no shifts (n = 0) and when no shift goes down (a ratio over nothing:
 * n = the shifts, all up; no interval, since its upper end is unbounded).
 */
import { mergeExcluded, withExcluded, type Excluded } from '../../core/excluded.js';
import type { Metric } from '../../core/types.js';
import { isCertaintyScore, type PairLabel } from '../../judges/certainty/labels.js';
import { meanMetric } from '../../stats/mean.js';
import { proportionMetric, wilsonInterval } from '../../stats/proportion.js';

export type ItemLabel = PairLabel | 'invalid' | 'dropped';
export type Denominator = 'consistent' | 'all';

interface LabelCounts {
  total: number;
  up: number;
  down: number;
  tie: number;
  inconsistent: number;
  invalid: number;
  /** document level: the rewrite dropped the source's main finding (neither a shift nor a tie) */
  dropped: number;
  /** count per canonical score −2..2, index score + 2 */
  byScore: [number, number, number, number, number];
}

export function countLabels(labels: readonly ItemLabel[]): LabelCounts {
  const c: LabelCounts = { total: labels.length, up: 0, down: 0, tie: 0, inconsistent: 0, invalid: 0, dropped: 0, byScore: [0, 0, 0, 0, 0] };
  for (const l of labels) {
    if (l === 'inconsistent') c.inconsistent++;
    else if (l === 'dropped') c.dropped++;
    else if (l === 'invalid') c.invalid++;
    else if (isCertaintyScore(l)) {
      c.byScore[l + 2]!++;
      if (l > 0) c.up++;
      else if (l < 0) c.down++;
      else c.tie++;
    } else throw new RangeError(`certainty metrics: unknown label ${String(l)}`);
  }
  return c;
}

/** R = #up / #down with the Wilson-derived interval described above. */
export function inflationRatio(up: number, down: number, name = 'ratio', label = 'R (inflation / deflation, CD↑ / CD↓)'): Metric {
  const shifts = up + down;
  if (shifts === 0) return { name, label, value: null, n: 0, kind: 'statistic' };
  const w = wilsonInterval(up, shifts);
  const method = 'wilson-odds (share of shifts that go up)';
  if (down === 0) {
    // every shift went up: the ratio divides by zero (CD↑ and CD↓ beside it say so)
    return { name, label, value: null, n: shifts, kind: 'statistic' };
  }
  return { name, label, value: up / down, n: shifts, kind: 'statistic', ci: { low: w.low / (1 - w.low), high: w.high / (1 - w.high), level: w.level, method } };
}

interface CdMetricOptions {
  denominator?: Denominator;
  /** suffix appended to metric names, e.g. '@low' */
  suffix?: string;
  /** words appended to labels, e.g. ' — low source certainty' */
  labelSuffix?: string;
  /** the invalid items by reason key (default: all 'unreadable'), e.g. { unreadable: 3, truncated: 1 } */
  invalid?: Excluded;
}

/** CD, CD↑, CD↓, tie, R, inconsistent and invalid rates, and the mean canonical score. */
export function cdMetrics(labels: readonly ItemLabel[], opts: CdMetricOptions = {}): Metric[] {
  const c = countLabels(labels);
  const sx = opts.suffix ?? '';
  const lx = opts.labelSuffix ?? '';
  const N = (opts.denominator ?? 'consistent') === 'all' ? c.total : c.up + c.down + c.tie;
  const scores: number[] = [];
  c.byScore.forEach((k, i) => {
    for (let r = 0; r < k; r++) scores.push(i - 2);
  });
  // items not in N, by reason: said beside every number over N ("n = 16 · 20 unreadable · 4 inconsistent across orders")
  const excluded = (opts.denominator ?? 'consistent') === 'all' ? undefined : mergeExcluded(opts.invalid ?? { unreadable: c.invalid }, { inconsistent: c.inconsistent, dropped: c.dropped });
  const overN = (m: Metric): Metric => withExcluded(m, excluded);
  return [
    overN(proportionMetric(`cd${sx}`, `CD (certainty distortion, eq. 2)${lx}`, c.up + c.down, N)),
    overN(proportionMetric(`cd_up${sx}`, `CD↑ (certainty increased)${lx}`, c.up, N)),
    overN(proportionMetric(`cd_down${sx}`, `CD↓ (certainty decreased)${lx}`, c.down, N)),
    overN(proportionMetric(`tie_rate${sx}`, `no clear difference${lx}`, c.tie, N)),
    inflationRatio(c.up, c.down, `ratio${sx}`, `R (inflation / deflation, CD↑ / CD↓)${lx}`),
    proportionMetric(`inconsistent_rate${sx}`, `inconsistent across orders (reported separately)${lx}`, c.inconsistent, c.total),
    proportionMetric(`invalid_rate${sx}`, `unreadable judge answer${lx}`, c.invalid, c.total),
    withExcluded(meanMetric(`mean_score${sx}`, `mean canonical score (−2..2, >0 = rewrite more certain)${lx}`, scores), mergeExcluded(opts.invalid ?? { unreadable: c.invalid }, { inconsistent: c.inconsistent, dropped: c.dropped })),
    // document level only: findings the rewrite dropped (never a shift, never a tie)
    ...(c.dropped > 0 ? [proportionMetric(`dropped_rate${sx}`, `main finding dropped by the rewrite${lx}`, c.dropped, c.total)] : []),
  ];
}
