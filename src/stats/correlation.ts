/** Pearson product-moment correlation with its t test and Fisher-z interval (R: cor.test). */
import type { Interval } from '../core/types.js';
import { checkLevel, tCdf, zCritical } from './distributions.js';

export interface PearsonResult {
  r: number;
  n: number;
  /** two-sided p-value of H0: ρ = 0 from t = r·sqrt(df / (1 − r²)) */
  pValue: number;
  /** Fisher-z interval tanh(atanh(r) ± z_{(1+level)/2} / sqrt(n − 3)), method 'fisher-z' */
  ci: Interval;
  t: number;
  df: number;
}

/**
 * Pearson correlation of paired samples.
 * - lengths differ, n < 3, or non-finite values → RangeError (R's cor.test needs n ≥ 3);
 * - n = 3: the Fisher interval is [-1, 1] (R reports none below n = 4);
 * - a constant variable: r, t, p and the interval are NaN (R: NA with a warning);
 * - |r| = 1: t = ±Infinity, p = 0, interval [r, r].
 */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>, opts: { level?: number } = {}): PearsonResult {
  const level = opts.level ?? 0.95;
  checkLevel(level, 'pearson');
  if (x.length !== y.length) throw new RangeError(`pearson: x and y differ in length (${x.length} vs ${y.length})`);
  const n = x.length;
  if (n < 3) throw new RangeError(`pearson: need at least 3 pairs, got ${n}`);
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    const a = x[i] as number;
    const b = y[i] as number;
    if (!Number.isFinite(a) || !Number.isFinite(b)) throw new RangeError(`pearson: pair ${i} is not finite (${a}, ${b})`);
    sx += a;
    sy += b;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const a = (x[i] as number) - mx;
    const b = (y[i] as number) - my;
    sxx += a * a;
    syy += b * b;
    sxy += a * b;
  }
  const df = n - 2;
  const method = 'fisher-z';
  if (sxx === 0 || syy === 0) {
    return { r: NaN, n, pValue: NaN, t: NaN, df, ci: { low: NaN, high: NaN, level, method } };
  }
  const r = Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
  if (Math.abs(r) === 1) {
    return { r, n, pValue: 0, t: r * Infinity, df, ci: { low: r, high: r, level, method } };
  }
  const t = r * Math.sqrt(df / (1 - r * r));
  const pValue = Math.min(1, 2 * tCdf(-Math.abs(t), df));
  const z = Math.atanh(r);
  const half = zCritical(level) / Math.sqrt(n - 3);
  return { r, n, pValue, t, df, ci: { low: Math.tanh(z - half), high: Math.tanh(z + half), level, method } };
}
