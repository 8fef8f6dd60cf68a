/**
 * The one paired comparison of slant: a metric's item values under two conditions (or two runs) on
 * the same records, compared by the test and interval its DECLARED kind calls for, never by what
 * the values happen to be. Every screen asks this module: the run's paired effects, `slant compare`,
 * the viewer's compare page, the exports and `--fail-on`, so one contrast prints the same digits
 * everywhere.
 *
 *   rate   (values 0 or 1)  McNemar's exact test; Newcombe's paired score interval of the
 *                          difference of proportions (always within [−1, 1]).
 *   mean / count            paired t-test; the paired t interval of the mean difference,
 *                          intersected with the difference's possible range when the metric
 *                          declares the range of its values (that keeps the interval's coverage:
 *                          the true difference lies in that range).
 *
 * The difference is other − baseline. Pairs are taken in the order of their record ids, so the
 * digits do not depend on the order in which items were measured or stored.
 */
import type { Interval, TestResult } from '../core/types.js';
import { mcnemarExact, newcombePairedInterval, pairedCounts, type PairedCounts } from './paired.js';
import { mean } from './mean.js';
import { pairedTTest, pairedTTestOfMoments, type TTestResult } from './ttest.js';

/** The kinds of item values a paired comparison is defined for. */
type PairedKind = 'rate' | 'mean' | 'count';

/** What a probe declares about one of its item values (Probe.itemKinds). */
export interface ItemValueKind {
  kind: PairedKind;
  /** the range every item value lies in, e.g. [0, 1] for a ROUGE score (a rate's is [0, 1]) */
  range?: readonly [number, number];
}

export interface PairedComparison {
  kind: PairedKind;
  /** pairs compared */
  n: number;
  /** mean over the pairs of each side; null without pairs */
  baseline: number | null;
  other: number | null;
  /** other − baseline over the pairs; null without pairs */
  difference: number | null;
  ci?: Interval;
  /** absent when the test is undefined (no pairs; a t-test on fewer than 2 pairs or on equal differences) */
  test?: TestResult;
}

/** Code-unit order (not locale order): the same ids sort the same way on every machine. */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The finite values of `metric` on the records both sides have, in record-id order.
 * `baseline`/`other`: item values by record id (Probe.itemValues).
 */
export function matchPairs(baseline: ReadonlyMap<string, Readonly<Record<string, number>>>, other: ReadonlyMap<string, Readonly<Record<string, number>>>, metric: string): { ids: string[]; x: number[]; y: number[] } {
  const ids = [...baseline.keys()].filter((id) => Number.isFinite(baseline.get(id)?.[metric]) && Number.isFinite(other.get(id)?.[metric])).sort(byId);
  return { ids, x: ids.map((id) => baseline.get(id)![metric]!), y: ids.map((id) => other.get(id)![metric]!) };
}

/** The declared kind of item value `name`; a value its probe did not declare is a bug in that probe. */
export function declaredKind(kinds: Readonly<Record<string, ItemValueKind>> | undefined, name: string, probe: string): ItemValueKind {
  const k = kinds?.[name];
  if (!k) throw new Error(`probe ${probe}: item value "${name}" has no declared kind (Probe.itemKinds), so no paired test can be chosen for it`);
  return k;
}

const RATE_RANGE = [0, 1] as const;

/** Compare paired samples x (baseline) and y (other) by the test and interval of `spec.kind`. */
export function comparePaired(spec: ItemValueKind, x: ArrayLike<number>, y: ArrayLike<number>, level = 0.95): PairedComparison {
  if (x.length !== y.length) throw new RangeError(`comparePaired: samples differ in length (${x.length} and ${y.length})`);
  const n = x.length;
  const out: PairedComparison = { kind: spec.kind, n, baseline: null, other: null, difference: null };
  if (n === 0) return out;
  return spec.kind === 'rate' ? compareRates(out, x, y, level) : compareMeans(out, x, y, spec.range, level);
}

/** A rate's item value other than 0 or 1 (`pair` counted from 1): a bug in its probe. */
export const notARate = (side: 'baseline' | 'other', value: number, pair: number): RangeError =>
  new RangeError(`comparePaired: a rate's item values must be 0 or 1, the ${side} has ${value} at pair ${pair}`);

function compareRates(out: PairedComparison, x: ArrayLike<number>, y: ArrayLike<number>, level: number): PairedComparison {
  for (const [side, v] of [['baseline', x], ['other', y]] as const) {
    // a rate's item value is 0 or 1 by its probe's definition: anything else is a bug in that probe
    for (let i = 0; i < v.length; i++) if (v[i] !== 0 && v[i] !== 1) throw notARate(side, v[i] as number, i + 1);
  }
  return rateComparison(out, pairedCounts(x, y), level);
}

/**
 * comparePaired of a rate from the counts of its pairs (item values checked to be 0 or 1): what a
 * reader that keeps only the counts gives, with the same numbers.
 */
export function compareRateCounts(t: PairedCounts, level = 0.95): PairedComparison {
  const out: PairedComparison = { kind: 'rate', n: t.a + t.b + t.c + t.d, baseline: null, other: null, difference: null };
  return out.n === 0 ? out : rateComparison(out, t, level);
}

function rateComparison(out: PairedComparison, t: PairedCounts, level: number): PairedComparison {
  const n = out.n;
  out.baseline = (t.a + t.b) / n;
  out.other = (t.a + t.c) / n;
  out.difference = (t.c - t.b) / n;
  out.ci = clip(newcombePairedInterval(t, level), RATE_RANGE);
  out.test = mcnemarExact(t.b, t.c);
  return out;
}

function compareMeans(out: PairedComparison, x: ArrayLike<number>, y: ArrayLike<number>, range: ItemValueKind['range'], level: number): PairedComparison {
  out.baseline = mean(x);
  out.other = mean(y);
  return meanComparison(out, out.n < 2 ? (y[0] as number) - (x[0] as number) : pairedTTest(y, x, { level }), range, level);
}

/**
 * What comparePaired of a mean or count is made from, computed by a reader that does not hold the
 * pairs (src/stats/paired-passes.ts): over `n` pairs, mean(x) and mean(y) of each side, the
 * differences y − x's mean(d) and variance(d) (n ≥ 2), and the first pair's difference (n = 1).
 */
interface MeanMoments {
  n: number;
  baseline: number;
  other: number;
  firstDifference: number;
  meanDifference: number;
  varianceDifference: number;
}

/** comparePaired of a mean or count from its moments: the same numbers as from the pairs. */
export function compareMeanMoments(spec: ItemValueKind, m: MeanMoments, level = 0.95): PairedComparison {
  const out: PairedComparison = { kind: spec.kind, n: m.n, baseline: null, other: null, difference: null };
  if (m.n === 0) return out;
  out.baseline = m.baseline;
  out.other = m.other;
  return meanComparison(out, m.n < 2 ? m.firstDifference : pairedTTestOfMoments(m.meanDifference, m.varianceDifference, m.n, { level }), spec.range, level);
}

/** The difference and its interval and test: the one pair's difference (n = 1), or the paired t-test's. */
function meanComparison(out: PairedComparison, t: number | TTestResult, range: ItemValueKind['range'], level: number): PairedComparison {
  if (typeof t === 'number') {
    out.difference = t;
    return out;
  }
  out.difference = t.meanDifference;
  if (t.stderr === 0) {
    // every pair differs by the same amount: no variance, no test; the interval is that difference
    out.ci = { low: t.meanDifference, high: t.meanDifference, level, method: 'paired t (all differences equal)' };
    return out;
  }
  out.ci = clip({ ...t.ci, method: 'paired t' }, range);
  out.test = { name: 'paired t-test (two-sided)', statistic: t.statistic, df: t.df, pValue: t.pValue, alternative: 'two-sided' };
  return out;
}

/** An interval of a difference, kept within the difference's range [lo − hi, hi − lo]. */
function clip(ci: Interval, range: ItemValueKind['range']): Interval {
  if (!range) return ci;
  const span = range[1] - range[0];
  if (ci.low >= -span && ci.high <= span) return ci;
  return { ...ci, low: Math.max(ci.low, -span), high: Math.min(ci.high, span), method: `${ci.method}, within [${-span}, ${span}]` };
}
