import { describe, expect, it } from 'vitest';
import { FloatColumn } from '../../src/stats/float-column.js';

describe('FloatColumn', () => {
  it('is empty before the first push', () => {
    const c = new FloatColumn();
    expect(c.length).toBe(0);
    expect(Array.from(c.values())).toEqual([]);
  });

  // past its first 1,024 slots it starts new blocks (1,024, 2,048, … then 16,384 each) and joins
  // them when read: a block lost, joined out of order or at the wrong offset loses values
  it('keeps every value pushed, in order, past the sizes it grows at', () => {
    for (const length of [1023, 1024, 1025, 5000, 100_003]) {
      const c = new FloatColumn();
      const pushed = Array.from({ length }, (_, i) => i * 0.5 - 7);
      for (const x of pushed) c.push(x);
      expect(c.length).toBe(length);
      expect(Array.from(c.values())).toEqual(pushed);
      expect(c.length).toBe(length);
    }
  });

  it('goes on after being read: pushes after a read join with the values read before, and a second read gives the same array', () => {
    const c = new FloatColumn();
    for (let i = 0; i < 3000; i++) c.push(i);
    const first = c.values();
    expect(first.length).toBe(3000);
    expect(c.values().buffer).toBe(first.buffer);
    for (let i = 3000; i < 40_000; i++) c.push(i);
    expect(c.length).toBe(40_000);
    const all = c.values();
    expect(all.length).toBe(40_000);
    expect(all.every((x, i) => x === i)).toBe(true);
  });

  // blocks double from 1,024 up to 16,384 slots, then stay at 16,384: fewer and larger blocks
  // would hold up to twice the values in unused slots, smaller ones would mean more of them
  it('allocates blocks that double from 1,024 up to 16,384 slots', () => {
    const c = new FloatColumn();
    expect(c.allocated).toBe(1024);
    const sizes: number[] = [];
    for (let i = 0; i < 70_000; i++) {
      const before = c.allocated;
      c.push(i);
      if (c.allocated !== before) sizes.push(c.allocated - before);
    }
    expect(sizes).toEqual([2048, 4096, 8192, 16384, 16384, 16384, 16384]);
    expect(c.allocated).toBe(1024 + 2048 + 4096 + 8192 + 4 * 16384);
    c.values();
    expect(c.allocated).toBe(70_000);
  });

  it('keeps full doubles (eight bytes each), NaN included', () => {
    const c = new FloatColumn();
    for (const x of [0.1, 1e300, -1 / 3, NaN]) c.push(x);
    expect(Array.from(c.values())).toEqual([0.1, 1e300, -1 / 3, NaN]);
  });

  it('gives its values as the blocks it keeps them in, without joining them', () => {
    const c = new FloatColumn();
    expect(c.chunks().map((b) => b.length)).toEqual([0]);
    for (let i = 0; i < 5_000; i++) c.push(i / 3);
    const chunks = c.chunks();
    expect(chunks.map((b) => b.length)).toEqual([1024, 2048, 1928]);
    expect(chunks.flatMap((b) => Array.from(b))).toEqual(Array.from({ length: 5_000 }, (_, i) => i / 3));
    expect(c.allocated).toBe(1024 + 2048 + 4096); // nothing joined
    c.values();
    expect(c.chunks().map((b) => b.length)).toEqual([5_000]);
  });
});
