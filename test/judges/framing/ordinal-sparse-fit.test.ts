import { describe, expect, it } from 'vitest';
import type { SparseExample } from '../../../src/judges/certainty/claim-strength-fit.js';
import { fitOrdinalSparse, ordinalProbabilities } from '../../../src/judges/framing/ordinal-sparse-fit.js';
import { ngramProbabilities, type NgramFramingModel } from '../../../src/judges/framing/ngram-model.js';

describe('cumulative-logit fit on sparse features', () => {
  it('gives the worked probabilities of a score between two thresholds', () => {
    // s = 0, t = (−1, 1): σ(−1) = 0.2689414213699951, σ(1) − σ(−1) = 0.46211715726000974
    const p = ordinalProbabilities(0, [-1, 1]);
    expect(p[0]).toBeCloseTo(0.2689414213699951, 15);
    expect(p[1]).toBeCloseTo(0.46211715726000974, 15);
    expect(p[2]).toBeCloseTo(0.2689414213699951, 15);
  });

  it('orders three classes on one feature, with symmetric thresholds for symmetric data', () => {
    // feature 0 carries the class (−1, 0, +1 plus a fixed jitter), feature 1 is noise shared by all classes
    const ex: SparseExample[] = [];
    for (let i = 0; i < 60; i++) {
      const jitter = ((i % 7) - 3) / 10;
      const y = i % 3;
      ex.push({ idx: [0, 1], val: [y - 1 + jitter, (i % 5) / 5], y });
    }
    // mirror every row so that the data is symmetric under x₀ → −x₀, class y → 2 − y
    for (const e of [...ex]) ex.push({ idx: [0, 1], val: [-e.val[0]!, e.val[1]!], y: 2 - e.y });
    const f = fitOrdinalSparse(ex, 2, { l2: 1e-4, iterations: 3000 });
    expect(f.w[0]).toBeGreaterThan(1);
    expect(Math.abs(f.w[1]!)).toBeLessThan(1e-6);
    expect(f.thresholds[0]).toBeLessThan(0);
    expect(f.thresholds[0] + f.thresholds[1]).toBeCloseTo(0, 6);
    const cls = (x: number) => {
      const p = ordinalProbabilities(f.w[0]! * x, f.thresholds);
      return p.indexOf(Math.max(...p));
    };
    expect([cls(-1), cls(0), cls(1)]).toEqual([0, 1, 2]);
  });

  it('rejects a class outside 0..2 and a non-positive weight', () => {
    expect(() => fitOrdinalSparse([{ idx: [0], val: [1], y: 3 }], 1)).toThrow(/class 3/);
    expect(() => fitOrdinalSparse([{ idx: [0], val: [1], y: 1, weight: 0 }], 1)).toThrow(/weight 0/);
  });

  it('an ordinal n-gram model scores one number and reads classes off the thresholds', () => {
    const model: NgramFramingModel = {
      kind: 'ngram-ordinal',
      bias: [0],
      thresholds: [-1, 1],
      ngrams: { great: [4], awful: [-4] },
      dense: { mean: [0], sd: [1], scale: 1, weights: [[0]] },
    };
    // "great" alone: s = 4 / √1 = 4 → P(positive) = 1 − σ(1 − 4)
    expect(ngramProbabilities(model, 'great', [0])[2]).toBeCloseTo(1 - 1 / (1 + Math.exp(3)), 12);
    // no known n-gram: s = 0, the middle band
    const p = ngramProbabilities(model, 'a table', [0]);
    expect(p[1]).toBeGreaterThan(p[0]);
    expect(p[1]).toBeGreaterThan(p[2]);
  });
});
