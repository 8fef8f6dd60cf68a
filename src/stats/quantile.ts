/** Sample quantiles (R's default type 7: linear interpolation between order statistics). */

/** Quantile p ∈ [0, 1] of an already ascending-sorted array; NaN when empty. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile: p must be in [0, 1], got ${p}`);
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return h === lo ? a : a + (h - lo) * (b - a);
}

/** Quantile p of unsorted values (copies and sorts). R: quantile(xs, p, type = 7). */
export function quantile(xs: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(xs).sort();
  return quantileSorted(sorted, p);
}

/** Median (type-7 quantile 0.5). */
export function median(xs: ArrayLike<number>): number {
  return quantile(xs, 0.5);
}
