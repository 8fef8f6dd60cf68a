import { describe, expect, it } from 'vitest';
import { fitBradleyTerryTies, type PairCounts } from '../../../src/stats/bradley-terry.js';
import { rankingIntervals, type RankedSource } from '../../../src/probes/certainty/ranking-intervals.js';

// Written because mutants of ranking-intervals.ts survived. Reference values: ranking-intervals-reference.py
// beside this file (python3 with numpy and scipy): slant's seeded generator ported, the judgements of each
// pair redrawn from its own shares, Rao–Kupper refitted by scipy.optimize.minimize (BFGS on the
// log-likelihood, not slant's MM updates), np.percentile (linear) of log λ and of the ranks. The optimiser
// stops within about 1e-8 of the maximum, so λ is compared on the log scale to 6 decimals.
const P = (a: string, b: string, aWins: number, bWins: number, ties: number): PairCounts => ({ a, b, aWins, bWins, ties });
const THREE = [P('A', 'B', 8, 4, 2), P('B', 'C', 7, 5, 2), P('A', 'C', 9, 3, 2)];
// A never beats B, but the stronger sides' cycle A → C → B → D → A links every resample by wins
const FOUR = [P('A', 'B', 0, 1, 3), P('A', 'C', 6, 2, 0), P('C', 'B', 6, 2, 0), P('D', 'A', 6, 2, 0), P('B', 'D', 6, 2, 0)];
// its first draw is exactly 0.25 (the only seeds whose first draw is: a search over all 2³² states),
// so with 4 judgements u = 0.25 × 4 = 1 lands on a boundary between the shares
const QUARTER_SEED = 951241320;

type Expected = Record<string, { lambdaLow: number; lambdaHigh: number; rankLow: number; rankHigh: number }>;
function expectIntervals(rows: RankedSource[], expected: Expected): void {
  expect(rows.map((r) => r.id).sort()).toEqual(Object.keys(expected).sort());
  for (const r of rows) {
    const e = expected[r.id]!;
    expect(Math.log(r.lambdaLow!)).toBeCloseTo(Math.log(e.lambdaLow), 6);
    expect(Math.log(r.lambdaHigh!)).toBeCloseTo(Math.log(e.lambdaHigh), 6);
    expect([r.rankLow, r.rankHigh]).toEqual([e.rankLow, e.rankHigh]);
  }
}

describe('rankingIntervals against an independent bootstrap (ranking-intervals-reference.py)', () => {
  it('three sources with ties, the defaults: 100 resamples, seed 7 (kills the default resample count made `&&`, the share sum counting ties negatively, the log and rank lists starting with an element)', () => {
    const rows = rankingIntervals({ fit: fitBradleyTerryTies(THREE), counts: THREE });
    // point log λ (scipy): A 1.018870043946082, B −0.20385093755898775, C −0.8150191063870943
    expect(rows.map((r) => [r.id, r.rank, r.n, r.component])).toEqual([
      ['A', 1, 28, 1],
      ['B', 2, 28, 1],
      ['C', 3, 28, 1],
    ]);
    expect(Math.log(rows[0]!.lambda)).toBeCloseTo(1.018870043946082, 6);
    expect(Math.log(rows[2]!.lambda)).toBeCloseTo(-0.8150191063870943, 6);
    // 100 of 100 resamples have a finite MLE
    expectIntervals(rows, {
      A: { lambdaLow: 1.0946219412177127, lambdaHigh: 7.501876855207213, rankLow: 1, rankHigh: 2 },
      B: { lambdaLow: 0.291272996252653, lambdaHigh: 1.5712304408813909, rankLow: 1, rankHigh: 3 },
      C: { lambdaLow: 0.16487642935854832, lambdaHigh: 1.354354397428812, rankLow: 2, rankHigh: 3 },
    });
  });

  it('a prior of 0.5 virtual ties per pair reaches every refit (kills the prior dropped from the refit options)', () => {
    const rows = rankingIntervals({ fit: fitBradleyTerryTies(THREE, { prior: 0.5 }), counts: THREE }, { resamples: 50, seed: 11, prior: 0.5 });
    expectIntervals(rows, {
      A: { lambdaLow: 1.3822650488213672, lambdaHigh: 10.74734917263501, rankLow: 1, rankHigh: 2 },
      B: { lambdaLow: 0.2689074392640705, lambdaHigh: 2.1526570619084375, rankLow: 1, rankHigh: 3 },
      C: { lambdaLow: 0.1652904630401034, lambdaHigh: 0.9854418590717531, rankLow: 2, rankHigh: 3 },
    });
  });

  it('two resamples give an interval; a draw exactly on the win share counts for b (kills `b <= B`, `l.length > 2`, `q.length > 2` and `u <= p.aWins`, `u >= p.aWins`)', () => {
    // A–B: 1 win, 2 losses, 1 tie. Resample 1 draws u = 1, 3.92, 3.51, 0.90: a 1, b 1, ties 2; resample 2: a 1, b 3
    const counts = [P('A', 'B', 1, 2, 1)];
    const rows = rankingIntervals({ fit: fitBradleyTerryTies(counts), counts }, { resamples: 2, seed: QUARTER_SEED });
    expectIntervals(rows, {
      A: { lambdaLow: 0.3426153061075961, lambdaHigh: 0.9729084043643487, rankLow: 1, rankHigh: 2 },
      B: { lambdaLow: 1.027845987879354, lambdaHigh: 2.9187254106095204, rankLow: 1, rankHigh: 2 },
    });
  });

  it('a draw exactly on the end of the loss share counts as a tie (kills `u <= p.aWins + p.bWins`)', () => {
    // A–B: 0 wins, 1 loss, 3 ties, drawn first: u = 1 is a tie, not a loss
    const rows = rankingIntervals({ fit: fitBradleyTerryTies(FOUR), counts: FOUR }, { resamples: 2, seed: QUARTER_SEED });
    expectIntervals(rows, {
      A: { lambdaLow: 0.709647991140571, lambdaHigh: 1.1117359456611033, rankLow: 2, rankHigh: 3 },
      B: { lambdaLow: 1.4581320084688845, lambdaHigh: 2.0394119451553703, rankLow: 1, rankHigh: 2 },
      C: { lambdaLow: 0.09688260688485963, lambdaHigh: 0.47156949251640107, rankLow: 4, rankHigh: 4 },
      D: { lambdaLow: 0.9352930175056157, lambdaHigh: 9.975033492843854, rankLow: 1, rankHigh: 3 },
    });
  });
});

describe('rankingIntervals: the sources are those of the fit', () => {
  it('a compared source the fit does not list is left out, not an error (kills the optional chaining removed from the per-source lists)', () => {
    const fit = fitBradleyTerryTies(THREE);
    const rows = rankingIntervals({ fit, counts: [...THREE, P('A', 'Z', 3, 3, 1)] }, { resamples: 20 });
    expect(rows.map((r) => r.id)).toEqual(['A', 'B', 'C']);
    expect(rows.every((r) => r.lambdaLow !== undefined && r.rankLow !== undefined)).toBe(true);
  });
});
