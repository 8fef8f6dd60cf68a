import { describe, it, expect } from 'vitest';
import { pageRank } from '../../../src/models/builtin/pagerank.js';

const sum = (x: Float64Array): number => x.reduce((s, v) => s + v, 0);

describe('pageRank', () => {
  it('star graph matches the hand-solved stationary scores', () => {
    // centre c linked to leaves l1, l2 (weight 1, undirected), d = 0.85, N = 3:
    //   c = 0.05 + 0.85 (l1 + l2),  l = 0.05 + 0.85 c / 2
    //   => c = 0.135 / 0.2775 = 18/37 = 0.486486...,  l = 9.5/37 = 0.256756...
    const w = Float64Array.from([0, 1, 1, 1, 0, 0, 1, 0, 0]);
    const r = pageRank(w, 3);
    expect(r.converged).toBe(true);
    expect(r.iterations).toBeLessThanOrEqual(100);
    expect(r.scores[0]).toBeCloseTo(18 / 37, 6);
    expect(r.scores[1]).toBeCloseTo(9.5 / 37, 6);
    expect(r.scores[2]).toBeCloseTo(9.5 / 37, 6);
    expect(sum(r.scores)).toBeCloseTo(1, 12);
  });

  it('weights matter: the heavier neighbour ranks higher', () => {
    // path a - b - c with w(a,b) = 3, w(b,c) = 1
    const w = Float64Array.from([0, 3, 0, 3, 0, 1, 0, 1, 0]);
    const s = pageRank(w, 3).scores;
    expect(s[1]).toBeGreaterThan(s[0]!);
    expect(s[0]).toBeGreaterThan(s[2]!);
    expect(sum(s)).toBeCloseTo(1, 12);
  });

  it('isolated nodes spread their score uniformly; the sum stays 1', () => {
    const w = Float64Array.from([0, 1, 0, 1, 0, 0, 0, 0, 0]);
    const r = pageRank(w, 3);
    expect(r.converged).toBe(true);
    expect(sum(r.scores)).toBeCloseTo(1, 12);
    expect(r.scores[0]).toBeCloseTo(r.scores[1]!, 12);
    expect(r.scores[2]).toBeLessThan(r.scores[0]!);
  });

  it('a graph without edges gives uniform scores', () => {
    const r = pageRank(new Float64Array(16), 4);
    expect(Array.from(r.scores)).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('reports non-convergence when maxIter is too small', () => {
    const w = Float64Array.from([0, 3, 0, 3, 0, 1, 0, 1, 0]);
    const r = pageRank(w, 3, { maxIter: 1 });
    expect(r.converged).toBe(false);
    expect(r.iterations).toBe(1);
  });

  it('empty graph and size mismatch', () => {
    expect(pageRank(new Float64Array(0), 0).scores.length).toBe(0);
    expect(() => pageRank(new Float64Array(3), 2)).toThrow(/expected 4/);
  });
});
