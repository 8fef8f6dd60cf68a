import { describe, expect, it } from 'vitest';
import { holmAdjust, mcnemarExact, newcombePairedInterval, pairedCounts } from '../../src/stats/paired.js';
import { newcombeInterval } from '../../src/probes/hallucination/newcombe.js';
import { pairedTTest } from '../../src/stats/ttest.js';

describe("McNemar's exact test", () => {
  it('is the two-sided binomial test on the discordant pairs (scipy.stats.binomtest / R binom.test)', () => {
    // binomtest(2, 10).pvalue = 2·(1 + 10 + 45)/1024 = 0.109375
    expect(mcnemarExact(2, 8).pValue).toBeCloseTo(0.109375, 12);
    expect(mcnemarExact(8, 2).pValue).toBeCloseTo(0.109375, 12);
    // binomtest(3, 18).pvalue = 0.007537841796875; binomtest(0, 6).pvalue = 0.03125
    expect(mcnemarExact(3, 15).pValue).toBeCloseTo(0.007537841796875, 12);
    expect(mcnemarExact(0, 6).pValue).toBeCloseTo(0.03125, 12);
    expect(mcnemarExact(5, 5).pValue).toBe(1);
    expect(mcnemarExact(0, 0).pValue).toBe(1);
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
  });
});

describe("Newcombe's paired score interval (method 10)", () => {
  it('reproduces Altman et al. (2000) Table 6.2 (mitigated − baseline)', () => {
    const ci = newcombePairedInterval({ a: 14, b: 5, c: 0, d: 22 });
    expect(ci.low).toBeCloseTo(-0.2264926843512112, 10);
    expect(ci.high).toBeCloseTo(-0.01148324138303325, 10);
    expect(ci.method).toBe('newcombe-paired-score');
  });

  it('with a zero corrected phi it equals the unpaired hybrid score interval of the same margins', () => {
    // a = 5, b = 5, c = 5, d = 5: ad − bc = 0 → φ = 0; margins 10/20 and 10/20
    const paired = newcombePairedInterval({ a: 5, b: 5, c: 5, d: 5 });
    const unpaired = newcombeInterval(10, 20, 10, 20);
    expect(paired.low).toBeCloseTo(unpaired.low, 12);
    expect(paired.high).toBeCloseTo(unpaired.high, 12);
  });

  it('counts the paired table from 0/1 vectors', () => {
    expect(pairedCounts([1, 1, 0, 0, 1], [1, 0, 1, 0, 0])).toEqual({ a: 1, b: 2, c: 1, d: 1 });
  });
});

describe("Holm's adjustment", () => {
  it("matches R's p.adjust(c(0.01, 0.04, 0.03, 0.005), 'holm') = 0.03 0.06 0.06 0.02", () => {
    const adj = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((v, i) => expect(adj[i]).toBeCloseTo(v, 12));
    expect(holmAdjust([0.5, 0.9])).toEqual([1, 1]);
    expect(holmAdjust([0.2, NaN])).toEqual([0.2, NaN]);
  });
});

describe('paired t-test used for mean effects', () => {
  it('matches scipy.stats.ttest_rel(y, x)', () => {
    const x = [0.8, 0.7, 0.9, 0.6, 0.75];
    const y = [0.7, 0.72, 0.8, 0.5, 0.7];
    const t = pairedTTest(y, x);
    expect(t.statistic).toBeCloseTo(-2.799023467943904, 10);
    expect(t.pValue).toBeCloseTo(0.04886016543355395, 10);
  });
});

// Mutation-found gaps: the only reference table (Altman, Table 6.2) has c = 0 and positive
// association, so φ's (a + c) could become (a − c) and the negative-association branch of the
// corrected φ could take any value. Reference: Newcombe (1998) method 10 written independently in
// Python with statsmodels' Wilson intervals (proportion_confint(x, n, method='wilson')); the same
// script gives Altman's −0.2264926843512112 to −0.011483241383033277 for (14, 5, 0, 22).
describe("Newcombe's paired interval with c ≠ 0 and with negative association", () => {
  it('a = 30, b = 12, c = 4, d = 20 (φ = 0.4956)', () => {
    const ci = newcombePairedInterval({ a: 30, b: 12, c: 4, d: 20 });
    expect(ci.low).toBeCloseTo(-0.2340274609579951, 12);
    expect(ci.high).toBeCloseTo(-0.0021626645176306136, 12);
  });
  it('a = 2, b = 10, c = 8, d = 5: ad − bc < 0, φ = (ad − bc)/√… = −0.4576', () => {
    const ci = newcombePairedInterval({ a: 2, b: 10, c: 8, d: 5 });
    expect(ci.low).toBeCloseTo(-0.3797970030572761, 12);
    expect(ci.high).toBeCloseTo(0.237897021723258, 12);
  });
});
