/**
 * Paired comparisons of a mitigation against the baseline on the same records:
 * McNemar's exact test and Newcombe's paired score interval for rates, Holm's step-down
 * adjustment for many comparisons. Means use the paired t-test (ttest.ts) and a bootstrap of the
 * paired differences (bootstrap.ts).
 */
import type { Interval, TestResult } from '../core/types.js';
import { checkLevel } from './distributions.js';
import { wilsonInterval } from './proportion.js';

/** log C(n, k) via log-gamma-free summation (n is a count of discordant pairs: small to moderate). */
function logChoose(n: number, k: number): number {
  let s = 0;
  const kk = Math.min(k, n - k);
  for (let i = 1; i <= kk; i++) s += Math.log(n - kk + i) - Math.log(i);
  return s;
}

/**
 * McNemar's exact test: under H0 the b discordant pairs of one kind among the b + c discordant
 * pairs follow Binomial(b + c, 1/2); two-sided p = min(1, 2 · P(X ≤ min(b, c))), as R's
 * `binom.test(b, b + c)` and `exact2x2::mcnemar.exact`. No discordant pairs: p = 1.
 * Worked example: b = 2, c = 8 → p = 2 · (1 + 10 + 45) / 1024 = 0.109375.
 */
export function mcnemarExact(b: number, c: number): TestResult {
  for (const [k, v] of [['b', b], ['c', c]] as const) {
    if (!(Number.isInteger(v) && v >= 0)) throw new RangeError(`mcnemarExact: ${k} must be a non-negative integer, got ${v}`);
  }
  const n = b + c;
  const name = "McNemar's exact test (binomial on discordant pairs)";
  if (n === 0) return { name, statistic: 0, pValue: 1, alternative: 'two-sided' };
  const k = Math.min(b, c);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return { name, statistic: b, df: n, pValue: Math.min(1, 2 * tail), alternative: 'two-sided' };
}

/** Paired binary outcomes: a = both 1, b = baseline 1 & mitigated 0, c = baseline 0 & mitigated 1, d = both 0. */
export interface PairedCounts {
  a: number;
  b: number;
  c: number;
  d: number;
}

export function pairedCounts(x: ArrayLike<number>, y: ArrayLike<number>): PairedCounts {
  if (x.length !== y.length) throw new RangeError('pairedCounts: samples differ in length');
  const out = { a: 0, b: 0, c: 0, d: 0 };
  for (let i = 0; i < x.length; i++) {
    const u = x[i] === 1;
    const v = y[i] === 1;
    if (u && v) out.a++;
    else if (u) out.b++;
    else if (v) out.c++;
    else out.d++;
  }
  return out;
}

/**
 * Newcombe's (1998, Stat Med 17:2635, method 10) score interval for the difference of paired
 * proportions θ = p₂ − p₁ (mitigated minus baseline), p₁ = (a+b)/n, p₂ = (a+c)/n, from the Wilson
 * intervals [l₁,u₁], [l₂,u₂] and Newcombe's corrected phi φ = C/√((a+b)(c+d)(a+c)(b+d)),
 * C = ad − bc − n/2 if ad − bc > n/2, 0 if 0 ≤ ad − bc ≤ n/2, ad − bc if negative (φ = 0 when a
 * margin is empty):
 *   L = θ − √((p₂−l₂)² − 2φ(p₂−l₂)(u₁−p₁) + (u₁−p₁)²)
 *   U = θ + √((u₂−p₂)² − 2φ(u₂−p₂)(p₁−l₁) + (p₁−l₁)²)
 * With φ = 0 it is the unpaired hybrid score interval of the same two proportions. Worked example
 * (Altman et al. 2000, Statistics with Confidence, Table 6.2: a = 14, b = 5, c = 0, d = 22):
 * θ = −5/41 = −0.1220, 95% interval −0.2265 to −0.0115 (the same numbers as R's
 * biostatUZH::confIntPairedProportion, which reports p₁ − p₂: 0.0115 to 0.2265).
 */
export function newcombePairedInterval(t: PairedCounts, level = 0.95): Interval {
  checkLevel(level, 'newcombePairedInterval');
  const n = t.a + t.b + t.c + t.d;
  if (n === 0) return { low: NaN, high: NaN, level, method: 'newcombe-paired-score' };
  const x1 = t.a + t.b;
  const x2 = t.a + t.c;
  const p1 = x1 / n;
  const p2 = x2 / n;
  const w1 = wilsonInterval(x1, n, level);
  const w2 = wilsonInterval(x2, n, level);
  const denom = Math.sqrt((t.a + t.b) * (t.c + t.d) * (t.a + t.c) * (t.b + t.d));
  // Newcombe's corrected phi: ad − bc − n/2 when ad − bc > n/2, 0 when 0 ≤ ad − bc ≤ n/2, ad − bc when negative
  const cross = t.a * t.d - t.b * t.c;
  const corrected = cross > n / 2 ? cross - n / 2 : cross < 0 ? cross : 0;
  const phi = denom === 0 ? 0 : corrected / denom;
  const theta = p2 - p1;
  const dl = Math.sqrt(Math.max(0, (p2 - w2.low) ** 2 - 2 * phi * (p2 - w2.low) * (w1.high - p1) + (w1.high - p1) ** 2));
  const du = Math.sqrt(Math.max(0, (w2.high - p2) ** 2 - 2 * phi * (w2.high - p2) * (p1 - w1.low) + (p1 - w1.low) ** 2));
  return { low: theta - dl, high: theta + du, level, method: 'newcombe-paired-score' };
}

/**
 * Holm's (1979) step-down adjustment, as R's `p.adjust(p, "holm")`: sort ascending, multiply the
 * i-th smallest (0-based) by (m − i), carry the running maximum, cap at 1. NaN p-values are left
 * NaN and do not count towards m.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const idx = pValues.map((p, i) => ({ p, i })).filter((e) => Number.isFinite(e.p));
  idx.sort((x, y) => x.p - y.p || x.i - y.i);
  const m = idx.length;
  const out = pValues.map(() => NaN);
  let running = 0;
  idx.forEach((e, k) => {
    running = Math.max(running, Math.min(1, (m - k) * e.p));
    out[e.i] = running;
  });
  return out;
}
