import { describe, it, expect } from 'vitest';
import type { Framing } from '../../../src/core/types.js';
import { evaluateFramingJudge, ratingToFraming, scoreFramings } from '../../../src/judges/framing/evaluate.js';

describe('ratingToFraming (seed 000 A.1: 1-2 negative, 3 neutral, 4-5 positive)', () => {
  it('maps the five star ratings', () => {
    expect([1, 2, 3, 4, 5].map(ratingToFraming)).toEqual(['negative', 'negative', 'neutral', 'positive', 'positive']);
  });
  it('returns null for anything else', () => {
    for (const r of [0, 6, 2.5, -1, NaN, Infinity]) expect(ratingToFraming(r)).toBeNull();
  });
});

describe('scoreFramings / evaluateFramingJudge on a hand-made confusion', () => {
  // truth:     P P P P  N N N  U U
  // predicted: P P P U  N N P  U N
  // recall P = 3/4, N = 2/3, U = 1/2; balanced accuracy = (0.75 + 0.666667 + 0.5) / 3 = 0.638889
  // (sklearn.metrics.balanced_accuracy_score gives the same: mean of per-class recall)
  // accuracy = 6/9
  const truth: Framing[] = ['positive', 'positive', 'positive', 'positive', 'negative', 'negative', 'negative', 'neutral', 'neutral'];
  const pred: Framing[] = ['positive', 'positive', 'positive', 'neutral', 'negative', 'negative', 'positive', 'neutral', 'negative'];

  it('pins accuracy, balanced accuracy, recalls and the confusion matrix', () => {
    const e = scoreFramings(truth, pred);
    expect(e.n).toBe(9);
    expect(e.accuracy).toBeCloseTo(6 / 9, 12);
    expect(e.balancedAccuracy).toBeCloseTo((3 / 4 + 2 / 3 + 1 / 2) / 3, 12);
    expect(e.balancedAccuracy).toBeCloseTo(0.638889, 6);
    expect(e.perClassRecall).toEqual({ positive: 0.75, negative: 2 / 3, neutral: 0.5 });
    expect(e.confusion.labels).toEqual(['positive', 'negative', 'neutral']);
    // rows truth, columns predicted
    expect(e.confusion.matrix).toEqual([
      [3, 0, 1],
      [1, 2, 0],
      [0, 1, 1],
    ]);
  });

  it('averages recall over the classes present in the labels only', () => {
    const e = scoreFramings(['positive', 'positive', 'negative', 'negative'], ['positive', 'neutral', 'negative', 'negative']);
    expect(e.perClassRecall).toEqual({ positive: 0.5, negative: 1 });
    expect(e.balancedAccuracy).toBeCloseTo(0.75, 12);
    expect(e.accuracy).toBeCloseTo(0.75, 12);
  });

  it('runs the judge once on all texts and scores its answers', async () => {
    const calls: string[][] = [];
    const judge = {
      async classify(texts: readonly string[]): Promise<Framing[]> {
        calls.push([...texts]);
        return texts.map((_, i) => pred[i] as Framing);
      },
    };
    const e = await evaluateFramingJudge(judge, truth.map((label, i) => ({ text: `t${i}`, label })));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toHaveLength(9);
    expect(e.balancedAccuracy).toBeCloseTo(0.638889, 6);
  });

  it('rejects a judge that returns the wrong number of labels', async () => {
    const judge = { classify: async (): Promise<Framing[]> => ['positive'] };
    await expect(evaluateFramingJudge(judge, [{ text: 'a', label: 'positive' }, { text: 'b', label: 'neutral' }])).rejects.toThrow(/1 labels for 2 texts/);
  });

  it('gives NaN rates for no items', () => {
    const e = scoreFramings([], []);
    expect(e.n).toBe(0);
    expect(Number.isNaN(e.accuracy)).toBe(true);
    expect(Number.isNaN(e.balancedAccuracy)).toBe(true);
  });
});
