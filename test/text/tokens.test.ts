import { describe, it, expect } from 'vitest';
import { countWords, tokenize, wordSpans, wordStartsInto } from '../../src/text/tokens.js';

describe('tokenize', () => {
  it('splits Unicode words and keeps contractions', () => {
    expect(tokenize("Don't stop — O’Brien's café costs 3.50€, naïve!")).toEqual([
      "Don't", 'stop', 'O’Brien\'s', 'café', 'costs', '3', '50', 'naïve',
    ]);
  });
  it('lowercase option', () => {
    expect(tokenize('Hello WORLD', { lowercase: true })).toEqual(['hello', 'world']);
    expect(tokenize('Hello WORLD')).toEqual(['Hello', 'WORLD']);
  });
  it('handles non-Latin scripts and empty input', () => {
    expect(tokenize('Привет мир 東京')).toEqual(['Привет', 'мир', '東京']);
    expect(tokenize('  ... ')).toEqual([]);
  });
});

describe('countWords / wordSpans', () => {
  it('counts like tokenize', () => {
    const t = "It's a 2-for-1 deal, isn't it?";
    expect(countWords(t)).toBe(tokenize(t).length);
    expect(countWords(t)).toBe(8); // It's a 2 for 1 deal isn't it
    expect(countWords('')).toBe(0);
  });
  it('spans slice the words', () => {
    const t = ' ab, cd ';
    expect(wordSpans(t)).toEqual([{ start: 1, end: 3 }, { start: 5, end: 7 }]);
  });
});

describe('word spans equal the regex matches (character scan)', () => {
  const WORD_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
  const bySpans = (t: string) => wordSpans(t).map((s) => t.slice(s.start, s.end));
  it('on hand-picked edges and seeded random strings over a mixed alphabet', () => {
    const alphabet = ["a", 'Z', '7', "'", '’', ' ', '-', '.', 'é', 'ß', 'Ж', '東', '٣', '𝒜', '😀', '\u0301', '\n', '_', 'İ', 'Ⅻ'];
    const texts = ["it's'", "''a'b'c", "ab'9", "a’’b", "x'𝒜𝒜y", '𝒜’b', "a'", "'", '', '٣٣a', "don't stop 3.50€"];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let k = 0; k < 3000; k++) {
      let t = '';
      const len = Math.floor(rand() * 14);
      for (let j = 0; j < len; j++) t += alphabet[Math.floor(rand() * alphabet.length)];
      texts.push(t);
    }
    const reused: number[] = [];
    for (const t of texts) {
      expect(bySpans(t), JSON.stringify(t)).toEqual(t.match(WORD_RE) ?? []);
      expect(countWords(t), JSON.stringify(t)).toBe((t.match(WORD_RE) ?? []).length);
      // into a reused array (stale entries past the count): the starts of the regex's matches
      const n = wordStartsInto(t, reused);
      expect(reused.slice(0, n), JSON.stringify(t)).toEqual([...t.matchAll(WORD_RE)].map((m) => m.index));
    }
  });
});
