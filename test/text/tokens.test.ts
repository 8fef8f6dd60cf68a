import { describe, it, expect } from 'vitest';
import { countWords, tokenize, wordSpans } from '../../src/text/tokens.js';

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
