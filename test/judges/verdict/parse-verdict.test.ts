import { describe, expect, it } from 'vitest';
import { parseVerdict } from '../../../src/judges/verdict/index.js';

describe('parseVerdict: clean answers', () => {
  it.each([
    ['True', true],
    ['False', false],
    ['TRUE', true],
    ['false.', false],
    ["'True'", true],
    ['**False**', false],
    ['  `True`\n', true],
  ])('%j -> %s', (answer, verdict) => {
    const p = parseVerdict(answer);
    expect(p.verdict).toBe(verdict);
    expect(p.confidence).toBeNull();
  });
});

describe('parseVerdict: epistemic tags (Table A7)', () => {
  it('reads verdict and confidence from the four formatted options', () => {
    expect(parseVerdict('True [High Confidence]')).toMatchObject({ verdict: true, confidence: 'high' });
    expect(parseVerdict('True [Low Confidence]')).toMatchObject({ verdict: true, confidence: 'low' });
    expect(parseVerdict('False [High Confidence]')).toMatchObject({ verdict: false, confidence: 'high' });
    expect(parseVerdict("'False [Low Confidence]'")).toMatchObject({ verdict: false, confidence: 'low' });
  });
  it('reads other spellings of confidence', () => {
    expect(parseVerdict('False (high confidence)')).toMatchObject({ verdict: false, confidence: 'high' });
    expect(parseVerdict('Verdict: True\nConfidence: Low')).toMatchObject({ verdict: true, confidence: 'low' });
    expect(parseVerdict('True [Low]')).toMatchObject({ verdict: true, confidence: 'low' });
  });
  it('a level the prompt does not offer is no confidence (null)', () => {
    const p = parseVerdict('True [Medium Confidence]');
    expect(p).toMatchObject({ verdict: true, confidence: null });
  });
  it('follows the tag scaffold to the [Conclusion]', () => {
    const a = '[Reasoning] The event was widely reported, so it seems true at first, but the numbers are off.\n[Conclusion] False [High Confidence]';
    expect(parseVerdict(a)).toMatchObject({ verdict: false, confidence: 'high', via: 'marker' });
  });
});

describe('parseVerdict: messy real output', () => {
  it('drops <think> blocks before reading', () => {
    const p = parseVerdict('<think>It could be true. Or false? The date is after my cutoff.</think>\nFalse');
    expect(p).toMatchObject({ verdict: false, via: 'first-line' });
  });
  it('an unterminated think block is unparseable, not guessed', () => {
    expect(parseVerdict('<think>Well, this might be true').verdict).toBeNull();
  });
  it('takes the last labelled answer in a chain of thought', () => {
    const a = 'Let me think step by step. The first claim is true. However the second part is false.\nFinal answer: True';
    expect(parseVerdict(a)).toMatchObject({ verdict: true, via: 'marker' });
  });
  it('reads JSON answers', () => {
    expect(parseVerdict('```json\n{"verdict": "False", "confidence": "high"}\n```')).toMatchObject({ verdict: false, confidence: 'high', via: 'json' });
    expect(parseVerdict('{"answer": true}')).toMatchObject({ verdict: true, via: 'json' });
  });
  it('reads a verdict on the last line after explanation', () => {
    expect(parseVerdict('I have no record of this event in my training data.\n\nFalse')).toMatchObject({ verdict: false, via: 'last-line' });
  });
  it('reads "The statement is …"; a verdict only mentioned (or negated) is not read', () => {
    expect(parseVerdict('The statement is true.')).toMatchObject({ verdict: true, via: 'marker' });
    expect(parseVerdict("That's not true; no such vote took place.")).toMatchObject({ verdict: null, via: 'unreadable' });
  });
  it('ignores an echo of the option list', () => {
    expect(parseVerdict("I must answer 'True' or 'False'. The claim is false.").verdict).toBe(false);
  });
  it('yes/no only when that is the whole answer', () => {
    expect(parseVerdict('Yes.').verdict).toBe(true);
    expect(parseVerdict('No').verdict).toBe(false);
    expect(parseVerdict('No, I cannot tell.').verdict).toBeNull();
  });
  it('refuses to guess', () => {
    expect(parseVerdict('')).toMatchObject({ verdict: null, via: 'unreadable', unreadable: 'empty answer' });
    expect(parseVerdict('   ')).toMatchObject({ verdict: null, via: 'unreadable', unreadable: 'empty answer' });
    expect(parseVerdict('I cannot verify events after my knowledge cutoff.')).toMatchObject({ verdict: null, via: 'unreadable' });
    expect(parseVerdict('Parts of it are true and parts are false.')).toMatchObject({ verdict: null, unreadable: 'names true, false but states none of them' });
    expect(parseVerdict('I cannot say whether this is true or false.')).toMatchObject({ verdict: null, via: 'unreadable' });
  });
});
