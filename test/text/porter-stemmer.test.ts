import { describe, expect, it } from 'vitest';
import { createCachedStemmer, porterStem } from '../../src/text/porter-stemmer.js';

describe('porterStem (NLTK PorterStemmer, NLTK_EXTENSIONS mode)', () => {
  it('matches the NLTK stem howto examples', () => {
    // nltk/test/stem.doctest: PorterStemmer().stem(w) for these words
    const expected: Record<string, string> = {
      caresses: 'caress', flies: 'fli', dies: 'die', mules: 'mule', denied: 'deni', died: 'die',
      agreed: 'agre', owned: 'own', humbled: 'humbl', sized: 'size', meeting: 'meet', stating: 'state',
      siezing: 'siez', itemization: 'item', sensational: 'sensat', traditional: 'tradit',
      reference: 'refer', colonizer: 'colon', plotted: 'plot',
    };
    for (const [w, s] of Object.entries(expected)) expect(porterStem(w), w).toBe(s);
  });

  it('follows NLTK where it departs from the original Porter algorithm', () => {
    // Values from nltk 3.10 PorterStemmer(); the original algorithm (and the npm `stemmer`
    // package) gives di, di, dy, new, in, proce, ski, enjoi, geologi, archaeologi (spied: spi in both).
    const expected: Record<string, string> = {
      dies: 'die', died: 'die', dying: 'die', news: 'news', innings: 'inning', proceed: 'proceed',
      skies: 'sky', enjoy: 'enjoy', geology: 'geolog', archaeology: 'archaeolog', spied: 'spi',
    };
    for (const [w, s] of Object.entries(expected)) expect(porterStem(w), w).toBe(s);
  });

  it('handles step 1b/2/5 edge cases like NLTK', () => {
    const expected: Record<string, string> = {
      happy: 'happi', generously: 'gener', radicalli: 'radic', hopping: 'hop', falling: 'fall',
      failing: 'fail', filing: 'file', conflated: 'conflat', controll: 'control',
    };
    for (const [w, s] of Object.entries(expected)) expect(porterStem(w), w).toBe(s);
  });

  it('leaves words of one or two letters alone and is safe on prototype names', () => {
    expect(porterStem('is')).toBe('is');
    expect(porterStem('as')).toBe('as');
    expect(porterStem('constructor')).toBe('constructor');
    expect(porterStem('__proto__')).toBe('__proto__');
  });

  it('the cached stemmer returns the same stems', () => {
    const stem = createCachedStemmer(2);
    for (const w of ['running', 'runs', 'running', 'geology', 'runs']) expect(stem(w)).toBe(porterStem(w));
  });
});
