import { describe, expect, it } from 'vitest';
import { readSentences, sentenced } from '../../src/text/sentence-tokens.js';
import { splitSentences } from '../../src/text/sentences.js';

// each instrument's tokens by its reference definition, over the sentence or text as a string
const sklearnTerms = (t: string): string[] => t.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? [];
const rougeRef = (t: string): string[] => t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').split(/\s+/).filter((x) => x !== '');

describe('a text read once for its sentences and the whole', () => {
  it('a text given as sentences keeps them trimmed, without empty ones, at their offsets in their join by a space', () => {
    const given = ['  First one.', '', 'Second\tone ', ' ', 'Thir-d ΣΟΦΟΣ.'];
    const t = sentenced(given);
    expect(t.text).toBe(given.join(' '));
    expect(t.spans.map((s) => s.text)).toEqual(['First one.', 'Second\tone', 'Thir-d ΣΟΦΟΣ.']);
    for (const s of t.spans) expect(t.text.slice(s.start, s.end)).toBe(s.text);
    expect(sentenced('One. Two!').spans.map((s) => s.text)).toEqual(splitSentences('One. Two!'));
  });

  it("gives each sentence's TF-IDF terms and ROUGE tokens and the whole text's ROUGE tokens as the tokenisers over each string", () => {
    for (const text of [
      "ΟΔΟΣ ΣΟΦΟΣ. Σ σ ς ΌΣΟΣ, don't it's9 O’Brien. foo_bar KELVIN \u212a café İstanbul!",
      ['  Schools get money, parks don\'t.  ', '', 'İİ ΣΑΣ ﬁnance. ', 'Straße ＡＢＣ１２３.'],
      'Prices rose 3.5% in 2024… Analysts expect more. • Roads get repaired. HOST: Thank you all.',
    ]) {
      const t = sentenced(text);
      const r = readSentences(t, { terms: true, rouge: true, sentenceRouge: true });
      const sentences = t.spans.map((s) => s.text);
      expect(r.terms).toEqual(sentences.map(sklearnTerms));
      expect(r.sentenceRouge).toEqual(sentences.map(rougeRef));
      expect(r.rouge).toEqual(rougeRef(typeof text === 'string' ? text : text.join(' ')));
    }
  });

  it('reads nothing it was not asked for', () => {
    const t = sentenced('One two. Three four.');
    expect(readSentences(t, {})).toEqual({});
    expect(Object.keys(readSentences(t, { rouge: true }))).toEqual(['rouge']);
    expect(Object.keys(readSentences(t, { terms: true }))).toEqual(['terms']);
  });
});
