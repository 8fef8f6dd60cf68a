import { describe, expect, it } from 'vitest';
import { mean, meanMetric, meanMetricOfChunks, meanOfChunks, sd, tInterval, variance } from '../../src/stats/mean.js';

// R's sleep data, group 1 (extra hours of sleep).
const g1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];

describe('mean / variance / sd', () => {
  it('matches hand computation', () => {
    // sum = 7.5 -> mean 0.75; R: var(sleep$extra[1:10]) = 3.200556, sd = 1.789010
    expect(mean(g1)).toBeCloseTo(0.75, 12);
    expect(variance(g1)).toBeCloseTo(3.200556, 6);
    expect(sd(g1)).toBeCloseTo(1.78901, 5);
    // population variance of [2,4,4,4,5,5,7,9] = 4 (classic example), sample = 32/7
    expect(variance([2, 4, 4, 4, 5, 5, 7, 9], 0)).toBe(4);
    expect(variance([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(32 / 7, 12);
    expect(sd([2, 4, 4, 4, 5, 5, 7, 9], 0)).toBe(2);
  });

  it('is accurate for large offsets', () => {
    const xs = [1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16];
    expect(variance(xs)).toBeCloseTo(30, 6);
  });

  // Mutation-found gaps: the correction passes of the mean (a residual sum) and of the variance
  // (the compensation term) were never seen to change a digit; these inputs need both.
  it('the correction passes make the mean and variance exactly rounded (Python statistics, exact fractions)', () => {
    // statistics.fmean([0.1] * 10) = 0.1; the plain sum / n gives 0.09999999999999999
    expect(mean(Array.from({ length: 10 }, () => 0.1))).toBe(0.1);
    // statistics.variance([1000000000001.0, 1000000000001.1]) = 0.004997558891773224 (numpy.var(ddof=1)
    // has no compensation term: 0.004997566342353821)
    expect(variance([1000000000001.0, 1000000000001.1])).toBe(0.004997558891773224);
    // statistics.variance / pvariance of five values near 1e12: 9.136984375119209 / 7.309587500095367
    // (the latter within a unit in the last place: the division by n rounds once more)
    const xs = [1000000000000.0, 1000000000007.5, 1000000000005.0, 1000000000001.9, 1000000000001.5];
    expect(variance(xs)).toBe(9.136984375119209);
    expect(variance(xs, 0)).toBeCloseTo(7.309587500095367, 14);
  });

  it('handles degenerate input', () => {
    expect(mean([])).toBeNaN();
    expect(variance([1])).toBeNaN();
    expect(variance([], 0)).toBeNaN();
    expect(variance([3], 0)).toBe(0);
    expect(mean(new Float64Array([1, 2, 3]))).toBe(2);
  });
});

describe('tInterval', () => {
  it("matches R's t.test(sleep group 1)$conf.int", () => {
    // R: t.test(sleep$extra[1:10]) -> 95 percent CI -0.5297804  2.0297804
    const ci = tInterval(g1);
    expect(ci.low).toBeCloseTo(-0.5297804, 6);
    expect(ci.high).toBeCloseTo(2.0297804, 6);
    expect(ci.method).toBe('t');
    expect(ci.level).toBe(0.95);
  });

  it('honours the level and degenerate cases', () => {
    const ci90 = tInterval(g1, 0.9);
    expect(ci90.high - ci90.low).toBeLessThan(2.0297804 + 0.5297804);
    expect(() => tInterval([1])).toThrow(RangeError);
    expect(() => tInterval([1, 2], 1.5)).toThrow(RangeError);
    expect(tInterval([2, 2, 2])).toMatchObject({ low: 2, high: 2 });
  });
});

describe('meanMetric', () => {
  it('carries n, kind and a t interval', () => {
    const m = meanMetric('mean_extra', 'extra sleep', g1);
    expect(m).toMatchObject({ name: 'mean_extra', label: 'extra sleep', n: 10, kind: 'mean' });
    expect(m.value).toBeCloseTo(0.75, 12);
    expect(m.ci?.low).toBeCloseTo(-0.5297804, 6);
  });

  it('has no interval for n < 2 and value NaN for n = 0', () => {
    const m0 = meanMetric('x', 'x', []);
    expect(m0.n).toBe(0);
    expect(m0.value).toBeNaN();
    expect(m0.ci).toBeUndefined();
    const m1 = meanMetric('x', 'x', [5]);
    expect(m1).toMatchObject({ value: 5, n: 1 });
    expect(m1.ci).toBeUndefined();
  });
});

// Mutation-found gaps: the guards below two values and the messages.
describe('mean edges', () => {
  it('variance is undefined (NaN, as statistics.variance refuses) whenever n − ddof ≤ 0, not only at n = 1', () => {
    expect(variance([3], 2)).toBeNaN();
    expect(variance([1, 2], 2)).toBeNaN();
    expect(variance([1, 2], 1)).toBe(0.5);
  });
  it('meanMetric has a t interval from n = 2 (R: t.test(c(1, 2))$conf.int = -4.853102 7.853102)', () => {
    const m = meanMetric('x', 'x', [1, 2]);
    expect(m.ci?.low).toBeCloseTo(-4.853102, 6);
    expect(m.ci?.high).toBeCloseTo(7.853102, 6);
  });
  it('tInterval names itself in its messages', () => {
    expect(() => tInterval([1, 2], 1.5)).toThrow('tInterval: level must be in (0, 1), got 1.5');
    expect(() => tInterval([1])).toThrow('tInterval: need at least 2 values, got 1');
  });
});

describe('over chunks', () => {
  // values whose sum's last digits depend on the order and on the correction pass: large offset, small spread
  const values = (n: number): number[] => Array.from({ length: n }, (_, i) => 1e6 + Math.sin(i) / 7 + (i % 3) * 0.1);
  const cut = (xs: number[], at: number[]): Float64Array[] => [0, ...at].map((a, k) => Float64Array.from(xs.slice(a, [...at, xs.length][k])));

  it('gives the digits of the same values in one array, however they are cut', () => {
    const xs = values(1_000);
    for (const at of [[], [1], [500], [3, 4, 999], [0, 0, 1_000]]) {
      const chunks = cut(xs, at);
      expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(1_000);
      expect(meanOfChunks(chunks)).toBe(mean(xs));
      expect(meanMetricOfChunks('m', 'm', chunks)).toEqual(meanMetric('m', 'm', xs));
    }
    // the correction pass matters here: a plain sum ÷ n differs in its last digits
    expect(xs.reduce((a, x) => a + x, 0) / xs.length).not.toBe(mean(xs));
  });

  it('has no mean nor interval without values, and no interval for one', () => {
    expect(meanOfChunks([])).toBeNaN();
    expect(meanOfChunks([new Float64Array(0), new Float64Array(0)])).toBeNaN();
    expect(meanMetricOfChunks('m', 'm', [new Float64Array(0)])).toEqual({ name: 'm', label: 'm', value: NaN, n: 0, kind: 'mean' });
    expect(meanMetricOfChunks('m', 'm', [new Float64Array(0), Float64Array.from([5])])).toEqual({ name: 'm', label: 'm', value: 5, n: 1, kind: 'mean' });
    const two = meanMetricOfChunks('m', 'm', [Float64Array.from([1]), Float64Array.from([2])]);
    expect(two.ci?.low).toBeCloseTo(-4.853102, 6);
    expect(two.ci?.high).toBeCloseTo(7.853102, 6);
  });
});
