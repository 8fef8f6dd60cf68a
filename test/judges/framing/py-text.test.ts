import { describe, it, expect } from 'vitest';
import { codePointLength, pyIsUpper, pyRound, pySplit, stripPunct } from '../../../src/judges/framing/py-text.js';

describe('Python string semantics used by VADER', () => {
  it('pySplit splits on whitespace runs like str.split()', () => {
    expect(pySplit('  a\tb \n\u00a0c\u3000d  ')).toEqual(['a', 'b', 'c', 'd']);
    expect(pySplit('')).toEqual([]);
    expect(pySplit('\x1c')).toEqual([]); // Python treats \x1c..\x1f as whitespace
  });

  it('stripPunct strips ASCII punctuation at both ends only', () => {
    expect(stripPunct('"well-made!"')).toBe('well-made');
    expect(stripPunct(':)')).toBe('');
    expect(stripPunct('«oui»')).toBe('«oui»');
  });

  it('codePointLength counts a surrogate pair once', () => {
    expect(codePointLength('a😀')).toBe(2);
  });

  it('pyIsUpper: needs a cased character, no lower-case one', () => {
    expect(pyIsUpper('GOOD')).toBe(true);
    expect(pyIsUpper('A1!')).toBe(true);
    expect(pyIsUpper('Good')).toBe(false);
    expect(pyIsUpper('123')).toBe(false);
    expect(pyIsUpper(':)')).toBe(false);
  });

  it('pyRound matches Python round(): exact ties go to even, others to the nearest', () => {
    // Python 3: round(0.0625,3)=0.062, round(0.1875,3)=0.188, round(-0.0625,3)=-0.062,
    // round(2.5,0)=2.0, round(3.5,0)=4.0, round(0.12345,4)=0.1235 (binary value is above the tie),
    // round(1.00005,4)=1.0001 (binary value 1.0000500000000001...), round(0.4915254237288136,3)=0.492
    expect(pyRound(0.0625, 3)).toBe(0.062);
    expect(pyRound(0.1875, 3)).toBe(0.188);
    expect(pyRound(-0.0625, 3)).toBe(-0.062);
    expect(pyRound(2.5, 0)).toBe(2);
    expect(pyRound(3.5, 0)).toBe(4);
    expect(pyRound(0.12345, 4)).toBe(0.1235);
    expect(pyRound(1.00005, 4)).toBe(1.0001);
    expect(pyRound(0.4915254237288136, 3)).toBe(0.492);
  });
});
