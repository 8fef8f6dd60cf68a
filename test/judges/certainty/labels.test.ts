import { describe, it, expect } from 'vitest';
import { combineOrders, toCanonical, type CertaintyScore, type PairLabel } from '../../../src/judges/certainty/labels.js';

const S: CertaintyScore[] = [-2, -1, 0, 1, 2];

describe('combineOrders: every pair of canonical labels', () => {
  // Rows: first call, columns: second call (−2..2). Hand-written from §3.1 / App. D.1:
  // same → same; same direction → weaker; tie vs direction or opposite directions → inconsistent.
  const I = 'inconsistent' as const;
  const table: PairLabel[][] = [
    /* −2 */ [-2, -1, I, I, I],
    /* −1 */ [-1, -1, I, I, I],
    /*  0 */ [I, I, 0, I, I],
    /*  1 */ [I, I, I, 1, 1],
    /*  2 */ [I, I, I, 1, 2],
  ];
  for (const [i, a] of S.entries()) {
    for (const [j, b] of S.entries()) {
      it(`(${a}, ${b}) → ${String(table[i]![j])}`, () => {
        expect(combineOrders(a, b)).toBe(table[i]![j]);
      });
    }
  }
  it('is symmetric', () => {
    for (const a of S) for (const b of S) expect(combineOrders(a, b)).toBe(combineOrders(b, a));
  });
});

describe('toCanonical', () => {
  it('keeps the ordered answer when the original is Text A and negates it otherwise', () => {
    expect(toCanonical(2, 'original-first')).toBe(2); // Clearly B = Clearly Modified
    expect(toCanonical(2, 'modified-first')).toBe(-2); // Clearly B = Clearly Original
    expect(toCanonical(-1, 'modified-first')).toBe(1);
    expect(Object.is(toCanonical(0, 'modified-first'), 0)).toBe(true); // not −0
  });
});
