import { describe, expect, it } from 'vitest';
import { binomialDraw, multinomialCounts, multinomialCountsInto } from '../../src/stats/binomial.js';
import { chiSquareSf } from '../../src/stats/distributions.js';
import { createRng } from '../../src/stats/rng.js';

/** Binomial(n, p) probabilities by the recurrence pmf(k + 1) = pmf(k) · (n − k)/(k + 1) · p/(1 − p), in logs. */
function binomialPmf(n: number, p: number): number[] {
  const out: number[] = [];
  let lp = n * Math.log1p(-p);
  for (let k = 0; k <= n; k++) {
    out.push(Math.exp(lp));
    lp += Math.log((n - k) / (k + 1)) + Math.log(p / (1 - p));
  }
  return out;
}

/**
 * Pearson goodness of fit of `draws` to Binomial(n, p): bins with an expected count below 5 are
 * pooled with their neighbour towards the mode. Returns the p-value.
 */
function goodnessOfFit(draws: number[], n: number, p: number): { pValue: number; bins: number } {
  const pmf = binomialPmf(n, p);
  const seen = new Array<number>(n + 1).fill(0);
  for (const d of draws) seen[d]!++;
  const N = draws.length;
  const bins: { o: number; e: number }[] = [];
  let o = 0;
  let e = 0;
  for (let k = 0; k <= n; k++) {
    o += seen[k]!;
    e += pmf[k]! * N;
    if (e >= 5) {
      bins.push({ o, e });
      o = 0;
      e = 0;
    }
  }
  const last = bins[bins.length - 1]!;
  last.o += o;
  last.e += e;
  const x2 = bins.reduce((s, b) => s + (b.o - b.e) ** 2 / b.e, 0);
  return { pValue: chiSquareSf(x2, bins.length - 1), bins: bins.length };
}

describe('binomialDraw follows Binomial(n, p) exactly', () => {
  // both methods (waiting times below n·p = 10, BTRS above), both sides of p = ½, the framing
  // card's row size, and the boundary between the methods
  const cases: [number, number][] = [
    [20, 0.3],
    [5, 0.9],
    [30, 0.33],
    [31, 0.33],
    [200, 0.3],
    [1000, 0.5],
    [10071, 0.85],
    [3000, 0.02],
  ];
  for (const [n, p] of cases) {
    it(`n = ${n}, p = ${p}: 20,000 draws pass a chi-square goodness-of-fit test, with the binomial mean and variance`, () => {
      const rng = createRng(7);
      const draws = Array.from({ length: 20_000 }, () => binomialDraw(n, p, rng));
      expect(draws.every((d) => Number.isInteger(d) && d >= 0 && d <= n)).toBe(true);
      const fit = goodnessOfFit(draws, n, p);
      expect(fit.bins).toBeGreaterThan(2);
      expect(fit.pValue).toBeGreaterThan(0.001);
      const mean = draws.reduce((a, b) => a + b, 0) / draws.length;
      const variance = draws.reduce((a, b) => a + (b - mean) ** 2, 0) / (draws.length - 1);
      const sd = Math.sqrt(n * p * (1 - p));
      // the mean within 4 standard errors; the variance within 6%
      expect(Math.abs(mean - n * p)).toBeLessThan((4 * sd) / Math.sqrt(draws.length));
      expect(variance / (sd * sd)).toBeGreaterThan(0.94);
      expect(variance / (sd * sd)).toBeLessThan(1.06);
    });
  }

  it('the test above rejects a sampler that is only approximately binomial (the normal approximation)', () => {
    const rng = createRng(7);
    const n = 31;
    const p = 0.33;
    const sd = Math.sqrt(n * p * (1 - p));
    const normal = (): number => {
      const u = 1 - rng();
      const v = rng();
      const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      return Math.min(n, Math.max(0, Math.round(n * p + sd * z)));
    };
    const draws = Array.from({ length: 20_000 }, normal);
    expect(goodnessOfFit(draws, n, p).pValue).toBeLessThan(0.001);
  });

  it('edge cases: n = 0, p = 0 and p = 1 are certain; bad arguments are refused', () => {
    const rng = createRng(1);
    expect(binomialDraw(0, 0.4, rng)).toBe(0);
    expect(binomialDraw(17, 0, rng)).toBe(0);
    expect(binomialDraw(17, 1, rng)).toBe(17);
    expect(() => binomialDraw(-1, 0.5, rng)).toThrow(/non-negative integer/);
    expect(() => binomialDraw(2.5, 0.5, rng)).toThrow(/non-negative integer/);
    expect(() => binomialDraw(3, 1.5, rng)).toThrow(/\[0, 1\]/);
    expect(() => binomialDraw(3, NaN, rng)).toThrow(/\[0, 1\]/);
  });

  it('the same seed gives the same draws', () => {
    const a = createRng(99);
    const b = createRng(99);
    const xs = Array.from({ length: 50 }, () => binomialDraw(500, 0.4, a));
    const ys = Array.from({ length: 50 }, () => binomialDraw(500, 0.4, b));
    expect(xs).toEqual(ys);
  });
});

describe('multinomialCounts', () => {
  it('counts sum to n; each category is Binomial(n, p_k) in mean; weights need not sum to 1', () => {
    const rng = createRng(11);
    const weights = [2, 5, 0, 3]; // shares 0.2, 0.5, 0, 0.3
    const n = 1000;
    const sums = [0, 0, 0, 0];
    const R = 4000;
    for (let r = 0; r < R; r++) {
      const c = multinomialCounts(n, weights, rng);
      expect(c.reduce((a, b) => a + b, 0)).toBe(n);
      expect(c[2]).toBe(0);
      c.forEach((v, k) => (sums[k]! += v));
    }
    const shares = [0.2, 0.5, 0, 0.3];
    shares.forEach((s, k) => {
      const se = Math.sqrt((n * s * (1 - s)) / R);
      expect(Math.abs(sums[k]! / R - n * s)).toBeLessThanOrEqual(4 * se + 1e-9);
    });
  });

  it('the covariance of two categories is −n·p_i·p_j, as a multinomial (not independent binomials)', () => {
    const rng = createRng(5);
    const p = [0.5, 0.3, 0.2];
    const n = 400;
    const R = 20_000;
    let s0 = 0;
    let s1 = 0;
    let s01 = 0;
    for (let r = 0; r < R; r++) {
      const c = multinomialCounts(n, p, rng);
      s0 += c[0]!;
      s1 += c[1]!;
      s01 += c[0]! * c[1]!;
    }
    const cov = s01 / R - (s0 / R) * (s1 / R);
    expect(cov / (-n * 0.5 * 0.3)).toBeGreaterThan(0.9);
    expect(cov / (-n * 0.5 * 0.3)).toBeLessThan(1.1);
  });

  it('no weight at all puts every draw in the last category; n = 0 gives zeros', () => {
    const rng = createRng(3);
    expect(multinomialCounts(7, [0, 0, 0], rng)).toEqual([0, 0, 7]);
    expect(multinomialCounts(0, [0.5, 0.5], rng)).toEqual([0, 0]);
    expect(multinomialCounts(9, [1], rng)).toEqual([9]);
    // no category at all: nothing to put the draws in, and nothing written beside the (empty) counts
    const none = multinomialCounts(9, [], rng);
    expect(none).toEqual([]);
    expect(Object.keys(none)).toEqual([]);
  });

  it('a category holding all the weight left takes every remaining draw, even an infinite weight (∞/∞ is never drawn with)', () => {
    const rng = createRng(3);
    expect(multinomialCounts(9, [1, Infinity, 1], rng)).toEqual([0, 9, 0]);
    expect(multinomialCounts(9, [Infinity, 1], rng)).toEqual([9, 0]);
  });

  it('into a buffer: the same counts from the same uniforms, earlier counts cleared, entries past the weights left alone', () => {
    const a = createRng(11);
    const b = createRng(11);
    const out = new Float64Array([5, 5, 5, 5, -1]);
    for (const [n, p] of [[1000, [0.2, 0.3, 0.1, 0.4]], [40, [0.5, 0.5, 0, 0]], [7, [0, 0, 0, 0]], [3, [1, 0, 0, 0]]] as const) {
      const want = multinomialCounts(n, p, a);
      multinomialCountsInto(n, p, b, out);
      expect(Array.from(out.subarray(0, 4))).toEqual(want);
      expect(out[4]).toBe(-1);
    }
    // both streams were drawn from alike
    expect(a()).toBe(b());
  });
});

// Mutation-found gap: the refusals were matched by a phrase.
describe('binomialDraw messages', () => {
  it('name the argument and the value', () => {
    const rng = createRng(1);
    expect(() => binomialDraw(-1, 0.5, rng)).toThrow('binomialDraw: n must be a non-negative integer, got -1');
    expect(() => binomialDraw(3, 1.5, rng)).toThrow('binomialDraw: p must be in [0, 1], got 1.5');
    expect(() => binomialDraw(3, -0.5, rng)).toThrow('binomialDraw: p must be in [0, 1], got -0.5');
  });
});
