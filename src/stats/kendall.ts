/**
 * Kendall's tau-b with ties, in O(n log n) by Knight's (1966) algorithm: sort by (x, y), count
 * discordant pairs as the swaps of a stable merge sort on y, and correct for ties in x, y and both.
 *
 *   tau_b = (n0 − n1 − n2 + n3 − 2·swaps) / sqrt((n0 − n1)(n0 − n2))
 *   n0 = n(n−1)/2, n1 = Σ t(t−1)/2 over x-tie groups, n2 likewise for y, n3 for joint (x, y) ties.
 *
 * p-value: two-sided, from the normal approximation with the tie-corrected variance of S = C − D
 * (Kendall 1970, eq. 4.3), exactly as scipy.stats.kendalltau(method='asymptotic'):
 *   var(S) = [n(n−1)(2n+5) − Σt(t−1)(2t+5) − Σu(u−1)(2u+5)] / 18
 *          + [Σt(t−1)(t−2)][Σu(u−1)(u−2)] / [9n(n−1)(n−2)]
 *          + [Σt(t−1)][Σu(u−1)] / [2n(n−1)]
 * scipy's default (method='auto') switches to the exact null distribution when there are no ties
 * and n ≤ 33; we always use the asymptotic p-value (slant's samples are large and tied).
 *
 * Degenerate input: n < 2 or a constant variable → tau and p NaN (as scipy). Non-finite values or
 * unequal lengths → RangeError.
 */
import { normalCdf } from './distributions.js';

export interface KendallResult {
  tau: number;
  pValue: number;
  n: number;
}

interface TieSums {
  /** Σ t(t−1)/2 */
  pairs: number;
  /** Σ t(t−1)(t−2) */
  v2: number;
  /** Σ t(t−1)(2t+5) */
  v5: number;
}

function addTie(s: TieSums, t: number): void {
  if (t < 2) return;
  s.pairs += (t * (t - 1)) / 2;
  s.v2 += t * (t - 1) * (t - 2);
  s.v5 += t * (t - 1) * (2 * t + 5);
}

/** Tie sums of an ascending-sorted sequence. */
function tieSums(sorted: ArrayLike<number>): TieSums {
  const s: TieSums = { pairs: 0, v2: 0, v5: 0 };
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]) run++;
    else {
      addTie(s, run);
      run = 1;
    }
  }
  return s;
}

/** Stable bottom-up merge sort of `a` in place, returning the number of inversions (a[i] > a[j], i < j). */
function mergeSortCountSwaps(a: Float64Array): number {
  const n = a.length;
  let src: Float64Array = a;
  let dst: Float64Array = new Float64Array(n);
  let swaps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if ((src[j] as number) < (src[i] as number)) {
          dst[k++] = src[j++] as number;
          swaps += mid - i;
        } else dst[k++] = src[i++] as number;
      }
      while (i < mid) dst[k++] = src[i++] as number;
      while (j < hi) dst[k++] = src[j++] as number;
    }
    const tmp = src;
    src = dst;
    dst = tmp;
  }
  if (src !== a) a.set(src);
  return swaps;
}

export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): KendallResult {
  if (x.length !== y.length) throw new RangeError(`kendallTauB: x and y differ in length (${x.length} vs ${y.length})`);
  const n = x.length;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(x[i] as number) || !Number.isFinite(y[i] as number)) {
      throw new RangeError(`kendallTauB: pair ${i} is not finite (${x[i]}, ${y[i]})`);
    }
  }
  if (n < 2) return { tau: NaN, pValue: NaN, n };
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => (x[i] as number) - (x[j] as number) || (y[i] as number) - (y[j] as number));
  const xs = Float64Array.from(order, (i) => x[i] as number);
  const ys = Float64Array.from(order, (i) => y[i] as number);

  const xTies = tieSums(xs);
  // Joint ties: runs equal in both x and y (adjacent after the lexicographic sort).
  let n3 = 0;
  let run = 1;
  for (let i = 1; i <= n; i++) {
    if (i < n && xs[i] === xs[i - 1] && ys[i] === ys[i - 1]) run++;
    else {
      n3 += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  const swaps = mergeSortCountSwaps(ys);
  const yTies = tieSums(ys);

  const n0 = (n * (n - 1)) / 2;
  if (xTies.pairs === n0 || yTies.pairs === n0) return { tau: NaN, pValue: NaN, n };
  const s = n0 - xTies.pairs - yTies.pairs + n3 - 2 * swaps; // C − D
  const tau = s / Math.sqrt(n0 - xTies.pairs) / Math.sqrt(n0 - yTies.pairs);

  const m = n * (n - 1);
  const variance =
    (m * (2 * n + 5) - xTies.v5 - yTies.v5) / 18 +
    (2 * xTies.pairs * yTies.pairs) / m +
    (n > 2 ? (xTies.v2 * yTies.v2) / (9 * m * (n - 2)) : 0);
  const z = s / Math.sqrt(variance);
  const pValue = Math.min(1, 2 * normalCdf(-Math.abs(z)));
  return { tau: Math.max(-1, Math.min(1, tau)), pValue, n };
}
