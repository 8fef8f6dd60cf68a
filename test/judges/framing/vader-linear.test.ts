import { describe, expect, it } from 'vitest';
import { vader } from '../../../src/judges/framing/vader.js';
import { sentenceBounds } from '../../../src/text/sentences.js';

/**
 * Scoring is linear in the text's length, whatever its shape. Both texts below took minutes
 * with the quadratic code (each sentence's punctuation searched to the end of the text; the
 * 'but' rule scanning a list per token) and take about a second now: the limits are generous on
 * purpose, this is no timing test.
 */
describe('VADER work grows linearly with the text', () => {
  it('scores every sentence of a text of a million short sentences', { timeout: 60_000 }, () => {
    const text = 'Good! '.repeat(1_000_000);
    const v = vader();
    const tok = v.tokenize(text);
    const spans = sentenceBounds(text);
    expect(spans).toHaveLength(1_000_000);
    const r = v.compoundsOfSpans(text, tok, spans);
    // each sentence alone: one '!' adds 0.292 to 'good' (1.9)
    expect(r.spans[0]).toBeCloseTo(v.rawScores('Good!').compound, 12);
    expect(r.spans[999_999]).toBe(r.spans[0]);
  });

  it("applies the 'but' rule to a text of 400,000 tokens of one value", { timeout: 60_000 }, () => {
    const text = `${'good '.repeat(200_000)}but ${'good '.repeat(200_000)}`;
    const s = vader().sentiments(text);
    expect(s).toHaveLength(400_001);
    const before = 1.9 * 0.5;
    const after = 1.9 * 1.5;
    expect(s.slice(0, 200_000).every((x) => x === before)).toBe(true);
    expect(s[200_000]).toBe(0);
    expect(s.slice(200_001).every((x) => x === after)).toBe(true);
  });
});
