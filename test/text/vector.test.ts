import { describe, it, expect } from 'vitest';
import { cosineDense, cosineSparse, dot, norm, toDense, type SparseVector } from '../../src/text/vector.js';

const sv = (indices: number[], values: number[]): SparseVector => ({
  indices: Int32Array.from(indices),
  values: Float64Array.from(values),
});

describe('vector helpers', () => {
  it('dot and norm of sparse vectors', () => {
    const a = sv([0, 2, 5], [1, 2, 3]);
    const b = sv([2, 3, 5], [4, 7, -1]);
    // overlap at 2 and 5: 2*4 + 3*(-1) = 5
    expect(dot(a, b)).toBe(5);
    expect(norm(a)).toBeCloseTo(Math.sqrt(14), 14);
  });

  it('sparse and dense cosine agree', () => {
    const a = sv([0, 2, 5], [1, 2, 3]);
    const b = sv([2, 3, 5], [4, 7, -1]);
    // 5 / (sqrt(14) * sqrt(66))
    const expected = 5 / Math.sqrt(14 * 66);
    expect(cosineSparse(a, b)).toBeCloseTo(expected, 14);
    expect(cosineDense(toDense(a, 6), toDense(b, 6))).toBeCloseTo(expected, 14);
    expect(cosineDense([1, 0, 2, 0, 0, 3], [0, 0, 4, 7, 0, -1])).toBeCloseTo(expected, 14);
  });

  it('cosine with a zero vector is 0, not NaN', () => {
    expect(cosineSparse(sv([], []), sv([1], [2]))).toBe(0);
    expect(cosineSparse(sv([0], [0]), sv([0], [0]))).toBe(0);
    expect(cosineDense([0, 0], [1, 2])).toBe(0);
    expect(cosineDense(new Float64Array(0), new Float64Array(0))).toBe(0);
  });

  it('dense length mismatch throws', () => {
    expect(() => cosineDense([1, 2], [1])).toThrow(/mismatch/);
  });

  it('toDense places values and rejects out-of-range indices', () => {
    expect(Array.from(toDense(sv([1, 3], [5, 6]), 4))).toEqual([0, 5, 0, 6]);
    expect(() => toDense(sv([4], [1]), 4)).toThrow(/outside/);
  });
});
