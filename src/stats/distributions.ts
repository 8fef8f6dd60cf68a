/** Distribution functions used across src/stats, wrapped from @stdlib with explicit signatures. */
import { createRequire } from 'node:module';

/**
 * The seven @stdlib packages behind these functions, bundled into one file
 * (vendor/stdlib-distributions.cjs, written by scripts/vendor-stdlib.mjs; the same code, checked by
 * test/stats/vendor-stdlib.test.ts): as packages they are ~450 CommonJS modules, ≈ 55 ms and
 * ≈ 8.7 MiB to load, bundled ≈ 11 ms and ≈ 1.9 MiB. The bundle is required on the first call, not
 * when this module is imported, so a command that computes no interval does not load it, and
 * `slant run` loads it while its requests are in flight (warmDistributions). It is CommonJS, so the
 * first call can require it synchronously and every function here stays synchronous.
 */
interface Stdlib {
  betaQuantile: typeof import('@stdlib/stats-base-dists-beta-quantile');
  chisqCdf: typeof import('@stdlib/stats-base-dists-chisquare-cdf');
  gammainc: typeof import('@stdlib/math-base-special-gammainc');
  normalCdf: typeof import('@stdlib/stats-base-dists-normal-cdf');
  normalQuantile: typeof import('@stdlib/stats-base-dists-normal-quantile');
  tCdf: typeof import('@stdlib/stats-base-dists-t-cdf');
  tQuantile: typeof import('@stdlib/stats-base-dists-t-quantile');
}

let loaded: Stdlib | undefined;

function stdlib(): Stdlib {
  loaded ??= createRequire(import.meta.url)('./vendor/stdlib-distributions.cjs') as Stdlib;
  return loaded;
}

/** Load the distribution functions now (they load on first use otherwise). */
export function warmDistributions(): void {
  stdlib();
}

/** Standard normal CDF Φ(z). */
export function normalCdf(z: number): number {
  return stdlib().normalCdf(z, 0, 1);
}

/** Standard normal quantile Φ⁻¹(p). */
export function normalQuantile(p: number): number {
  return stdlib().normalQuantile(p, 0, 1);
}

/** Two-sided critical value z such that P(|Z| ≤ z) = level, e.g. 1.959964 for 0.95. */
export function zCritical(level: number): number {
  return normalQuantile(1 - (1 - level) / 2);
}

/** Student t CDF with `df` degrees of freedom. */
export function tCdf(t: number, df: number): number {
  return stdlib().tCdf(t, df);
}

/**
 * Quantiles computed before, by p and df: a run's t intervals ask for the same few (0.975 at each
 * group's n − 1, once per metric), and each costs about a millisecond while stdlib's inverse
 * incomplete beta still runs in V8's interpreter, as it does at a run's end. Bounded, so a caller
 * asking for many different df holds no more than this.
 */
const tQuantiles = new Map<string, number>();
const MAX_T_QUANTILES = 1024;

/** Student t quantile with `df` degrees of freedom. */
export function tQuantile(p: number, df: number): number {
  const key = `${p} ${df}`;
  let q = tQuantiles.get(key);
  if (q === undefined) {
    q = stdlib().tQuantile(p, df);
    if (tQuantiles.size < MAX_T_QUANTILES) tQuantiles.set(key, q);
  }
  return q;
}

/** Chi-square CDF with `df` degrees of freedom. */
export function chiSquareCdf(x: number, df: number): number {
  return stdlib().chisqCdf(x, df);
}

/**
 * Upper tail P(X ≥ x) of a chi-square with `df` degrees of freedom, computed as the regularized
 * upper incomplete gamma Q(df/2, x/2) so that tiny p-values keep their precision (1 − cdf would round to 0).
 */
export function chiSquareSf(x: number, df: number): number {
  if (Number.isNaN(x) || Number.isNaN(df)) return NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  return stdlib().gammainc(x / 2, df / 2, true, true);
}

/** Beta(a, b) quantile. */
export function betaQuantile(p: number, a: number, b: number): number {
  return stdlib().betaQuantile(p, a, b);
}

/** Throws RangeError unless 0 < level < 1. */
export function checkLevel(level: number, where: string): void {
  if (!(level > 0 && level < 1)) throw new RangeError(`${where}: level must be in (0, 1), got ${level}`);
}
