import { describe, expect, it } from 'vitest';
import { correctedStatistics, correctJoint, correctPrevalences, invert, multinomialDraw, multiply, roganGladen, rowNormalise, transpose } from '../../src/stats/misclassification.js';
import { createRng } from '../../src/stats/rng.js';

describe('Rogan–Gladen', () => {
  it('inverts p_obs = se·p + (1 − sp)(1 − p): worked numbers', () => {
    // true prevalence 0.30, se 0.80, sp 0.90: p_obs = 0.24 + 0.07 = 0.31
    expect(roganGladen(0.31, 0.8, 0.9)).toBeCloseTo(0.3, 12);
    // (0.2 + 0.95 − 1) / (0.7 + 0.95 − 1) = 0.15 / 0.65
    expect(roganGladen(0.2, 0.7, 0.95)).toBeCloseTo(0.15 / 0.65, 12);
    // a judge no better than chance carries no information
    expect(roganGladen(0.4, 0.5, 0.5)).toBeNaN();
  });

  it('the 2-class matrix inversion equals Rogan–Gladen', () => {
    const m = [
      [0.8, 0.2], // true positive: se 0.8
      [0.1, 0.9], // true negative: sp 0.9
    ];
    const p = correctPrevalences([0.31, 0.69], m)!;
    expect(p[0]).toBeCloseTo(0.3, 12);
    expect(p[1]).toBeCloseTo(0.7, 12);
  });
});

describe('matrix correction', () => {
  it('recovers a known joint table exactly from its expected judged table (P_obs = Mᵀ P M)', () => {
    const m = [
      [0.85, 0.05, 0.1],
      [0.05, 0.8, 0.15],
      [0.15, 0.2, 0.65],
    ];
    const truth = [
      [0.3, 0.05, 0.1],
      [0.02, 0.2, 0.05],
      [0.15, 0.03, 0.1],
    ];
    const obs = multiply(multiply(transpose(m), truth), m);
    const back = correctJoint(obs, m)!;
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(back[i]![j]).toBeCloseTo(truth[i]![j]!, 10);
  });

  it('clips negative shares to 0 and renormalises', () => {
    // p_obs below the false-positive rate: the raw inversion is negative
    const p = correctPrevalences([0.05, 0.95], [
      [0.8, 0.2],
      [0.1, 0.9],
    ])!;
    expect(p[0]).toBe(0);
    expect(p[1]).toBe(1);
  });

  it('returns null for a singular confusion matrix', () => {
    expect(invert([[0.5, 0.5], [0.5, 0.5]])).toBeNull();
    expect(correctPrevalences([0.5, 0.5], [[0.5, 0.5], [0.5, 0.5]])).toBeNull();
  });
});

describe('bootstrap over items and confusion counts', () => {
  it('the 95% interval covers the true prevalence at the nominal rate (400 simulations)', () => {
    const rng = createRng(2026);
    const truth = 0.3;
    const se = 0.8;
    const sp = 0.9;
    const nItems = 400;
    const nVal = 150;
    const sims = 400;
    let covered = 0;
    for (let s = 0; s < sims; s++) {
      // the judge's validation rows: nVal true positives and nVal true negatives
      const pos = multinomialDraw(nVal, [se, 1 - se], rng);
      const neg = multinomialDraw(nVal, [1 - sp, sp], rng);
      // the measured items: true class drawn, then judged with the same error rates
      let judgedPos = 0;
      for (let i = 0; i < nItems; i++) {
        const isPos = rng() < truth;
        if (rng() < (isPos ? se : 1 - sp)) judgedPos++;
      }
      const est = correctedStatistics({
        observed: [judgedPos, nItems - judgedPos],
        confusion: [pos, neg],
        statistics: (p) => ({ prevalence: (p as number[])[0]! }),
        resamples: 200,
        seed: s + 1,
      })!;
      const ci = est.prevalence!.ci;
      if (ci.low <= truth && truth <= ci.high) covered++;
    }
    const rate = covered / sims;
    expect(rate).toBeGreaterThanOrEqual(0.92);
    expect(rate).toBeLessThanOrEqual(0.98);
  });

  it('a perfect judge leaves the shares as observed and the interval is the item bootstrap', () => {
    const est = correctedStatistics({
      observed: [30, 70],
      confusion: [
        [100, 0],
        [0, 100],
      ],
      statistics: (p) => ({ prevalence: (p as number[])[0]! }),
      resamples: 500,
      seed: 3,
    })!;
    expect(est.prevalence!.value).toBeCloseTo(0.3, 12);
    expect(est.prevalence!.ci.low).toBeGreaterThan(0.19);
    expect(est.prevalence!.ci.high).toBeLessThan(0.41);
    expect(est.prevalence!.ci.high - est.prevalence!.ci.low).toBeLessThan(0.2);
    expect(rowNormalise([[1, 3]])[0]).toEqual([0.25, 0.75]);
  });
});

// Mutation-found gap: the known-groups path (rows are given, e.g. a base statement's polarity;
// only the judged columns are corrected, row by row) had no unit test. Reference, numpy:
// for each row r: np.linalg.inv(M.T) @ (r / r.sum()) * r.sum() / n.
describe('correctedStatistics with known rows', () => {
  it('corrects each row\'s judged shares on its own and keeps the row totals', () => {
    const est = correctedStatistics({
      observed: [
        [30, 10, 8],
        [8, 40, 12],
      ],
      confusion: [
        [80, 10, 10],
        [10, 80, 10],
        [10, 10, 80],
      ],
      knownRows: true,
      statistics: (c) => {
        const m = c as number[][];
        return { r0c0: m[0]![0]!, r0c1: m[0]![1]!, r0c2: m[0]![2]!, r1c0: m[1]![0]!, r1c1: m[1]![1]!, r1c2: m[1]![2]!, row0: m[0]!.reduce((a, b) => a + b, 0) };
      },
      resamples: 200,
    })!;
    expect(est.r0c0!.value).toBeCloseTo(0.33333333333333326, 12);
    expect(est.r0c1!.value).toBeCloseTo(0.06878306878306878, 12);
    expect(est.r0c2!.value).toBeCloseTo(0.04232804232804232, 12);
    expect(est.r1c0!.value).toBeCloseTo(0.026455026455026443, 12);
    expect(est.r1c1!.value).toBeCloseTo(0.4497354497354496, 12);
    expect(est.r1c2!.value).toBeCloseTo(0.07936507936507936, 12);
    expect(est.row0!.value).toBeCloseTo(48 / 108, 12); // a known row keeps its share
  });
});
