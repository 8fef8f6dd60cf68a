import { describe, expect, it } from 'vitest';
import { presentRanking, rankingIntervals } from '../../../src/probes/certainty/present-ranking.js';
import { figureSvg } from '../../../src/report/charts/svg.js';

const counts = [
  { a: 'A', b: 'B', aWins: 8, bWins: 2, ties: 2 },
  { a: 'B', b: 'C', aWins: 7, bWins: 3, ties: 1 },
  { a: 'A', b: 'C', aWins: 9, bWins: 1, ties: 0 },
];

describe('Bradley–Terry ranking with bootstrap intervals', () => {
  it('ranks A > B > C; each interval contains its estimate; the same seed gives the same intervals', () => {
    const r = rankingIntervals(counts, { B: 100, seed: 7 });
    expect(r.map((x) => x.item)).toEqual(['A', 'B', 'C']);
    expect(r.map((x) => x.n)).toEqual([22, 23, 21]);
    // λ has geometric mean 1: the log strengths sum to 0
    expect(r.reduce((s, x) => s + x.logLambda, 0)).toBeCloseTo(0, 8);
    for (const x of r) {
      expect(x.low).toBeLessThanOrEqual(x.logLambda);
      expect(x.high).toBeGreaterThanOrEqual(x.logLambda);
      expect(x.high - x.low).toBeGreaterThan(0);
    }
    expect(rankingIntervals(counts, { B: 100, seed: 7 })).toEqual(r);
  });

  it('draws the ranking with labelled axes', async () => {
    const p = presentRanking(counts, { B: 50 });
    expect(p.tables[0]?.rows.map((row) => row[1])).toEqual(['A', 'B', 'C']);
    const svg = await figureSvg(p.figures[0]!);
    expect(svg).toContain("Y-axis titled 'item'");
    expect(svg).toContain("X-axis titled 'log λ (certainty strength)'");
  });
});
