/** Distribution functions used across src/stats, wrapped from @stdlib with explicit signatures. */
import betaQuantileImpl from '@stdlib/stats-base-dists-beta-quantile';
import chisqCdfImpl from '@stdlib/stats-base-dists-chisquare-cdf';
import gammainc from '@stdlib/math-base-special-gammainc';
import normalCdfImpl from '@stdlib/stats-base-dists-normal-cdf';
import normalQuantileImpl from '@stdlib/stats-base-dists-normal-quantile';
import tCdfImpl from '@stdlib/stats-base-dists-t-cdf';
import tQuantileImpl from '@stdlib/stats-base-dists-t-quantile';

/** Standard normal CDF Φ(z). */
export function normalCdf(z: number): number {
  return normalCdfImpl(z, 0, 1);
}

/** Standard normal quantile Φ⁻¹(p). */
export function normalQuantile(p: number): number {
  return normalQuantileImpl(p, 0, 1);
}

/** Two-sided critical value z such that P(|Z| ≤ z) = level, e.g. 1.959964 for 0.95. */
export function zCritical(level: number): number {
  return normalQuantile(1 - (1 - level) / 2);
}

/** Student t CDF with `df` degrees of freedom. */
export function tCdf(t: number, df: number): number {
  return tCdfImpl(t, df);
}

/** Student t quantile with `df` degrees of freedom. */
export function tQuantile(p: number, df: number): number {
  return tQuantileImpl(p, df);
}

/** Chi-square CDF with `df` degrees of freedom. */
export function chiSquareCdf(x: number, df: number): number {
  return chisqCdfImpl(x, df);
}

/**
 * Upper tail P(X ≥ x) of a chi-square with `df` degrees of freedom, computed as the regularized
 * upper incomplete gamma Q(df/2, x/2) so that tiny p-values keep their precision (1 − cdf would round to 0).
 */
export function chiSquareSf(x: number, df: number): number {
  if (Number.isNaN(x) || Number.isNaN(df)) return NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return gammainc(x / 2, df / 2, true, true);
}

/** Beta(a, b) quantile. */
export function betaQuantile(p: number, a: number, b: number): number {
  return betaQuantileImpl(p, a, b);
}

/** Throws RangeError unless 0 < level < 1. */
export function checkLevel(level: number, where: string): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`${where}: level must be in (0, 1), got ${level}`);
}
