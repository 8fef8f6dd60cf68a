/**
 * Position keeps each article's segment counts by their non-zero entries, in chunks of rows: read
 * back in place in any order, across chunk boundaries and from the open chunk, each row must be
 * exactly the row pushed, zeros and all.
 */
import { describe, expect, it } from 'vitest';
import { addFlatRow, addRowOf, denseRowOf, rowTotalOf, SparseRows, type FlatRows } from '../../../src/probes/position/sparse-rows.js';

/** Rows `at` of `rows`, read in place, each as its K numbers. */
const dense = (rows: SparseRows, at: ArrayLike<number>, K: number): number[][] => {
  const chunks = rows.chunkList();
  return Array.from(at, (i) => Array.from(denseRowOf(new Float64Array(K), chunks, i)));
};

/** Row r of one chunk as its entries: segments and values. */
const entries = (c: FlatRows, r: number) => ({ seg: Array.from(c.seg.subarray(c.start[r], c.start[r + 1])), value: Array.from(c.value.subarray(c.start[r], c.start[r + 1])) });

/** Row i: empty every 7th, otherwise a few counts (some fractional), at segments that move with i. */
const rowOf = (i: number, K: number): number[] => Array.from({ length: K }, (_, j) => (i % 7 === 0 ? 0 : (i + j) % 5 === 0 ? 1 + (i % 3) / 4 : 0));

describe('SparseRows', () => {
  const K = 10;
  const n = 10_000; // two full chunks of 4,096 rows and an open one
  // built by the first test that asks, never while the file is collected or in a hook: Stryker
  // switches a mutant on for each test, so rows built before the test would be the original code's
  let built: SparseRows | undefined;
  const rows = (): SparseRows => {
    if (built) return built;
    built = new SparseRows(K);
    for (let i = 0; i < n; i++) {
      if (i % 11 === 0) built.pushEmpty();
      else built.push(rowOf(i, K));
    }
    return built;
  };
  const want = (i: number): number[] => (i % 11 === 0 ? new Array<number>(K).fill(0) : rowOf(i, K));

  it('gives back every row pushed, in the order asked, across chunks', () => {
    expect(rows().length).toBe(n);
    const all = Int32Array.from({ length: n }, (_, i) => i);
    expect(dense(rows(), all, K)).toEqual(Array.from({ length: n }, (_, i) => want(i)));
    const some = Int32Array.from([9_999, 4_095, 4_096, 0, 8_191, 8_192, 4_096, 13]);
    expect(dense(rows(), some, K)).toEqual(Array.from(some, want));
  });

  it('keeps only the non-zero entries, in segment order', () => {
    const c = rows().chunkList()[0]!;
    // row 1: segments 4 and 9; row 7 is empty; row 2: segments 3 and 8
    expect(entries(c, 1)).toEqual({ seg: [4, 9], value: [1.25, 1.25] });
    expect(entries(c, 7)).toEqual({ seg: [], value: [] });
    expect(entries(c, 2)).toEqual({ seg: [3, 8], value: [1.5, 1.5] });
  });

  it('adds a row of a chunk into a sum', () => {
    const c = rows().chunkList()[0]!;
    const out = new Float64Array(K).fill(0.5);
    for (const r of [1, 2, 1]) addFlatRow(out, c, r);
    expect(Array.from(out)).toEqual([0.5, 0.5, 0.5, 2, 3, 0.5, 0.5, 0.5, 2, 3]);
  });

  it('adds rows of any chunk into a sum, in the order given', () => {
    const out = new Float64Array(K);
    rows().addRows(out, Int32Array.from([1, 9_998, 4_097, 7]));
    const sum = new Array<number>(K).fill(0);
    for (const i of [1, 9_998, 4_097, 7]) sum.forEach((_, j) => (sum[j]! += want(i)[j]!));
    expect(Array.from(out)).toEqual(sum);
    expect(sum.filter((x) => x > 0).length).toBeGreaterThan(3);
  });

  it('reads rows in place, from their chunks, the open one included', () => {
    const chunks = rows().chunkList();
    expect(chunks.length).toBe(3); // two full chunks and the open one
    const out = new Float64Array(K);
    for (const i of [0, 1, 4_095, 4_096, 8_191, 8_192, 9_999, 7]) {
      expect(Array.from(denseRowOf(out.fill(9), chunks, i))).toEqual(want(i));
      expect(rowTotalOf(chunks, i)).toBe(want(i).reduce((a, x) => a + x, 0));
    }
    expect(rowTotalOf(chunks, 1)).toBe(2.5);
    const sum = new Float64Array(K).fill(0.5);
    for (const i of [1, 9_998, 4_097, 1]) addRowOf(sum, chunks, i);
    const expected = new Array<number>(K).fill(0.5);
    for (const i of [1, 9_998, 4_097, 1]) expected.forEach((_, j) => (expected[j]! += want(i)[j]!));
    expect(Array.from(sum)).toEqual(expected);
    // a column whose last chunk is full has no open one
    const full = new SparseRows(2);
    for (let i = 0; i < 4_096; i++) full.push([i, 1]);
    expect(full.chunkList().length).toBe(1);
    expect(rowTotalOf(full.chunkList(), 4_095)).toBe(4_096);
  });

  it('holds rows denser than its first arrays (every segment counted)', () => {
    const wide = new SparseRows(1000);
    const full = Array.from({ length: 1000 }, (_, j) => j + 1);
    for (let i = 0; i < 4_100; i++) wide.push(i % 2 === 0 ? full : [0, 3]);
    const got = dense(wide, [0, 1, 4_094, 4_095, 4_096, 4_099], 1000);
    const short = [0, 3, ...new Array<number>(998).fill(0)];
    expect(got).toEqual([full, short, full, short, full, short]);
  });

  it('reads a row up to its K segments only: entries past K are not part of it', () => {
    const r = new SparseRows(3);
    r.push([0, 2, 0, 7, 9]);
    expect(entries(r.chunkList()[0]!, 0)).toEqual({ seg: [1], value: [2] });
    expect(r.chunkList()[0]!.start[1]).toBe(1);
  });

  it('refuses a row it does not have', () => {
    const out = new Float64Array(K);
    expect(() => rows().addRows(out, Int32Array.from([n]))).toThrow(/row 10000 outside 0\.\.9999/);
    expect(() => rows().addRows(out, Int32Array.from([-1]))).toThrow(RangeError);
  });
});
