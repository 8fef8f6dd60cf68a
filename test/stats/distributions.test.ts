import { describe, expect, it } from 'vitest';
import { checkLevel, chiSquareSf, normalCdf, tCdf, tQuantile, zCritical } from '../../src/stats/distributions.js';

describe('distribution wrappers (values from scipy.stats)', () => {
  it('normal', () => {
    expect(zCritical(0.95)).toBeCloseTo(1.959963984540054, 12); // norm.ppf(0.975)
    expect(normalCdf(0)).toBe(0.5);
  });

  it('t', () => {
    expect(tCdf(-2.262157, 9)).toBeCloseTo(0.025000006652215814, 10); // t.cdf(-2.262157, 9)
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.262157, 6);
  });

  it('t quantiles asked again (remembered) and past what is remembered are the same values', () => {
    // t.ppf(0.975, 499), t.ppf(0.025, 499), t.ppf(0.995, 30) from scipy.stats
    const again = () => [tQuantile(0.975, 499), tQuantile(0.025, 499), tQuantile(0.995, 30)];
    const first = again();
    expect(first[0]).toBeCloseTo(1.9647293909876886, 10);
    expect(first[1]).toBeCloseTo(-1.9647293909876886, 10);
    expect(first[2]).toBeCloseTo(2.7499956535672254, 10);
    expect(again()).toEqual(first);
    // more distinct df than are remembered: each still computed
    for (let df = 1; df <= 1500; df++) tQuantile(0.9, df);
    expect(tQuantile(0.975, 5000)).toBeCloseTo(1.9604385517065073, 9);
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.262157, 6);
  });

  it('chi-square upper tail keeps precision far in the tail', () => {
    // chi2.sf(100, 1) = 1.5239706048320995e-23; 1 − cdf would be 0 in double precision.
    expect(chiSquareSf(100, 1) / 1.5239706048320995e-23).toBeCloseTo(1, 8);
    expect(chiSquareSf(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSf(0, 3)).toBe(1);
    expect(chiSquareSf(Infinity, 3)).toBe(0);
    expect(chiSquareSf(NaN, 3)).toBeNaN();
  });

  it('checkLevel', () => {
    expect(() => checkLevel(0.95, 'x')).not.toThrow();
    expect(() => checkLevel(1, 'x')).toThrow(/x: level/);
    expect(() => checkLevel(NaN, 'x')).toThrow(RangeError);
  });
});

// Mutation-found gap: a negative statistic (scipy.stats.chi2.sf(-1, 1) = 1.0) was never asked for.
describe('chiSquareSf below zero', () => {
  it('is 1 for x < 0, as scipy.stats.chi2.sf(-1, 1)', () => {
    expect(chiSquareSf(-1, 1)).toBe(1);
    expect(chiSquareSf(-0.5, 3)).toBe(1);
  });
});
