import { describe, expect, it } from 'vitest';
import {
  bootstrapInterval,
  bootstrapMeanInterval,
  bootstrapMeanOfGroupMeans,
} from '../../src/stats/bootstrap.js';
import { mean, tInterval } from '../../src/stats/mean.js';
import { normalQuantile } from '../../src/stats/distributions.js';
import { createRng } from '../../src/stats/rng.js';
import { quantileSorted } from '../../src/stats/quantile.js';

function normalSample(n: number, mu: number, sigma: number, seed: number): Float64Array {
  const rng = createRng(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = mu + sigma * normalQuantile((rng() + 1e-12) / (1 + 2e-12));
  return out;
}

describe('bootstrapInterval', () => {
  it('is deterministic for a seed and changes with the seed', () => {
    const xs = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
    const a = bootstrapMeanInterval(xs, { seed: 7 });
    const b = bootstrapMeanInterval(xs, { seed: 7 });
    const c = bootstrapMeanInterval(xs, { seed: 8 });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.method).toBe('bootstrap-percentile');
    expect(a.level).toBe(0.95);
    expect(a.low).toBeLessThan(mean(xs));
    expect(a.high).toBeGreaterThan(mean(xs));
  });

  it('for the mean of a large normal sample is close to the t interval', () => {
    const xs = normalSample(2000, 10, 2, 11);
    const t = tInterval(xs);
    const pct = bootstrapMeanInterval(xs);
    const bca = bootstrapMeanInterval(xs, { method: 'bca' });
    const width = t.high - t.low; // ≈ 2·1.96·2/√2000 ≈ 0.175
    for (const ci of [pct, bca]) {
      expect(Math.abs(ci.low - t.low)).toBeLessThan(0.1 * width);
      expect(Math.abs(ci.high - t.high)).toBeLessThan(0.1 * width);
    }
    expect(bca.method).toBe('bootstrap-bca');
  });

  it('BCa shifts towards the long tail for a skewed statistic', () => {
    // Exponential-like sample: the BCa interval for the mean sits to the right of the percentile one.
    const rng = createRng(5);
    const xs = Array.from({ length: 60 }, () => -Math.log(1 - rng()));
    const pct = bootstrapMeanInterval(xs);
    const bca = bootstrapMeanInterval(xs, { method: 'bca' });
    expect(bca.high).toBeGreaterThan(pct.high);
    expect(bca.low).toBeGreaterThan(pct.low);
  });

  it('level and resamples are honoured; degenerate and bad input handled', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8];
    const w95 = bootstrapMeanInterval(xs);
    const w50 = bootstrapMeanInterval(xs, { level: 0.5 });
    expect(w50.high - w50.low).toBeLessThan(w95.high - w95.low);
    expect(bootstrapMeanInterval([4])).toMatchObject({ low: 4, high: 4 });
    expect(() => bootstrapMeanInterval([])).toThrow(RangeError);
    expect(() => bootstrapMeanInterval(xs, { resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapInterval(xs, () => NaN)).toThrow(/NaN on 2000 of 2000/);
  });

  it('passes a resample of the right size drawn from the data', () => {
    const xs = [10, 20, 30];
    const seen = new Set<number>();
    bootstrapInterval(
      xs,
      (s) => {
        expect(s).toHaveLength(3);
        for (const v of s) seen.add(v);
        return s[0] as number;
      },
      { resamples: 200 },
    );
    expect([...seen].sort((a, b) => a - b)).toEqual([10, 20, 30]);
  });
});

describe('bootstrapMeanOfGroupMeans', () => {
  it('centres on the mean of group means, not the pooled mean', () => {
    // group means 1 and 10 -> mean of means 5.5; pooled mean (1·100 + 10·2)/102 ≈ 1.18
    const big = Array.from({ length: 100 }, (_, i) => 1 + ((i % 2) - 0.5) * 0.2);
    const small = [9.9, 10.1];
    const ci = bootstrapMeanOfGroupMeans([big, small]);
    expect(ci.low).toBeLessThan(5.5);
    expect(ci.high).toBeGreaterThan(5.5);
    expect(ci.low).toBeGreaterThan(5.3);
    expect(ci.high).toBeLessThan(5.7);
    expect(ci.method).toBe('bootstrap-percentile');
  });

  it('is deterministic and rejects empty input', () => {
    const gs = [[1, 2, 3], [4, 5, 9]];
    expect(bootstrapMeanOfGroupMeans(gs, { seed: 1 })).toEqual(bootstrapMeanOfGroupMeans(gs, { seed: 1 }));
    expect(() => bootstrapMeanOfGroupMeans([])).toThrow(/no groups/);
    expect(() => bootstrapMeanOfGroupMeans([[1], []])).toThrow(/group 1 is empty/);
  });

  it('with constant groups gives a point interval', () => {
    expect(bootstrapMeanOfGroupMeans([[2, 2], [4, 4, 4]])).toMatchObject({ low: 3, high: 3 });
  });
});

// Mutation-found gap: BCa was unpinned (the jackknife loop could go, the acceleration's `/` become
// `*`, the bias count's `<` become `<=`). Reference: scipy 1.17's own BCa on the same resample set:
// the 200 resamples seed 7 draws here (indices floor(rng() · 15), dumped as JSON) passed as
// theta_hat_b to scipy.stats._resampling._bca_interval((x,), np.mean, axis=-1, alpha=0.025, ...)
// (the per-tail alpha scipy.stats.bootstrap passes for a two-sided 95% interval), then
// np.percentile(theta_hat_b, [a1·100, a2·100]); for the mean a1 = 0.06599348253018282,
// a2 = 0.9943547497039791 (the percentile interval would use 0.025 and 0.975).
describe('BCa against scipy on a fixed resample set', () => {
  const x = [0.2, 0.9, 1.4, 0.3, 2.8, 0.5, 0.1, 4.2, 0.7, 1.1, 0.05, 0.6, 3.3, 0.4, 0.8];
  it('the mean of a skewed sample', () => {
    const ci = bootstrapInterval(x, (s) => mean(s), { method: 'bca', resamples: 200, seed: 7 });
    expect(ci.method).toBe('bootstrap-bca');
    expect(ci.low).toBeCloseTo(0.7242180201567092, 10);
    expect(ci.high).toBeCloseTo(1.9641985704885032, 10);
  });
  it('the median (ties among θ*, counted half, as scipy)', () => {
    const ci = bootstrapInterval(x, (s) => quantileSorted(Float64Array.from(s).sort(), 0.5), { method: 'bca', resamples: 200, seed: 7 });
    expect(ci.low).toBeCloseTo(0.3, 12);
    expect(ci.high).toBeCloseTo(1.1247271077094014, 10);
  });
});

// Mutation-found gaps: BCa's zero-acceleration case and its fallback, the number of statistic
// calls, and every check's message (each names the function that was called).
describe('BCa edges', () => {
  const median = (s: Float64Array) => quantileSorted(Float64Array.from(s).sort(), 0.5);

  it('every jackknife value equal (acceleration 0/0 taken as 0): the bias-corrected percentile interval', () => {
    // x = [1, 1, 1, 1, 1, 1, 5, 9]: every leave-one-out median is 1, so a = 0 and BCa is
    // Φ(2·z0 + z_p). Reference: the 100 medians this seed draws (dumped as JSON), in numpy/scipy:
    // below = (th < 1).sum() + 0.5·(th == 1).sum() = 44.5, z0 = norm.ppf(0.445) = −0.1383042,
    // p = norm.cdf(2·z0 + norm.ppf([0.025, 0.975])) = [0.0126572, 0.9538469],
    // np.percentile(th, p·100) = [1.0, 3.0]. (scipy's own BCa gives nan here: a = 0/0.)
    const ci = bootstrapInterval([1, 1, 1, 1, 1, 1, 5, 9], median, { method: 'bca', resamples: 100, seed: 3 });
    expect(ci).toEqual({ low: 1, high: 3, level: 0.95, method: 'bootstrap-bca' });
  });

  it('every θ* below θ̂ (z0 = +∞): falls back to the percentile interval and says so', () => {
    // the number of distinct values: 10 on the sample, fewer on (almost) every resample
    const distinct = (s: Float64Array) => new Set(s).size;
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const bca = bootstrapInterval(xs, distinct, { method: 'bca', resamples: 50, seed: 1 });
    const pct = bootstrapInterval(xs, distinct, { method: 'percentile', resamples: 50, seed: 1 });
    expect(bca).toEqual({ low: pct.low, high: pct.high, level: 0.95, method: 'bootstrap-percentile (BCa undefined)' });
    expect(pct.method).toBe('bootstrap-percentile');
  });

  it('calls the statistic B times for percentile, and B + 1 + n times for BCa (θ̂ and the n jackknife values)', () => {
    let calls = 0;
    const counted = (s: Float64Array) => {
      calls++;
      return mean(s);
    };
    bootstrapInterval([1, 2, 4, 8], counted, { resamples: 30, seed: 2 });
    expect(calls).toBe(30);
    calls = 0;
    bootstrapInterval([1, 2, 4, 8], counted, { method: 'bca', resamples: 30, seed: 2 });
    expect(calls).toBe(30 + 1 + 4);
  });

  it('one resample is allowed', () => {
    const ci = bootstrapInterval([1, 2, 3], (s) => mean(s), { resamples: 1, seed: 5 });
    expect(ci.low).toBe(ci.high);
  });

  it('names the function and what is wrong', () => {
    expect(() => bootstrapInterval([1, 2], (s) => mean(s), { resamples: 0 })).toThrow('bootstrapInterval: resamples must be a positive integer, got 0');
    expect(() => bootstrapInterval([1, 2], (s) => mean(s), { level: 2 })).toThrow(/^bootstrapInterval/);
    expect(() => bootstrapInterval([], (s) => mean(s))).toThrow('bootstrapInterval: cannot bootstrap an empty sample');
    expect(() => bootstrapInterval([1, 2, 3], (s) => (s[0] === 1 ? NaN : 1), { resamples: 10, seed: 1 })).toThrow(/^bootstrapInterval: the statistic was NaN on \d+ of 10 resamples$/);
    expect(() => bootstrapMeanOfGroupMeans([[1, 2]], { resamples: 1.5 })).toThrow('bootstrapMeanOfGroupMeans: resamples must be a positive integer, got 1.5');
    expect(() => bootstrapMeanOfGroupMeans([[1, NaN]], { resamples: 10 })).toThrow(/^bootstrapMeanOfGroupMeans: the statistic was NaN on \d+ of 10 resamples$/);
  });
});
