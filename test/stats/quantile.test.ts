import { describe, expect, it } from 'vitest';
import { median, quantile, quantileSorted } from '../../src/stats/quantile.js';

describe('quantile (type 7)', () => {
  it('matches numpy.quantile / R quantile(type = 7)', () => {
    // np.quantile([3,1,4,1,5,9,2,6], [0, .25, .5, .9, 1]) = [1, 1.75, 3.5, 6.9, 9]
    const xs = [3, 1, 4, 1, 5, 9, 2, 6];
    expect(quantile(xs, 0)).toBe(1);
    expect(quantile(xs, 0.25)).toBeCloseTo(1.75, 12);
    expect(median(xs)).toBeCloseTo(3.5, 12);
    expect(quantile(xs, 0.9)).toBeCloseTo(6.9, 12);
    expect(quantile(xs, 1)).toBe(9);
    expect(xs).toEqual([3, 1, 4, 1, 5, 9, 2, 6]); // input untouched
  });

  it('edge cases', () => {
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(quantileSorted([7], 0.3)).toBe(7);
    expect(() => quantile([1, 2], 1.1)).toThrow(RangeError);
  });

  // mutation-found: the empty sample at p = 0 (h = lo = 0 reads no element), p below 0, the
  // message, and an exact order statistic beside an infinite neighbour (a + 0·(∞ − a) is NaN)
  it('more edges', () => {
    expect(quantileSorted([], 0)).toBeNaN();
    expect(() => quantile([1, 2], -0.1)).toThrow(/p must be in \[0, 1\], got -0\.1/);
    expect(quantileSorted([1, Infinity], 0)).toBe(1);
    expect(quantileSorted([-Infinity, 1, 2], 0.5)).toBe(1);
  });
});
