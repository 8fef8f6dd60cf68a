import { describe, expect, it } from 'vitest';
import { opposite, outcomeOf, RELEASE_SCORING, shiftScore } from '../../../src/probes/wildframe/score.js';

describe('wildframe scoring rule', () => {
  it('classifies answers relative to the base sentiment', () => {
    expect(outcomeOf('positive', 'negative')).toBe('framed');
    expect(outcomeOf('negative', 'positive')).toBe('framed');
    expect(outcomeOf('positive', 'positive')).toBe('unchanged');
    expect(outcomeOf('negative', 'neutral')).toBe('neutral');
    expect(outcomeOf('negative', 'mixed')).toBe('mixed');
    expect(outcomeOf('positive', null)).toBe('unparseable');
  });

  it("scores like the release: 1 framing's sentiment, 0.5 neutral, 0 unchanged, mixed 1", () => {
    expect(shiftScore('framed')).toBe(1);
    expect(shiftScore('neutral')).toBe(0.5);
    expect(shiftScore('unchanged')).toBe(0);
    expect(shiftScore('mixed')).toBe(1);
    expect(shiftScore('unparseable')).toBeNull();
    expect(RELEASE_SCORING).toEqual({ framed: 1, neutral: 0.5, unchanged: 0, mixed: 1 });
  });

  it('applies a configured rule', () => {
    const rule = { framed: 1, neutral: 0, unchanged: 0, mixed: 0.5 };
    expect(shiftScore('neutral', rule)).toBe(0);
    expect(shiftScore('mixed', rule)).toBe(0.5);
  });

  // Mutation-found gap: opposite() (the dataset builder's negated polarity) had no test
  it('the opposite polarity', () => {
    expect(opposite('positive')).toBe('negative');
    expect(opposite('negative')).toBe('positive');
  });
});
