import { describe, expect, it } from 'vitest';
import { changeNumber, checkNegation, negateSentence, negationTokens } from '../../../src/text/negator/index.js';

describe('negateSentence', () => {
  it.each([
    // copula
    ['The mic is great.', 'The mic is not great.', 'copula'],
    // auxiliary / passive
    ['Iwaniec was awarded the 2001 Ostrowski Prize.', 'Iwaniec was not awarded the 2001 Ostrowski Prize.', 'auxiliary'],
    // main verb with do-support
    ['Trump announces new tariffs on Chinese goods.', 'Trump does not announce new tariffs on Chinese goods.', 'main-verb'],
    ['The cat sat on the mat.', 'The cat did not sit on the mat.', 'main-verb'],
    ['I have to jiggle the plug.', 'I do not have to jiggle the plug.', 'main-verb'],
    // already negated: affirm
    ["The mic isn't great.", 'The mic is great.', 'remove-negation'],
    ['You cannot use it.', 'You can use it.', 'remove-negation'],
    ['He never went home.', 'He went home.', 'remove-negation'],
    ['Not all people have had the opportunities you have had.', 'All people have had the opportunities you have had.', 'remove-negation'],
    ['So there is no way for me to plug it in.', 'So there is a way for me to plug it in.', 'remove-negation'],
    // no verb found by the tagger: a finite -s verb after a noun
    ['The name refers to the type locality.', 'The name does not refer to the type locality.', 'main-verb'],
    // no verb at all: number change
    ['Heavy rains in Kenya kill 12 people.', 'Heavy rains in Kenya kill 24 people.', 'number'],
  ])('%s', (input, expected, rule) => {
    expect(negateSentence(input)).toEqual({ text: expected, rule });
  });

  it('negates the reported claim, not the reporting verb', () => {
    const n = negateSentence('The Nigerien government reports that at least fourteen soldiers were killed in ambushes.');
    expect(n?.text).toBe('The Nigerien government reports that at least fourteen soldiers were not killed in ambushes.');
  });

  it('skips gerunds, bare participles after a comma or number, and relative clauses', () => {
    expect(negateSentence("In swimming, Johannes Liebmann sets a men's world record.")?.text).toBe("In swimming, Johannes Liebmann does not set a men's world record.");
    expect(negateSentence('The military says a soldier, identified as Sgt. Rampersad of New York, was killed in the attack.')?.text).toBe(
      'The military says a soldier, identified as Sgt. Rampersad of New York, was not killed in the attack.',
    );
    expect(negateSentence('The death toll from the earthquake increases to 41 people killed, with 479 more injured.')?.text).toBe(
      'The death toll from the earthquake does not increase to 41 people killed, with 479 more injured.',
    );
  });

  it('falls back to an antonym when only that rule is allowed', () => {
    expect(negateSentence('Oil prices rise after the OPEC meeting.', ['antonym'])).toEqual({ text: 'Oil prices fall after the OPEC meeting.', rule: 'antonym' });
  });

  it('returns null when no rule applies', () => {
    expect(negateSentence('')).toBeNull();
    expect(negateSentence('Gaza City offensive', ['antonym', 'number'])).toBeNull();
  });
});

describe('changeNumber', () => {
  it('moves years by one, doubles counts, swaps number words', () => {
    expect(changeNumber('In 2025 the offensive began.')).toBe('In 2024 the offensive began.');
    expect(changeNumber('At least 53 people died.')).toBe('At least 106 people died.');
    expect(changeNumber('About 1,500 homes flooded.')).toBe('About 3,000 homes flooded.');
    expect(changeNumber('Three soldiers were hurt.')).toBe('Six soldiers were hurt.');
    expect(changeNumber('No numbers here.')).toBeNull();
  });
});

describe('checkNegation', () => {
  it('opens contractions, with or without apostrophe', () => {
    expect(negationTokens("It isn't, can't, cannot, won't, dont")).toEqual(['it', 'is', 'not', 'can', 'not', 'can', 'not', 'will', 'not', 'do', 'not']);
  });
  it('accepts a minimal negation: one cue added or removed, an antonym, a number', () => {
    expect(checkNegation('The mic is great.', "The mic isn't great.")).toMatchObject({ ok: true, polarity: 'cue-parity', edit: 1 });
    expect(checkNegation('Do not buy it.', 'Buy it.')).toMatchObject({ ok: true, polarity: 'cue-parity' });
    expect(checkNegation('Prices rose sharply.', 'Prices fell sharply.')).toMatchObject({ ok: true, polarity: 'antonym' });
    expect(checkNegation('12 people died.', '24 people died.')).toMatchObject({ ok: true, polarity: 'number' });
  });
  it('rejects no change, double negation and rewrites', () => {
    expect(checkNegation('The mic is great.', 'The mic is great!')).toMatchObject({ ok: false, changed: false });
    expect(checkNegation('The mic is great.', 'The mic is not never great.')).toMatchObject({ ok: false, polarity: null });
    // a synonym swap changes words but not polarity
    expect(checkNegation('Convoys were slow.', 'Convoys were sluggish.')).toMatchObject({ ok: false, polarity: null });
    // "It is not true that" + a reworded sentence: polarity flips but far from minimal
    const c = checkNegation('The senate passed the bill on Tuesday.', 'It is not the case that lawmakers in the upper chamber approved that legislation on Tuesday.');
    expect(c.minimal).toBe(false);
    expect(c.ok).toBe(false);
  });
});
