import { describe, expect, it } from 'vitest';
import { humanMajorityShift, humanScoreFromMajority, humanScoreFromRelease } from '../../../src/probes/wildframe/humans.js';

describe('human scores', () => {
  it('counts annotators voting for the opposite of the base sentiment', () => {
    // framed_eval row 201: positive base, positive_score 0.2, negative_score 0.8 -> 4 of 5 follow the framing
    expect(humanScoreFromRelease({ baseSentiment: 'positive', positiveScore: 0.2, negativeScore: 0.8 })).toBe(4);
    // row 200: negative base, positive_score 1.0 -> 5
    expect(humanScoreFromRelease({ baseSentiment: 'negative', positiveScore: 1, negativeScore: 0 })).toBe(5);
    // float residue as in the file (0.19999999999999996)
    expect(humanScoreFromRelease({ baseSentiment: 'negative', positiveScore: 0.19999999999999996, negativeScore: 0.8 })).toBe(1);
  });

  it("agrees with the release's majority_confidence route", () => {
    // row 204: majority positive with confidence 0.6, not flipped (positive base) -> 1 - 0.6 = 0.4 -> 2
    expect(humanScoreFromMajority(0.6, false)).toBe(2);
    expect(humanScoreFromMajority(0.8, true)).toBe(4);
  });

  it('majority shift needs at least 3 of 5 by default', () => {
    expect(humanMajorityShift(2)).toBe(false);
    expect(humanMajorityShift(3)).toBe(true);
    expect(humanMajorityShift(3, 4)).toBe(false);
  });
});
