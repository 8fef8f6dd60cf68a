import { describe, expect, it } from 'vitest';
import { firstWords } from '../../../src/pipeline/cost-plan/dry-model.js';

describe('firstWords (the dry answer of a summary request)', () => {
  it('takes the first n runs of non-space, joined by one space, whatever spaces were between them', () => {
    expect(firstWords('  One\ttwo\n\nthree\u00a0four  five ', 3)).toBe('One two three');
    expect(firstWords('One\u2003two\u3000three', 5)).toBe('One two three');
  });

  it('gives every word of a shorter text, and nothing for an empty or blank one', () => {
    expect(firstWords('a b', 40)).toBe('a b');
    expect(firstWords('', 40)).toBe('');
    expect(firstWords(' \n\t ', 40)).toBe('');
  });

  it('is what splitting the whole text gives, on a long text', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `w${i}${i % 7 === 0 ? '\n' : ' '}`).join('');
    expect(firstWords(text, 40)).toBe(text.split(/\s+/).filter(Boolean).slice(0, 40).join(' '));
    expect(firstWords(text, 12).split(' ')).toHaveLength(12);
  });
});
