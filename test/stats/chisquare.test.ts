import { describe, expect, it } from 'vitest';
import { chiSquareIndependence, mcnemar } from '../../src/stats/chisquare.js';

describe('chiSquareIndependence', () => {
  // 2×2 table [[12, 5], [7, 9]]: rows 17, 16; columns 19, 14; N = 33.
  // E = [[9.787879, 7.212121], [9.212121, 6.787879]], |O − E| = 2.212121 in every cell,
  // Σ 1/E = 0.102167 + 0.138655 + 0.108553 + 0.147321 = 0.496696.
  // Without Yates: 2.212121² · 0.496696 = 2.430576, p = 0.118989 (R chisq.test(m, correct = FALSE);
  //   scipy chi2_contingency(correction=False) = 2.4305755196815575, 0.118989205532145).
  // With Yates: 1.712121² · 0.496696 = 1.455996, p = 0.227568 (R chisq.test(m);
  //   scipy: 1.455996378814684, 0.22756821457580642).
  const m = [
    [12, 5],
    [7, 9],
  ];

  it('2×2 with Yates (R default)', () => {
    const r = chiSquareIndependence(m);
    expect(r.statistic).toBeCloseTo(1.455996378814684, 10);
    expect(r.pValue).toBeCloseTo(0.22756821457580642, 10);
    expect(r.df).toBe(1);
    expect(r.name).toMatch(/Yates/);
    expect(r.expected[0]![0]).toBeCloseTo((17 * 19) / 33, 12);
  });

  it('2×2 without Yates', () => {
    const r = chiSquareIndependence(m, { yates: false });
    expect(r.statistic).toBeCloseTo(2.4305755196815575, 10);
    expect(r.pValue).toBeCloseTo(0.118989205532145, 10);
    expect(r.name).not.toMatch(/Yates/);
  });

  it("R's ?chisq.test example (2×3, no correction applies)", () => {
    // M <- as.table(rbind(c(762, 327, 468), c(484, 239, 477))); chisq.test(M)
    // -> X-squared = 30.07, df = 2, p-value = 2.954e-07
    const r = chiSquareIndependence([
      [762, 327, 468],
      [484, 239, 477],
    ]);
    expect(r.statistic).toBeCloseTo(30.070149095754672, 9);
    expect(r.df).toBe(2);
    expect(r.pValue).toBeCloseTo(2.9535891832117595e-7, 12);
    expect(r.pValue / 2.9535891832117595e-7).toBeCloseTo(1, 6);
  });

  it('Yates never over-corrects (|O − E| < 0.5)', () => {
    // [[5,5],[5,5]]: O = E, so the statistic is 0 with or without Yates.
    expect(chiSquareIndependence([[5, 5], [5, 5]]).statistic).toBe(0);
    expect(chiSquareIndependence([[5, 5], [5, 5]]).pValue).toBe(1);
  });

  it('rejects malformed tables', () => {
    expect(() => chiSquareIndependence([[1, 2]])).toThrow(/2 × 2/);
    expect(() => chiSquareIndependence([[1, 2], [3]])).toThrow(/row 1/);
    expect(() => chiSquareIndependence([[1, -2], [3, 4]])).toThrow(/\[0\]\[1\]/);
    expect(() => chiSquareIndependence([[0, 0], [3, 4]])).toThrow(/row 0 sums to zero/);
    expect(() => chiSquareIndependence([[0, 1], [0, 4]])).toThrow(/column 0/);
  });
});

describe('mcnemar', () => {
  // R ?mcnemar.test, presidential approval (Agresti 1990, p. 350): table [[794, 150], [86, 570]],
  // discordant b = 150, c = 86.
  // With continuity: (|150 − 86| − 1)² / 236 = 3969/236 = 16.81780, p = 4.114562e-05
  // (R's mcnemar.test formula; p from scipy chi2.sf(3969/236, 1)).
  // Without: 64²/236 = 17.35593, p = 3.099293e-05 (Agresti's z² = 17.36).
  it('matches the worked example', () => {
    const r = mcnemar(150, 86);
    expect(r.statistic).toBeCloseTo(3969 / 236, 10);
    expect(r.pValue).toBeCloseTo(4.114562281345944e-5, 10);
    expect(r.df).toBe(1);
    const u = mcnemar(150, 86, { continuity: false });
    expect(u.statistic).toBeCloseTo(4096 / 236, 10);
    expect(u.pValue).toBeCloseTo(3.099293441045215e-5, 10);
  });

  it('no discordant pairs -> statistic 0, p 1; bad counts rejected', () => {
    expect(mcnemar(0, 0)).toMatchObject({ statistic: 0, pValue: 1 });
    expect(() => mcnemar(-1, 2)).toThrow(/b/);
    expect(() => mcnemar(1, 2.5)).toThrow(/c/);
  });
});

// Mutation-found gaps: Yates' correction must not reach a 3 × 2 table, and McNemar with b = c > 0
// is X² = 1/(b + c) with the continuity correction (not 0, p 1).
describe('chi-square paths the 2 × 2 references did not reach', () => {
  it('a 3 × 2 table is never continuity-corrected (scipy.stats.chi2_contingency(t, correction=True))', () => {
    const r = chiSquareIndependence([[12, 5], [7, 9], [3, 11]]);
    expect(r.statistic).toBeCloseTo(7.543024255156609, 10);
    expect(r.pValue).toBeCloseTo(0.02301723196792829, 10);
    expect(r.df).toBe(2);
    expect(r.name).toBe("Pearson's chi-squared test");
  });
  it('McNemar with b = c > 0: X² = (|4 − 4| − 1)² / 8 = 0.125, p = scipy.stats.chi2.sf(0.125, 1)', () => {
    const r = mcnemar(4, 4);
    expect(r.statistic).toBeCloseTo(0.125, 12); // (|4 − 4| − 1)² / 8
    expect(r.pValue).toBeCloseTo(0.7236736098317631, 10);
    const u = mcnemar(4, 4, { continuity: false });
    expect(u.statistic).toBe(0);
    expect(u.pValue).toBe(1);
  });
});
