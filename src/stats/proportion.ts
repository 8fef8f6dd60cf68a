/** Confidence intervals for a binomial proportion and the 'rate' metric built on them. */
import type { Interval, Metric } from '../core/types.js';
import { betaQuantile, checkLevel, zCritical } from './distributions.js';

function checkCounts(successes: number, n: number, where: string): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${where}: n must be a positive integer, got ${n}`);
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new RangeError(`${where}: successes must be an integer in [0, ${n}], got ${successes}`);
  }
}

/**
 * Wilson score interval (Wilson 1927; Newcombe 1998 method 3), no continuity correction,
 * as R's prop.test(correct = FALSE) / statsmodels proportion_confint(method='wilson'):
 *   centre = (p̂ + z²/2n) / (1 + z²/n),  half = z/(1 + z²/n) · sqrt(p̂(1−p̂)/n + z²/4n²).
 * Throws RangeError for n < 1 or successes outside [0, n].
 */
export function wilsonInterval(successes: number, n: number, level = 0.95): Interval {
  checkLevel(level, 'wilsonInterval');
  checkCounts(successes, n, 'wilsonInterval');
  const z = zCritical(level);
  const p = successes / n;
  const z2n = (z * z) / n;
  const denom = 1 + z2n;
  const centre = (p + z2n / 2) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return {
    // At x = 0 (x = n) the bound is exactly 0 (1) analytically; avoid rounding residue.
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
    level,
    method: 'wilson',
  };
}

/**
 * Clopper–Pearson "exact" interval from Beta quantiles, as R's binom.test:
 *   low = B⁻¹(α/2; x, n−x+1) (0 when x = 0),  high = B⁻¹(1−α/2; x+1, n−x) (1 when x = n).
 */
export function clopperPearsonInterval(successes: number, n: number, level = 0.95): Interval {
  checkLevel(level, 'clopperPearsonInterval');
  checkCounts(successes, n, 'clopperPearsonInterval');
  const alpha = 1 - level;
  const low = successes === 0 ? 0 : betaQuantile(alpha / 2, successes, n - successes + 1);
  const high = successes === n ? 1 : betaQuantile(1 - alpha / 2, successes + 1, n - successes);
  return { low, high, level, method: 'clopper-pearson' };
}

/**
 * A 'rate' metric successes/n with a 95% Wilson interval.
 * n = 0: value null (the rate is undefined; printed as "—"), n 0 and no ci.
 */
export function proportionMetric(name: string, label: string, successes: number, n: number): Metric {
  if (n === 0) {
    if (successes !== 0) throw new RangeError(`proportionMetric(${name}): successes ${successes} with n = 0`);
    return { name, label, value: null, n: 0, kind: 'rate' };
  }
  const ci = wilsonInterval(successes, n);
  return { name, label, value: successes / n, n, ci, kind: 'rate' };
}
