/**
 * Student t-tests: paired, one-sample and Welch two-sample, following R's t.test
 * (estimate, standard error, t, df, p-value, confidence interval for the estimate).
 *
 * Degenerate input:
 *  - fewer than 2 values (per group for Welch, pairs for paired) → RangeError;
 *  - non-finite values → RangeError (R drops NA pairs silently; we refuse instead);
 *  - zero standard error (all differences equal): R's t.test stops with "data are essentially
 *    constant". We return t = ±Infinity (estimate ≠ mu; p-value 0 for the matching direction,
 *    1 for the other) or t = NaN (estimate = mu; p-value NaN), and the degenerate interval
 *    [estimate, estimate]. For Welch with both variances zero, df is NaN.
 */
import type { Interval, TestResult } from '../core/types.js';
import { mean, variance } from './mean.js';
import { checkLevel, tCdf, tQuantile } from './distributions.js';

export type Alternative = 'two-sided' | 'less' | 'greater';

export interface TTestOptions {
  alternative?: Alternative;
  /** hypothesised mean (one-sample), mean difference (paired) or difference in means (Welch); default 0 */
  mu?: number;
  /** confidence level of `ci`; default 0.95 */
  level?: number;
}

export type TTestResult = TestResult & {
  df: number;
  alternative: Alternative;
  /**
   * The estimate the test is about, as R's `estimate`: mean of x − y (paired), mean(x) − mean(y)
   * (Welch), mean of x (one-sample; not minus mu).
   */
  meanDifference: number;
  /** standard error of the estimate */
  stderr: number;
  /** confidence interval for the estimate (one-sided alternatives give a one-sided interval, as R) */
  ci: Interval;
};

function checkFinite(xs: ArrayLike<number>, what: string, where: string): void {
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i] as number;
    if (!Number.isFinite(v)) throw new RangeError(`${where}: ${what}[${i}] is not a finite number (${v})`);
  }
}

function pValue(t: number, df: number, alternative: Alternative): number {
  if (Number.isNaN(t)) return NaN;
  if (t === Infinity || t === -Infinity) {
    if (alternative === 'two-sided') return 0;
    if (alternative === 'less') return t < 0 ? 0 : 1;
    return t > 0 ? 0 : 1;
  }
  if (alternative === 'two-sided') return Math.min(1, 2 * tCdf(-Math.abs(t), df));
  if (alternative === 'less') return tCdf(t, df);
  return tCdf(-t, df);
}

function confidence(estimate: number, se: number, df: number, alternative: Alternative, level: number): Interval {
  const method = 't';
  if (alternative === 'two-sided') {
    const half = se === 0 ? 0 : tQuantile(1 - (1 - level) / 2, df) * se;
    return { low: estimate - half, high: estimate + half, level, method };
  }
  const half = se === 0 ? 0 : tQuantile(level, df) * se;
  if (alternative === 'less') return { low: -Infinity, high: estimate + half, level, method };
  return { low: estimate - half, high: Infinity, level, method };
}

function finish(name: string, estimate: number, se: number, df: number, opts: TTestOptions): TTestResult {
  const alternative = opts.alternative ?? 'two-sided';
  const mu = opts.mu ?? 0;
  const level = opts.level ?? 0.95;
  let t: number;
  if (se === 0) t = estimate > mu ? Infinity : estimate < mu ? -Infinity : NaN;
  else t = (estimate - mu) / se;
  return {
    name,
    statistic: t,
    df,
    pValue: pValue(t, df, alternative),
    alternative,
    meanDifference: estimate,
    stderr: se,
    ci: confidence(estimate, se, df, alternative, level),
  };
}

function checkOptions(opts: TTestOptions, where: string): void {
  if (opts.level !== undefined) checkLevel(opts.level, where);
  if (opts.mu !== undefined && !Number.isFinite(opts.mu)) throw new RangeError(`${where}: mu must be finite`);
}

/** One-sample t-test of H0: mean(x) = mu (R: t.test(x, mu = mu)). */
export function oneSampleTTest(x: ArrayLike<number>, opts: TTestOptions = {}): TTestResult {
  checkOptions(opts, 'oneSampleTTest');
  const n = x.length;
  if (n < 2) throw new RangeError(`oneSampleTTest: need at least 2 values, got ${n}`);
  checkFinite(x, 'x', 'oneSampleTTest');
  const se = Math.sqrt(variance(x) / n);
  return finish('one-sample t-test', mean(x), se, n - 1, opts);
}

/** Paired t-test of H0: mean(x − y) = mu (R: t.test(x, y, paired = TRUE)). */
export function pairedTTest(x: ArrayLike<number>, y: ArrayLike<number>, opts: TTestOptions = {}): TTestResult {
  checkOptions(opts, 'pairedTTest');
  if (x.length !== y.length) {
    throw new RangeError(`pairedTTest: x and y must have the same length, got ${x.length} and ${y.length}`);
  }
  const n = x.length;
  if (n < 2) throw new RangeError(`pairedTTest: need at least 2 pairs, got ${n}`);
  checkFinite(x, 'x', 'pairedTTest');
  checkFinite(y, 'y', 'pairedTTest');
  const d = new Float64Array(n);
  for (let i = 0; i < n; i++) d[i] = (x[i] as number) - (y[i] as number);
  const se = Math.sqrt(variance(d) / n);
  return finish('paired t-test', mean(d), se, n - 1, opts);
}

/**
 * The paired t-test from its differences' mean and sample variance (mean(d), variance(d)) over
 * `n` ≥ 2 pairs: what pairedTTest gives for those differences, for a reader that computes the two
 * in passes over the pairs rather than holding them (src/stats/paired-passes.ts).
 */
export function pairedTTestOfMoments(meanD: number, varianceD: number, n: number, opts: TTestOptions = {}): TTestResult {
  checkOptions(opts, 'pairedTTestOfMoments');
  if (n < 2) throw new RangeError(`pairedTTestOfMoments: need at least 2 pairs, got ${n}`);
  return finish('paired t-test', meanD, Math.sqrt(varianceD / n), n - 1, opts);
}

/**
 * Welch two-sample t-test (unequal variances) of H0: mean(x) − mean(y) = mu, with the
 * Welch–Satterthwaite df (R: t.test(x, y), var.equal = FALSE is R's default).
 */
export function welchTTest(x: ArrayLike<number>, y: ArrayLike<number>, opts: TTestOptions = {}): TTestResult {
  checkOptions(opts, 'welchTTest');
  if (x.length < 2) throw new RangeError(`welchTTest: need at least 2 values in x, got ${x.length}`);
  if (y.length < 2) throw new RangeError(`welchTTest: need at least 2 values in y, got ${y.length}`);
  checkFinite(x, 'x', 'welchTTest');
  checkFinite(y, 'y', 'welchTTest');
  const vx = variance(x) / x.length;
  const vy = variance(y) / y.length;
  const se2 = vx + vy;
  const df = (se2 * se2) / ((vx * vx) / (x.length - 1) + (vy * vy) / (y.length - 1));
  return finish("Welch two-sample t-test", mean(x) - mean(y), Math.sqrt(se2), df, opts);
}
