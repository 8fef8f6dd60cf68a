import { describe, it, expect } from 'vitest';
import { arraySplitSizes, splitIntoThirds, splitIntoThirdsWithOffsets } from '../../src/text/thirds.js';
import { countWords, tokenize } from '../../src/text/tokens.js';
import { splitSentences } from '../../src/text/sentences.js';

describe('arraySplitSizes (numpy.array_split)', () => {
  it('gives the extra items to the first parts', () => {
    // np.array_split(range(10), 3) -> sizes 4, 3, 3; range(11) -> 4, 4, 3; range(2) -> 1, 1, 0
    expect(arraySplitSizes(10, 3)).toEqual([4, 3, 3]);
    expect(arraySplitSizes(11, 3)).toEqual([4, 4, 3]);
    expect(arraySplitSizes(9, 3)).toEqual([3, 3, 3]);
    expect(arraySplitSizes(2, 3)).toEqual([1, 1, 0]);
    expect(arraySplitSizes(0, 3)).toEqual([0, 0, 0]);
  });
});

describe('splitIntoThirds by words (default)', () => {
  it('cuts at word boundaries into 4/3/3 words, keeping punctuation and original text', () => {
    const text = 'One, two three four. Five six seven! Eight nine ten.';
    expect(splitIntoThirds(text)).toEqual(['One, two three four.', 'Five six seven!', 'Eight nine ten.']);
  });

  it('word counts differ by at most one and no word is lost', () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}${i % 7 === 6 ? '.' : ''}`).join(' ');
    const parts = splitIntoThirds(text);
    expect(parts.map(countWords)).toEqual([34, 33, 33]);
    expect(tokenize(parts.join(' '))).toEqual(tokenize(text));
  });

  it('offsets slice the original text', () => {
    const text = '  alpha beta\n\ngamma delta  epsilon ';
    const parts = splitIntoThirdsWithOffsets(text);
    expect(parts.map((p) => p.text)).toEqual(['alpha beta', 'gamma delta', 'epsilon']);
    for (const p of parts) expect(text.slice(p.start, p.end)).toBe(p.text);
  });

  it('short and empty texts', () => {
    expect(splitIntoThirds('one')).toEqual(['one', '', '']);
    expect(splitIntoThirds('one two')).toEqual(['one', 'two', '']);
    expect(splitIntoThirds('')).toEqual(['', '', '']);
    expect(splitIntoThirds('  \n\t ')).toEqual(['', '', '']);
    expect(splitIntoThirds('?!')).toEqual(['?!', '', '']);
  });
});

describe('splitIntoThirds by sentences', () => {
  it('keeps sentences whole and balances word counts', () => {
    // word counts 5, 1, 1, 5, 6 (total 18, ideal 6 each). Prefix sums 0 5 6 7 12 18.
    // cuts (a, b) -> sum of squared part sizes: (1,3) 25+4+121=150, (1,4) 25+49+36=110,
    // (2,4) 36+36+36=108 (best), (3,4) 49+25+36=110.
    const text = 'Aa bb cc dd ee. Ok. Yes. Hh ii jj kk ll. Mm nn oo pp qq rr.';
    expect(splitSentences(text).map(countWords)).toEqual([5, 1, 1, 5, 6]);
    expect(splitIntoThirds(text, { unit: 'sentences' })).toEqual(['Aa bb cc dd ee. Ok.', 'Yes. Hh ii jj kk ll.', 'Mm nn oo pp qq rr.']);
  });

  it('agrees with brute force on uneven sentences', () => {
    const lens = [3, 9, 1, 1, 2, 8, 4, 4, 1, 7, 2];
    const text = lens.map((n, i) => `${Array.from({ length: n }, (_, k) => `s${i}w${k}`).join(' ')}.`).join(' ');
    const parts = splitIntoThirds(text, { unit: 'sentences' });
    const got = parts.map(countWords);
    const P = [0];
    for (const n of lens) P.push(P[P.length - 1]! + n);
    const T = P[lens.length]!;
    let best = Infinity;
    for (let a = 1; a < lens.length - 1; a++) {
      for (let b = a + 1; b < lens.length; b++) {
        best = Math.min(best, P[a]! ** 2 + (P[b]! - P[a]!) ** 2 + (T - P[b]!) ** 2);
      }
    }
    expect(got.reduce((s, x) => s + x * x, 0)).toBe(best);
    expect(got.reduce((s, x) => s + x, 0)).toBe(T);
  });

  it('fewer than three sentences', () => {
    expect(splitIntoThirds('Only one.', { unit: 'sentences' })).toEqual(['Only one.', '', '']);
    expect(splitIntoThirds('One. Two.', { unit: 'sentences' })).toEqual(['One.', 'Two.', '']);
    expect(splitIntoThirds(' ', { unit: 'sentences' })).toEqual(['', '', '']);
  });
});

describe('splitIntoThirds by characters', () => {
  it('snaps the cuts to the nearest whitespace', () => {
    // length 14: cuts at round(14/3)=5 -> nearest space at 4; round(28/3)=9 is a space
    expect(splitIntoThirds('aaaa bbbb cccc', { unit: 'characters' })).toEqual(['aaaa', 'bbbb', 'cccc']);
  });

  it('cuts inside a word when there is no whitespace', () => {
    expect(splitIntoThirds('abcdefghi', { unit: 'characters' })).toEqual(['abc', 'def', 'ghi']);
  });

  it('empty text', () => {
    expect(splitIntoThirds('', { unit: 'characters' })).toEqual(['', '', '']);
  });
});
