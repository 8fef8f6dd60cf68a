import { describe, expect, it } from 'vitest';
import { rankAverage, spearman } from '../../src/stats/spearman.js';

describe('spearman (scipy.stats.spearmanr)', () => {
  it('averages tied ranks', () => {
    expect(Array.from(rankAverage([10, 20, 20, 30]))).toEqual([1, 2.5, 2.5, 4]);
    expect(Array.from(rankAverage([3, 1, 2]))).toEqual([3, 1, 2]);
  });

  it('reproduces the scipy documentation example (with a tie)', () => {
    // stats.spearmanr([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])
    //   -> statistic=0.8207826816681233, pvalue=0.08858700531354381
    // exact: stats.permutation_test(..., permutation_type='pairings', n_resamples=np.inf) -> 0.13333333333333333
    const r = spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7], { exact: true });
    expect(r.rho).toBeCloseTo(0.8207826816681233, 12);
    expect(r.pValue).toBeCloseTo(0.08858700531354381, 10);
    expect(r.pExact).toBeCloseTo(2 / 15, 12);
    expect(r.n).toBe(5);
  });

  it('n = 5 models, one swap: rho = 0.9 (as in the paper\'s Table 1)', () => {
    // scipy: spearmanr([1,2,3,4,5],[1,2,3,5,4]) -> 0.9, p = 0.03738607346849874; exact p = 10/120
    const r = spearman([1, 2, 3, 4, 5], [1, 2, 3, 5, 4], { exact: true });
    expect(r.rho).toBeCloseTo(0.9, 12);
    expect(r.pValue).toBeCloseTo(0.03738607346849874, 10);
    expect(r.pExact).toBeCloseTo(1 / 12, 12);
  });

  it('perfect and constant cases', () => {
    const r = spearman([1, 2, 3], [30, 20, 10]);
    expect(r.rho).toBe(-1);
    expect(r.pValue).toBe(0);
    expect(Number.isNaN(spearman([1, 2, 3], [4, 4, 4]).rho)).toBe(true);
    expect(() => spearman([1, 2], [1])).toThrow(RangeError);
  });
});

// Mutation-found gap: the exact permutation p-value's lower tail (both earlier exact tests had ρ > 0).
describe('exact Spearman p-value for negative ρ', () => {
  it('matches scipy.stats.permutation_test(..., permutation_type="pairings", n_resamples=np.inf)', () => {
    const a = spearman([1, 2, 3, 4, 5, 6], [6, 4, 5, 2, 3, 1], { exact: true });
    expect(a.rho).toBeCloseTo(-0.8857142857142858, 12);
    expect(a.pExact).toBeCloseTo(0.03333333333333333, 12); // 24/720
    const b = spearman([1, 2, 3, 4, 5, 6], [5, 6, 3, 4, 1, 2], { exact: true });
    expect(b.rho).toBeCloseTo(-0.8285714285714287, 12);
    expect(b.pExact).toBeCloseTo(0.058333333333333334, 12); // 42/720
  });
});

// Mutation-found gaps: the p-value at n = 2, the exact p-value of a constant side, the checks'
// messages and when the exact p-value is computed.
describe('spearman at the edges', () => {
  it('n = 2: ρ = ±1 but no degrees of freedom, so p is undefined (scipy.stats.spearmanr([1, 2], [1, 2]).pvalue = nan)', () => {
    const r = spearman([1, 2], [1, 2]);
    expect(r.rho).toBe(1);
    expect(r.pValue).toBeNaN();
    expect(spearman([1, 2], [2, 1]).pValue).toBeNaN();
  });

  it('a constant side: ρ, p and the exact p are all undefined (scipy: nan, nan), never 0', () => {
    const r = spearman([1, 2, 3], [4, 4, 4], { exact: true });
    expect(r.rho).toBeNaN();
    expect(r.pValue).toBeNaN();
    expect(r.pExact).toBeNaN();
  });

  it('names what is wrong with the input', () => {
    expect(() => spearman([1, 2], [1])).toThrow('spearman: x and y differ in length (2 vs 1)');
    expect(() => spearman([1], [1])).toThrow('spearman: need at least 2 pairs, got 1');
    expect(() => spearman([], [])).toThrow('spearman: need at least 2 pairs, got 0');
    expect(() => spearman([1, 2, 3], [1, Number.NaN, 3])).toThrow('spearman: pair 1 is not finite (2, NaN)');
    expect(() => spearman([1, Infinity, 3], [1, 2, 3])).toThrow('spearman: pair 1 is not finite (Infinity, 2)');
  });

  it('the exact p-value only when asked for and n is at most maxExactN (default 9)', () => {
    const x = [1, 2, 3, 4, 5];
    const y = [1, 2, 3, 5, 4];
    expect(spearman(x, y).pExact).toBeUndefined();
    expect(spearman(x, y, { exact: false }).pExact).toBeUndefined();
    expect(spearman(x, y, { exact: true, maxExactN: 4 }).pExact).toBeUndefined();
    expect(spearman(x, y, { exact: true, maxExactN: 5 }).pExact).toBeCloseTo(1 / 12, 12);
    const ten = Array.from({ length: 10 }, (_, i) => i);
    expect(spearman(ten, ten, { exact: true }).pExact).toBeUndefined();
  });
});
