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

// Mutation-found gaps: the corrected φ between n/2 and 2n and between 0 and n/2 (Altman's table
// and the two above are outside both), the empty table, McNemar without discordant pairs, and the
// checks' messages. Reference: the same independent method-10 script (statsmodels' Wilson
// intervals), newcombe10(a, b, c, d) -> (low, high).
describe("Newcombe's corrected φ on either side of n/2", () => {
  it('a = 5, b = 3, c = 2, d = 5: ad − bc = 19 is between n/2 = 7.5 and 2n, C = 11.5, φ = 0.2054', () => {
    const ci = newcombePairedInterval({ a: 5, b: 3, c: 2, d: 5 });
    expect(ci.low).toBeCloseTo(-0.34221269210278515, 12);
    expect(ci.high).toBeCloseTo(0.2260146459455981, 12);
  });
  it('a = 5, b = 5, c = 5, d = 6: 0 < ad − bc = 5 ≤ n/2 = 10.5, so C = 0 and φ = 0', () => {
    const ci = newcombePairedInterval({ a: 5, b: 5, c: 5, d: 6 });
    expect(ci.low).toBeCloseTo(-0.27784601271069176, 12);
    expect(ci.high).toBeCloseTo(0.27784601271069176, 12);
  });
  it('an empty table has no interval (NaN, not a thrown Wilson error); a bad level is named', () => {
    expect(newcombePairedInterval({ a: 0, b: 0, c: 0, d: 0 })).toEqual({ low: NaN, high: NaN, level: 0.95, method: 'newcombe-paired-score' });
    expect(() => newcombePairedInterval({ a: 1, b: 1, c: 1, d: 1 }, 1.5)).toThrow(/newcombePairedInterval/);
  });
});

describe("McNemar's exact test and the paired counts at the edges", () => {
  it('no discordant pairs: statistic 0, p = 1 and no degrees of freedom', () => {
    expect(mcnemarExact(0, 0)).toEqual({ name: "McNemar's exact test (binomial on discordant pairs)", statistic: 0, pValue: 1, alternative: 'two-sided' });
  });
  it('names the count that is wrong', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow('mcnemarExact: b must be a non-negative integer, got -1');
    expect(() => mcnemarExact(1, 2.5)).toThrow('mcnemarExact: c must be a non-negative integer, got 2.5');
  });
  it('refuses samples of different lengths, naming the function', () => {
    expect(() => pairedCounts([1, 0, 1], [1, 0])).toThrow('pairedCounts: samples differ in length');
    expect(() => pairedCounts([1, 0], [1, 0, 1])).toThrow('pairedCounts: samples differ in length');
  });
});
