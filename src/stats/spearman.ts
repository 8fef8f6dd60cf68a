/**
 * Spearman rank correlation as scipy.stats.spearmanr: Pearson correlation of the ranks, ties
 * given their average rank (rankdata method 'average'); two-sided p-value from
 * t = ρ·sqrt((n − 2) / (1 − ρ²)) with n − 2 degrees of freedom (p = 0 when |ρ| = 1).
 * Optionally the exact permutation p-value (every pairing of y with x, as
 * scipy.stats.permutation_test(permutation_type='pairings', n_resamples=inf)), which is the
 * honest choice for the handful of models a position-bias table compares (n = 5 in the paper).
 */
import { tCdf } from './distributions.js';

export interface SpearmanResult {
  rho: number;
  n: number;
  /** two-sided p-value from the t approximation (scipy's default) */
  pValue: number;
  /** two-sided exact permutation p-value, when requested and n <= maxExactN */
  pExact?: number;
}

/** Ranks 1..n with ties averaged (scipy.stats.rankdata default). */
export function rankAverage(xs: ArrayLike<number>): Float64Array {
  const n = xs.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (xs[a] as number) - (xs[b] as number));
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && xs[order[j + 1] as number] === xs[order[i] as number]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k] as number] = r;
    i = j + 1;
  }
  return ranks;
}

function pearsonR(x: Float64Array, y: Float64Array): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i] as number;
    my += y[i] as number;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const a = (x[i] as number) - mx;
    const b = (y[i] as number) - my;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  if (sxx === 0 || syy === 0) return NaN;
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

function tPValue(rho: number, n: number): number {
  if (Number.isNaN(rho)) return NaN;
  const df = n - 2;
  if (df <= 0) return NaN;
  if (Math.abs(rho) >= 1) return 0;
  const t = rho * Math.sqrt(df / ((1 - rho) * (1 + rho)));
  return Math.min(1, 2 * (1 - tCdf(Math.abs(t), df)));
}

/** Heap's algorithm over the positions of `ry`, calling fn with each permutation. */
function eachPermutation(arr: Float64Array, fn: (p: Float64Array) => void): void {
  const n = arr.length;
  const c = new Int32Array(n);
  fn(arr);
  let i = 1;
  while (i < n) {
    if ((c[i] as number) < i) {
      const j = i % 2 === 0 ? 0 : (c[i] as number);
      const tmp = arr[j] as number;
      arr[j] = arr[i] as number;
      arr[i] = tmp;
      fn(arr);
      c[i] = (c[i] as number) + 1;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

function exactPValue(rx: Float64Array, ry: Float64Array, rho: number): number {
  if (Number.isNaN(rho)) return NaN;
  // scipy's permutation_test compares with a relative tolerance so that equal statistics
  // computed in a different order count as ties.
  const tol = Math.abs(rho) * 1e-14 + 1e-14;
  let ge = 0;
  let le = 0;
  let total = 0;
  eachPermutation(Float64Array.from(ry), (p) => {
    const r = pearsonR(rx, p);
    if (r >= rho - tol) ge++;
    if (r <= rho + tol) le++;
    total++;
  });
  return Math.min(1, 2 * Math.min(ge / total, le / total));
}

export const MAX_EXACT_N = 9;

export function spearman(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  opts: { exact?: boolean; maxExactN?: number } = {},
): SpearmanResult {
  if (x.length !== y.length) throw new RangeError(`spearman: x and y differ in length (${x.length} vs ${y.length})`);
  const n = x.length;
  if (n < 2) throw new RangeError(`spearman: need at least 2 pairs, got ${n}`);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(x[i] as number) || !Number.isFinite(y[i] as number)) {
      throw new RangeError(`spearman: pair ${i} is not finite (${x[i]}, ${y[i]})`);
    }
  }
  const rx = rankAverage(x);
  const ry = rankAverage(y);
  const rho = pearsonR(rx, ry);
  const out: SpearmanResult = { rho, n, pValue: tPValue(rho, n) };
  if (opts.exact === true && n <= (opts.maxExactN ?? MAX_EXACT_N)) out.pExact = exactPValue(rx, ry, rho);
  return out;
}
