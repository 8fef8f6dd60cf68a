import { describe, expect, it } from 'vitest';
import { fitBradleyTerryTies, type PairCounts } from '../../../src/stats/bradley-terry.js';
import { rankingIntervals } from '../../../src/probes/certainty/ranking-intervals.js';
import { presentRanking, rankingRowsOf } from '../../../src/probes/certainty/present-ranking.js';
import { rankingTable } from '../../../src/probes/certainty/ranking-table.js';
import { figureSvg } from '../../../src/report/charts/svg.js';
import { isStat } from '../../../src/results/presentation.js';

const ranked = (counts: PairCounts[], opts: { resamples?: number; seed?: number } = {}) => rankingIntervals({ fit: fitBradleyTerryTies(counts), counts }, opts);

describe('the one ranking bootstrap (ranking-intervals.ts), worked numbers', () => {
  it('A beats B 3 times of 4: λ_A = 3, λ_B = 1/3; resamples redraw 4 judgements at 3/4 and give λ_A ∈ [1/3, 3], ranks [1, 2]', () => {
    // no ties: θ = 1 and π_A/π_B = 3/1 (the observed odds); geometric mean 1 → π_A = √3, λ = π² = 3
    const rows = ranked([{ a: 'A', b: 'B', aWins: 3, bWins: 1, ties: 0 }], { resamples: 400, seed: 7 });
    expect(rows.map((r) => [r.id, r.rank, r.component, r.n])).toEqual([
      ['A', 1, 1, 4],
      ['B', 2, 1, 4],
    ]);
    expect(rows[0]!.lambda).toBeCloseTo(3, 6);
    expect(rows[1]!.lambda).toBeCloseTo(1 / 3, 6);
    // a resample of 4 judgements at P(A) = 3/4: 4–0 (p .316) and 0–4 have no finite MLE and are left out;
    // of the rest, 3–1 (p .422) gives λ_A = 3, 2–2 (p .211) λ_A = 1, 1–3 (p .047) λ_A = 1/3: about 6.9%
    // of the usable resamples sit at 1/3, so the 2.5% quantile is 1/3 and the 97.5% quantile is 3
    expect(rows[0]!.lambdaLow).toBeCloseTo(1 / 3, 6);
    expect(rows[0]!.lambdaHigh).toBeCloseTo(3, 6);
    expect(rows[1]!.lambdaLow).toBeCloseTo(1 / 3, 6);
    expect(rows[1]!.lambdaHigh).toBeCloseTo(3, 6);
    // A is second only in the 1–3 resamples (2–2 keeps first-seen order): rank interval [1, 2]
    expect([rows[0]!.rankLow, rows[0]!.rankHigh]).toEqual([1, 2]);
    // the same seed gives the same intervals
    expect(ranked([{ a: 'A', b: 'B', aWins: 3, bWins: 1, ties: 0 }], { resamples: 400, seed: 7 })).toEqual(rows);
  });

  it('a disconnected comparison graph: no intervals (no resample converges), each source in its component', () => {
    const rows = ranked([
      { a: 'A', b: 'B', aWins: 3, bWins: 1, ties: 1 },
      { a: 'C', b: 'D', aWins: 2, bWins: 2, ties: 1 },
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.component]))).toEqual({ A: 1, B: 1, C: 2, D: 2 });
    expect(rows.every((r) => r.lambdaLow === undefined && r.rankLow === undefined)).toBe(true);
  });
});

describe('the ranking in the report: table and chart from the stored ranking table', () => {
  const counts: PairCounts[] = [
    { a: 'A', b: 'B', aWins: 8, bWins: 2, ties: 2 },
    { a: 'B', b: 'C', aWins: 7, bWins: 3, ties: 1 },
    { a: 'A', b: 'C', aWins: 9, bWins: 1, ties: 0 },
  ];
  const stored = (rows: ReturnType<typeof ranked>) =>
    rankingTable({ metrics: [] }, rows.map((r) => ({ ...r, stratum: 'medium' as const, items: rows.length, components: 1, converged: true, judge: 'j', judgements: 32, invalid: 0 })));

  it('reads back the run numbers: log λ with its interval and n, rank interval; the chart has labelled axes', async () => {
    const rows = ranked(counts, { resamples: 100, seed: 7 });
    const back = rankingRowsOf(stored(rows));
    expect(back?.map((r) => r.id)).toEqual(['A', 'B', 'C']);
    const p = presentRanking(back!);
    const t = p.tables[0]!;
    expect(t.rows.map((r) => r[1])).toEqual(['A', 'B', 'C']);
    const a = t.rows[0]![2]!;
    if (!isStat(a)) throw new Error('log λ is a statistic');
    expect(a.value).toBeCloseTo(Math.log(rows[0]!.lambda), 10);
    expect(a.ci?.low).toBeCloseTo(Math.log(rows[0]!.lambdaLow!), 10);
    expect(a.n).toBe(22);
    expect(t.note).toBeUndefined();
    const svg = await figureSvg(p.figures[0]!);
    expect(svg).toContain("Y-axis titled 'source'");
    expect(svg).toContain('X-axis titled');
  });

  it('shows a disconnected graph as such: a component column, one colour per component, a note', () => {
    const rows = ranked([
      { a: 'A', b: 'B', aWins: 3, bWins: 1, ties: 1 },
      { a: 'C', b: 'D', aWins: 2, bWins: 2, ties: 1 },
    ]);
    const p = presentRanking(rankingRowsOf(stored(rows))!);
    expect(p.tables[0]!.columns).toContain('component');
    expect(p.tables[0]!.note).toMatch(/2 disconnected components/);
    const f = p.figures[0]!;
    expect(f.kind === 'intervals' && new Set(f.points.map((x) => x.series))).toEqual(new Set(['component 1', 'component 2']));
    // no interval: the table shows "—" rather than a number
    expect(p.tables[0]!.rows.every((r) => r[4] === null)).toBe(true);
  });
});
