import { describe, expect, it } from 'vitest';
import { correctedStatistics, correctJoint, correctPrevalences, invert, multiply, roganGladen, rowNormalise, transpose } from '../../src/stats/misclassification.js';

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

// The interval on fixed resample sets (fast: the 400-simulation coverage test, in
// misclassification-coverage.test.ts, checks the calibration but pins no interval, and is left out
// of mutation testing for its time). Each resample set is drawn in the same order as
// correctedStatistics draws it (the items, then each confusion row, from createRng(seed)) and
// written out; the reference is numpy on those draws, with the correction written independently:
//   numpy.quantile(stat, [alpha/2, 1 - alpha/2])   (numpy's default 'linear', R type 7)
describe('the bootstrap interval on fixed resample sets (numpy references)', () => {
  it('a perfect judge: the percentile interval of the item resamples alone', () => {
    // rng = createRng(3); 500 × multinomialCounts(100, [0.3, 0.7], rng)[0] / 100 (the confusion
    // rows of a perfect judge draw no uniform); numpy.quantile(draws, [0.05, 0.95]) = [0.23, 0.37]
    const est = correctedStatistics({ observed: [30, 70], confusion: [[100, 0], [0, 100]], statistics: (p) => ({ prevalence: (p as number[])[0]! }), resamples: 500, seed: 3, level: 0.9 })!;
    expect(est.prevalence).toEqual({ value: 0.3, ci: { low: 0.23, high: 0.37, level: 0.9, method: 'bootstrap-misclassification' }, singular: 0 });
  });

  it('two classes: items and both confusion rows redrawn, each resample corrected by Rogan–Gladen', () => {
    // rng = createRng(7); per resample: items = multinomialCounts(100, [0.31, 0.69]), then the rows
    // pos = multinomialCounts(50, [0.8, 0.2]), neg = multinomialCounts(50, [0.1, 0.9]);
    // se = pos[0]/50, sp = neg[1]/50, x = clip((items[0]/100 + sp − 1)/(se + sp − 1), 0, 1);
    // numpy.quantile(x, [0.025, 0.975]) = [0.13024194, 0.44875]; point (0.31 + 0.9 − 1)/0.7 = 0.3
    const est = correctedStatistics({ observed: [31, 69], confusion: [[40, 10], [5, 45]], statistics: (p) => ({ prevalence: (p as number[])[0]!, other: (p as number[])[1]! }), resamples: 300, seed: 7 })!;
    expect(est.prevalence!.value).toBeCloseTo(0.3, 12);
    expect(est.prevalence!.ci.low).toBeCloseTo(0.13024193548387097, 12);
    expect(est.prevalence!.ci.high).toBeCloseTo(0.44875, 12);
    expect(est.prevalence!.ci.level).toBe(0.95);
    expect(est.prevalence!.singular).toBe(0);
    // the other class's share is 1 − prevalence in every resample
    expect(est.other!.value).toBeCloseTo(0.7, 12);
    expect(est.other!.ci.low).toBeCloseTo(1 - 0.44875, 12);
    expect(est.other!.ci.high).toBeCloseTo(1 - 0.13024193548387097, 12);
  });

  it('a joint table: the items are redrawn over its cells and reshaped row by row', () => {
    // rng = createRng(11); 400 × multinomialCounts(50, [0.4, 0.2, 0.1, 0.3]) / 50 as [[a, b], [c, d]];
    // numpy.quantile(b, [0.025, 0.975]) = [0.1, 0.3], numpy.quantile(c + d, …) = [0.28, 0.52]
    const est = correctedStatistics({
      observed: [[20, 10], [5, 15]],
      confusion: [[50, 0], [0, 50]],
      statistics: (c) => ({ p01: (c as number[][])[0]![1]!, row1: (c as number[][])[1]![0]! + (c as number[][])[1]![1]! }),
      resamples: 400,
      seed: 11,
    })!;
    expect(est.p01!.value).toBeCloseTo(0.2, 12);
    expect(est.p01!.ci.low).toBeCloseTo(0.1, 12);
    expect(est.p01!.ci.high).toBeCloseTo(0.3, 12);
    expect(est.row1!.value).toBeCloseTo(0.4, 12);
    expect(est.row1!.ci.low).toBeCloseTo(0.28, 12);
    expect(est.row1!.ci.high).toBeCloseTo(0.52, 12);
  });
});
