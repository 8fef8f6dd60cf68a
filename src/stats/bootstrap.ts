/**
 * Nonparametric bootstrap confidence intervals, seeded and reproducible.
 *
 * Percentile interval (Efron & Tibshirani 1993, §13.3): the (α/2, 1−α/2) type-7 quantiles of the
 * statistic over B resamples drawn with replacement. BCa (ibid. §14.3): percentiles adjusted by the
 * bias correction z0 = Φ⁻¹(share of θ* below θ̂, ties counted half) and the jackknife acceleration
 * a = Σ(θ̄₍.₎ − θ₍ᵢ₎)³ / (6 [Σ(θ̄₍.₎ − θ₍ᵢ₎)²]^{3/2}), as scipy.stats.bootstrap(method='BCa').
 * When BCa is undefined (every θ* on one side of θ̂) it falls back to the percentile interval,
 * and the returned `method` says so.
 *
 * Defaults: 2000 resamples, level 0.95, seed 42. The Float64Array passed to `statistic` is reused
 * between calls: the statistic must not keep it.
 */
import type { Interval } from '../core/types.js';
import { checkLevel, normalCdf, normalQuantile } from './distributions.js';
import { mean } from './mean.js';
import { quantileSorted } from './quantile.js';
import { createRng } from './rng.js';
import { resampleDraws } from './resample-draws.js';

export interface BootstrapOptions {
  /** number of resamples B; default 2000 */
  resamples?: number;
  /** confidence level; default 0.95 */
  level?: number;
  /** PRNG seed; default 42 */
  seed?: number;
  /** 'percentile' (default) or 'bca' */
  method?: 'percentile' | 'bca';
}

export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 42;

function resolve(opts: BootstrapOptions, where: string): { B: number; level: number; seed: number } {
  const B = opts.resamples ?? DEFAULT_RESAMPLES;
  const level = opts.level ?? 0.95;
  const seed = opts.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(B) || B < 1) throw new RangeError(`${where}: resamples must be a positive integer, got ${B}`);
  checkLevel(level, where);
  return { B, level, seed };
}

function percentileFromSorted(stats: Float64Array, level: number): Interval {
  const alpha = 1 - level;
  return {
    low: quantileSorted(stats, alpha / 2),
    high: quantileSorted(stats, 1 - alpha / 2),
    level,
    method: 'bootstrap-percentile',
  };
}

function sortChecked(stats: Float64Array, where: string): Float64Array {
  let nan = 0;
  for (const v of stats) if (Number.isNaN(v)) nan++;
  if (nan > 0) {
    throw new RangeError(`${where}: the statistic was NaN on ${nan} of ${stats.length} resamples`);
  }
  return stats.sort();
}

/** Bootstrap interval for `statistic` of a single sample `xs`. Throws RangeError when xs is empty. */
export function bootstrapInterval(
  xs: ArrayLike<number>,
  statistic: (sample: Float64Array) => number,
  opts: BootstrapOptions = {},
): Interval {
  const { B, level, seed } = resolve(opts, 'bootstrapInterval');
  const n = xs.length;
  if (n === 0) throw new RangeError('bootstrapInterval: cannot bootstrap an empty sample');
  const data = Float64Array.from(xs);
  const buf = new Float64Array(n);
  const stats = new Float64Array(B);
  // the seed's draws, shared with the other bootstraps over n items (resample-draws.ts)
  const draws = resampleDraws(seed, n, B);
  const rng = draws === null ? createRng(seed) : null;
  for (let b = 0, p = 0; b < B; b++) {
    if (draws !== null) for (let i = 0; i < n; i++) buf[i] = data[draws[p++] as number] as number;
    else for (let i = 0; i < n; i++) buf[i] = data[Math.floor((rng as () => number)() * n)] as number;
    stats[b] = statistic(buf);
  }
  const sorted = sortChecked(stats, 'bootstrapInterval');
  if ((opts.method ?? 'percentile') === 'percentile') return percentileFromSorted(sorted, level);
  return bca(data, statistic, sorted, level);
}

function bca(
  data: Float64Array,
  statistic: (sample: Float64Array) => number,
  sorted: Float64Array,
  level: number,
): Interval {
  const n = data.length;
  const B = sorted.length;
  const thetaHat = statistic(Float64Array.from(data));
  let below = 0;
  for (const v of sorted) {
    if (v < thetaHat) below += 1;
    else if (v === thetaHat) below += 0.5;
  }
  const z0 = normalQuantile(below / B);
  // Jackknife acceleration.
  const jack = new Float64Array(n);
  const buf = new Float64Array(n - 1);
  for (let i = 0; i < n; i++) {
    let k = 0;
    for (let j = 0; j < n; j++) if (j !== i) buf[k++] = data[j] as number;
    jack[i] = statistic(buf);
  }
  const jm = mean(jack);
  let num = 0;
  let den = 0;
  for (const v of jack) {
    const d = jm - v;
    num += d * d * d;
    den += d * d;
  }
  const a = den === 0 ? 0 : num / (6 * Math.pow(den, 1.5));
  const alpha = 1 - level;
  const adjust = (p: number): number => {
    const zp = normalQuantile(p);
    return normalCdf(z0 + (z0 + zp) / (1 - a * (z0 + zp)));
  };
  const p1 = adjust(alpha / 2);
  const p2 = adjust(1 - alpha / 2);
  if (!Number.isFinite(z0) || !(p1 >= 0 && p1 <= 1) || !(p2 >= 0 && p2 <= 1)) {
    const fallback = percentileFromSorted(sorted, level);
    return { ...fallback, method: 'bootstrap-percentile (BCa undefined)' };
  }
  return { low: quantileSorted(sorted, p1), high: quantileSorted(sorted, p2), level, method: 'bootstrap-bca' };
}

/**
 * Percentile bootstrap interval for the mean of group means (e.g. "mean over (model, dataset) cells
 * of the per-cell mean"): each resample redraws every group with replacement, within the group,
 * and averages the group means. Groups stay fixed (stratified bootstrap). Throws RangeError when
 * there are no groups or a group is empty.
 */
export function bootstrapMeanOfGroupMeans(
  groups: ArrayLike<number>[],
  opts: Omit<BootstrapOptions, 'method'> = {},
): Interval {
  const { B, level, seed } = resolve(opts, 'bootstrapMeanOfGroupMeans');
  if (groups.length === 0) throw new RangeError('bootstrapMeanOfGroupMeans: no groups');
  const data = groups.map((g, gi) => {
    if (g.length === 0) throw new RangeError(`bootstrapMeanOfGroupMeans: group ${gi} is empty`);
    return Float64Array.from(g);
  });
  const rng = createRng(seed);
  const stats = new Float64Array(B);
  for (let b = 0; b < B; b++) {
    let total = 0;
    for (const g of data) {
      const n = g.length;
      let s = 0;
      for (let i = 0; i < n; i++) s += g[Math.floor(rng() * n)] as number;
      total += s / n;
    }
    stats[b] = total / data.length;
  }
  return percentileFromSorted(sortChecked(stats, 'bootstrapMeanOfGroupMeans'), level);
}

/** Convenience: percentile bootstrap interval for the mean of `xs`. */
export function bootstrapMeanInterval(xs: ArrayLike<number>, opts: BootstrapOptions = {}): Interval {
  return bootstrapInterval(xs, (s) => mean(s), opts);
}
