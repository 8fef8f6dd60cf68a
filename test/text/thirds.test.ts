import { describe, it, expect } from 'vitest';
import { arraySplitSizes, splitIntoThirds, splitIntoThirdsWithOffsets } from '../../src/text/thirds.js';
import { countWords, tokenize, wordStarts } from '../../src/text/tokens.js';
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

describe('thirds by words with the word starts reused from text to text', () => {
  // the cut offsets from wordStarts (an array per text, the path replaced), parts trimmed of thirds.ts's whitespace
  const WS = '[\\t-\\r \\u00a0\\u2028\\u2029\\u2000-\\u200a\\u3000\\u202f\\u0085\\ufeff]';
  const trim = (s: string): string => s.replace(new RegExp(`^${WS}+|${WS}+$`, 'g'), '');
  const reference = (text: string): string[] => {
    const starts = wordStarts(text);
    const sizes = arraySplitSizes(starts.length, 3);
    const i1 = sizes[0]!;
    const i2 = i1 + sizes[1]!;
    const c1 = sizes[1] === 0 ? text.length : (starts[i1] ?? text.length);
    const c2 = sizes[2] === 0 ? text.length : (starts[i2] ?? text.length);
    return [trim(text.slice(0, c1)), trim(text.slice(c1, c2)), trim(text.slice(c2))];
  };
  it('cuts as before on seeded texts of every length, long and short in turn', () => {
    const alphabet = ['a', 'Zz', '7', "'", ' ', '  ', '\n', '.', 'é', '東', '𝒜', '_', '\u00a0'];
    let seed = 3;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const texts = ['', ' ', 'one', 'one two', 'a b c', 'a b c d'];
    for (let k = 0; k < 1500; k++) {
      let t = '';
      const len = Math.floor(rand() * (k % 3 === 0 ? 400 : 12));
      for (let j = 0; j < len; j++) t += alphabet[Math.floor(rand() * alphabet.length)];
      texts.push(t);
    }
    for (const t of texts) expect(splitIntoThirds(t), JSON.stringify(t)).toEqual(reference(t));
  });
});

describe('thirdsOffsets (the offsets an item view marks)', () => {
  const texts = [
    'One. Two sentences here. Three is the last one, with more words in it. Four.',
    'A single sentence of nine words, no more, no less.',
    'Short. Texts.',
    '',
    'Unicode “quotes” and O’Brien’s café. Second one — with a dash. Third, and the end.',
  ];

  it('gives the offsets splitIntoThirdsWithOffsets gives, in every unit, with or without the sentences split ahead', async () => {
    const { thirdsOffsets } = await import('../../src/text/thirds.js');
    const { splitSentencesWithOffsets } = await import('../../src/text/sentences.js');
    for (const text of texts)
      for (const unit of ['words', 'sentences', 'characters'] as const) {
        const want = splitIntoThirdsWithOffsets(text, { unit });
        expect(thirdsOffsets(text, { unit })).toEqual(want);
        expect(thirdsOffsets(text, { unit }, splitSentencesWithOffsets(text))).toEqual(want);
      }
  });

  it('makes no tokenisation of the text by sentences or characters (splitIntoThirdsWithOffsets makes one for TF-IDF)', async () => {
    const { thirdsOffsets } = await import('../../src/text/thirds.js');
    const { textReads } = await import('../../src/text/text-reads.js');
    const text = 'A text no one has read. It has three sentences. This is the third.';
    for (const unit of ['sentences', 'characters'] as const) {
      const before = textReads.pieces;
      thirdsOffsets(`${text} ${unit}`, { unit });
      expect(textReads.pieces).toBe(before);
      splitIntoThirdsWithOffsets(`${text} ${unit}`, { unit });
      expect(textReads.pieces).toBeGreaterThan(before);
    }
  });

  it('refuses an unknown unit', async () => {
    const { thirdsOffsets } = await import('../../src/text/thirds.js');
    expect(() => thirdsOffsets('a b c', { unit: 'pages' as never })).toThrow(/unknown thirds unit: pages/);
  });
});
