/**
 * Mean, variance, standard deviation and the Student-t interval for a mean. Each is also given
 * over values in chunks (`…OfChunks`: the values of the chunks in turn, as one array), for a
 * column kept in blocks that would otherwise be joined into one more copy of itself to be read,
 * with the same operations in the same order, so they give the same digits.
 */
import type { Interval, Metric } from '../core/types.js';
import { checkLevel, tQuantile } from './distributions.js';

/** Values as chunks read one after another. */
export type Chunks = readonly ArrayLike<number>[];

const countOf = (chunks: Chunks): number => chunks.reduce((n, c) => n + c.length, 0);

/** Arithmetic mean; NaN for an empty array. */
export function mean(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n === 0) return NaN;
  let s = 0;
  for (let i = 0; i < n; i++) s += xs[i] as number;
  const m = s / n;
  // One correction pass (sum of residuals) improves accuracy for large, offset data.
  let r = 0;
  for (let i = 0; i < n; i++) r += (xs[i] as number) - m;
  return m + r / n;
}

/**
 * mean() of the chunks' values in turn, its operations in the same order. mean() keeps a loop of
 * its own: a bootstrap calls it once per resample, and through the chunks' loop it was slower.
 */
export function meanOfChunks(chunks: Chunks): number {
  const n = countOf(chunks);
  if (n === 0) return NaN;
  let s = 0;
  for (const xs of chunks) for (let i = 0; i < xs.length; i++) s += xs[i] as number;
  const m = s / n;
  // One correction pass (sum of residuals) improves accuracy for large, offset data.
  let r = 0;
  for (const xs of chunks) for (let i = 0; i < xs.length; i++) r += (xs[i] as number) - m;
  return m + r / n;
}

/**
 * Variance with `ddof` delta degrees of freedom (1 = sample variance, as R's var; 0 = population).
 * Two-pass with compensation. NaN when n − ddof ≤ 0 (e.g. one value with ddof = 1).
 */
export function variance(xs: ArrayLike<number>, ddof = 1): number {
  return varianceOfChunks([xs], ddof);
}

function varianceOfChunks(chunks: Chunks, ddof: number): number {
  const n = countOf(chunks);
  if (n - ddof <= 0) return NaN;
  const m = meanOfChunks(chunks);
  let ss = 0;
  let comp = 0;
  for (const xs of chunks) {
    for (let i = 0; i < xs.length; i++) {
      const d = (xs[i] as number) - m;
      ss += d * d;
      comp += d;
    }
  }
  return (ss - (comp * comp) / n) / (n - ddof);
}

/** Standard deviation: sqrt(variance(xs, ddof)). */
export function sd(xs: ArrayLike<number>, ddof = 1): number {
  return Math.sqrt(variance(xs, ddof));
}

/**
 * Student-t confidence interval for the mean: x̄ ± t_{(1+level)/2, n−1} · s/√n (method 't').
 * Throws RangeError when n < 2 (no variance estimate). Zero variance gives the degenerate
 * interval [x̄, x̄] (R's t.test refuses such data: "data are essentially constant").
 */
export function tInterval(xs: ArrayLike<number>, level = 0.95): Interval {
  return tIntervalOfChunks([xs], level);
}

function tIntervalOfChunks(chunks: Chunks, level: number): Interval {
  checkLevel(level, 'tInterval');
  const n = countOf(chunks);
  if (n < 2) throw new RangeError(`tInterval: need at least 2 values, got ${n}`);
  const m = meanOfChunks(chunks);
  const se = Math.sqrt(varianceOfChunks(chunks, 1)) / Math.sqrt(n);
  const half = se === 0 ? 0 : tQuantile(1 - (1 - level) / 2, n - 1) * se;
  return { low: m - half, high: m + half, level, method: 't' };
}

/**
 * A 'mean' metric with a 95% t interval.
 * n = 0: value NaN (there is no mean), no ci. n = 1: value = the single value, no ci.
 */
export function meanMetric(name: string, label: string, xs: ArrayLike<number>): Metric {
  return meanMetricOfChunks(name, label, [xs]);
}

/** meanMetric() of the chunks' values in turn. */
export function meanMetricOfChunks(name: string, label: string, chunks: Chunks): Metric {
  const n = countOf(chunks);
  const metric: Metric = { name, label, value: meanOfChunks(chunks), n, kind: 'mean' };
  if (n >= 2) metric.ci = tIntervalOfChunks(chunks, 0.95);
  return metric;
}
