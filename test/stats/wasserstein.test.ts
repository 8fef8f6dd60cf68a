import { describe, expect, it } from 'vitest';
import { meanPosition, positionalWasserstein, releasedWasserstein, wassersteinDistance } from '../../src/stats/wasserstein.js';

describe('wassersteinDistance (scipy.stats.wasserstein_distance)', () => {
  it('reproduces the examples of the scipy documentation', () => {
    expect(wassersteinDistance([0, 1, 3], [5, 6, 8])).toBeCloseTo(5.0, 12);
    expect(wassersteinDistance([0, 1], [0, 1], [3, 1], [2, 2])).toBeCloseTo(0.25, 12);
    expect(wassersteinDistance([3.4, 3.9, 7.5, 7.8], [4.5, 1.4], [1.4, 0.9, 3.1, 7.2], [3.2, 3.5])).toBeCloseTo(
      4.0781331438047861,
      12,
    );
  });

  it('is symmetric, zero for identical inputs, and rejects bad weights', () => {
    expect(wassersteinDistance([1, 2, 2, 7], [1, 2, 2, 7])).toBe(0);
    expect(wassersteinDistance([0, 5], [1])).toBeCloseTo(wassersteinDistance([1], [0, 5]), 12);
    expect(() => wassersteinDistance([0, 1], [0, 1], [0, 0], [1, 1])).toThrow(RangeError);
    expect(() => wassersteinDistance([0, 1], [0, 1], [1, -1], [1, 1])).toThrow(RangeError);
    expect(() => wassersteinDistance([], [1])).toThrow(RangeError);
  });
});

describe('position-bias distances over K segments', () => {
  // gold and model segment counts (K = 10)
  const gold = [5, 3, 2, 1, 1, 1, 1, 1, 0, 0];
  const model = [8, 4, 1, 1, 0, 0, 0, 0, 0, 1];

  it('positional mode = scipy with segment centres as values and proportions as weights', () => {
    // scipy: c = (np.arange(10) + 0.5) / 10; wasserstein_distance(c, c, g / g.sum(), m / m.sum()) = 0.12
    // by hand: cumulative gold 5,8,10,11,12,13,14,15,15 /15; model 8,12,13,14,14,14,14,14,14 /15
    //          |differences| 3+4+3+3+2+1+0+1+1 = 18 -> 18/15/10 = 0.12
    expect(positionalWasserstein(gold, model)).toBeCloseTo(0.12, 12);
    const c = Array.from({ length: 10 }, (_, j) => (j + 0.5) / 10);
    expect(wassersteinDistance(c, c, gold, model)).toBeCloseTo(0.12, 12);
  });

  it('released mode = scipy with the proportions as values (order ignored)', () => {
    // scipy: wasserstein_distance(g / g.sum(), m / m.sum()) = 0.05333333333333333
    expect(releasedWasserstein(gold, model)).toBeCloseTo(0.05333333333333333, 12);
    // a mirrored (tail-heavy) gold distribution is at released distance 0 from the lead-heavy one
    const mirrored = gold.slice().reverse();
    expect(releasedWasserstein(gold, mirrored)).toBe(0);
    // the positional distance sees the move: by hand Σ|P_j − Q_j|/K over cumulative shares
    // gold 5,8,10,11,12,13,14,15,15 ; mirror 0,0,1,2,3,4,5,7,10 -> 5+8+9+9+9+9+9+8+5 = 71 -> 71/150
    expect(positionalWasserstein(gold, mirrored)).toBeCloseTo(71 / 150, 12);
  });

  it('point masses at the first and last segment are 1 − 1/K apart', () => {
    expect(positionalWasserstein([1, 0, 0, 0], [0, 0, 0, 1])).toBeCloseTo(0.75, 12);
  });

  it('mean position gives the lead/tail sign', () => {
    expect(meanPosition([1, 0, 0, 0])).toBeCloseTo(0.125, 12);
    expect(meanPosition([0, 0, 0, 2])).toBeCloseTo(0.875, 12);
    // model earlier than gold -> negative indicator
    expect(meanPosition(model) - meanPosition(gold)).toBeLessThan(0);
    expect(Math.abs(meanPosition(model) - meanPosition(gold))).toBeLessThanOrEqual(positionalWasserstein(gold, model) + 1e-12);
  });

  it('rejects mismatched or empty distributions', () => {
    expect(() => positionalWasserstein([1, 2], [1, 2, 3])).toThrow(RangeError);
    expect(() => positionalWasserstein([0, 0], [1, 0])).toThrow(RangeError);
    expect(() => releasedWasserstein([0, 0], [1, 0])).toThrow(RangeError);
  });
});

// Mutation-found gap: the refusals were checked by their type only.
describe('wasserstein messages name the input and what is wrong', () => {
  it('wassersteinDistance', () => {
    expect(() => wassersteinDistance([], [1])).toThrow('wassersteinDistance: u values are empty');
    expect(() => wassersteinDistance([1], [])).toThrow('wassersteinDistance: v values are empty');
    expect(() => wassersteinDistance([0, Infinity], [1])).toThrow('wassersteinDistance: u value 1 is not finite');
    expect(() => wassersteinDistance([0, 1], [1], [1])).toThrow('wassersteinDistance: u has 2 values but 1 weights');
    expect(() => wassersteinDistance([0, 1], [0, 1], [1, -1], [1, 1])).toThrow('wassersteinDistance: u weight 1 must be finite and >= 0, got -1');
    expect(() => wassersteinDistance([0, 1], [0, 1], [1, 1], [0, 0])).toThrow('wassersteinDistance: v weights sum to zero');
  });
  it('the segment distances', () => {
    expect(() => positionalWasserstein([1, 2], [1, 2, 3])).toThrow('positionalWasserstein: distributions have 2 and 3 bins');
    expect(() => positionalWasserstein([], [])).toThrow('positionalWasserstein: no bins');
    expect(() => positionalWasserstein([1, -1], [1, 0])).toThrow('positionalWasserstein: bin 1 must hold a finite value >= 0');
    expect(() => positionalWasserstein([1, 0], [1, Infinity])).toThrow('positionalWasserstein: bin 1 must hold a finite value >= 0');
    expect(() => positionalWasserstein([1, 0], [1, -1])).toThrow('positionalWasserstein: bin 1 must hold a finite value >= 0');
    expect(() => positionalWasserstein([Infinity, 0], [1, 0])).toThrow('positionalWasserstein: bin 0 must hold a finite value >= 0');
    expect(() => positionalWasserstein([1, 0], [Number.NaN, 1])).toThrow('positionalWasserstein: bin 0 must hold a finite value >= 0');
    expect(() => positionalWasserstein([0, 0], [1, 0])).toThrow('positionalWasserstein: a distribution has no mass');
    expect(() => positionalWasserstein([1, 0], [0, 0])).toThrow('positionalWasserstein: a distribution has no mass');
    expect(() => releasedWasserstein([1], [1, 2])).toThrow('releasedWasserstein: distributions have 1 and 2 bins');
    expect(() => releasedWasserstein([0, 0], [1, 0])).toThrow('releasedWasserstein: a distribution has no mass');
  });
});
