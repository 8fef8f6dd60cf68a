import { describe, expect, it } from 'vitest';
import { bootstrapConsensus, consensusTaus, randomBaseline, type LabelTable } from '../../src/annotate/consensus.js';

// 3 annotators, 4 items, one judge (worked by hand below)
const H = [
  { a: 2, b: 1, c: 2 },
  { a: -1, b: 0, c: -2 },
  { a: 0, b: 0, c: 1 },
  { a: 1, b: 2, c: 0 },
];
const J = [2, -2, 0, 1];
const table: LabelTable = { humans: H.map((h) => new Map(Object.entries(h))), judges: J.map((v) => new Map([['j', v]])) };

describe('leave-one-out consensus τ_b', () => {
  it('matches the worked example', () => {
    const r = consensusTaus(table, [0, 1, 2, 3]);
    // a vs mean(b, c) = 1.5, −1, 0.5, 1: same order as a = 2, −1, 0, 1 → τ_b = 1
    expect(r.annotators.get('a')!.tau).toBeCloseTo(1, 12);
    // b = 1, 0, 0, 2 vs mean(a, c) = 2, −1.5, 0.5, 0.5: C = 3, D = 1, one tie in each → 2 / √(5·5)
    expect(r.annotators.get('b')!.tau).toBeCloseTo(0.4, 12);
    // c = 2, −2, 1, 0 vs mean(a, b) = 1.5, −0.5, 0, 1.5: C = 4, D = 1, one tie in y → 3 / √(6·5)
    expect(r.annotators.get('c')!.tau).toBeCloseTo(3 / Math.sqrt(30), 12);
    // the judge against the mean of all three: 5/3, −1, 1/3, 1 → τ_b = 1
    expect(r.judges.get('j')!.tau).toBeCloseTo(1, 12);
    expect(r.humanMean).toBeCloseTo((1 + 0.4 + 3 / Math.sqrt(30)) / 3, 12);
  });

  it('bootstraps items for intervals and the judge-minus-human gap', () => {
    const big: LabelTable = { humans: [], judges: [] };
    for (let r = 0; r < 10; r++) {
      big.humans.push(...table.humans);
      big.judges.push(...table.judges);
    }
    const b = bootstrapConsensus(big, { resamples: 300, seed: 1 });
    const gap = b.gaps.get('j')!;
    expect(gap.value).toBeCloseTo(b.point.judges.get('j')!.tau - b.point.humanMean, 12);
    expect(gap.low).toBeLessThanOrEqual(gap.value + 1e-9);
    expect(gap.high).toBeGreaterThanOrEqual(gap.value - 1e-9);
    expect(gap.defined).toBe(300);
    const again = bootstrapConsensus(big, { resamples: 300, seed: 1 });
    expect(again.gaps.get('j')).toEqual(gap);
  });

  it('a random annotator sits near τ_b = 0', () => {
    const many: LabelTable = { humans: [], judges: [] };
    for (let r = 0; r < 25; r++) many.humans.push(...table.humans);
    const base = randomBaseline(many, [-2, -1, 0, 1, 2], { draws: 300, seed: 3 });
    expect(Math.abs(base.mean)).toBeLessThan(0.05);
    expect(base.low).toBeLessThan(0);
    expect(base.high).toBeGreaterThan(0);
  });
});
