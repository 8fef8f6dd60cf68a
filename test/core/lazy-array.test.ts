import { describe, expect, it } from 'vitest';
import { isLazyArray, lazyArray } from '../../src/core/lazy-array.js';

describe('lazyArray', () => {
  it('reads as an array of the items built on access, by every array method a function over items uses', () => {
    const built: number[] = [];
    const a = lazyArray(4, (i) => {
      built.push(i);
      return { i, sq: i * i };
    });
    expect(a.length).toBe(4);
    expect(Array.isArray(a)).toBe(true);
    expect([...a].map((x) => x.sq)).toEqual([0, 1, 4, 9]);
    expect(a.filter((x) => x.i % 2 === 1).map((x) => x.i)).toEqual([1, 3]);
    expect(a.map((x) => x.i)).toEqual([0, 1, 2, 3]);
    expect(a.some((x) => x.sq === 9)).toBe(true);
    expect(a[2]).toEqual({ i: 2, sq: 4 });
    // nothing is kept: a second read builds the item again
    expect(a[2]).not.toBe(a[2]);
    expect(built.length).toBeGreaterThan(8);
  });

  it('has no item outside 0..length − 1 and no index-like name that is not an index', () => {
    const a = lazyArray(2, (i) => i + 10);
    expect(a[2]).toBeUndefined();
    expect(a[-1]).toBeUndefined();
    expect((a as unknown as Record<string, unknown>)['01']).toBeUndefined();
    expect((a as unknown as Record<string, unknown>)['1.0']).toBeUndefined();
    expect(1 in a).toBe(true);
    expect(2 in a).toBe(false);
    expect('0' in a).toBe(true);
    expect('map' in a).toBe(true);
    expect(lazyArray(0, () => 1).length).toBe(0);
    expect([...lazyArray(0, () => 1)]).toEqual([]);
  });

  it('refuses writes', () => {
    const a = lazyArray(2, (i) => i) as number[];
    expect(() => {
      a[0] = 5;
    }).toThrow('read-only');
    expect(() => a.push(1)).toThrow(TypeError);
    expect(() => Object.defineProperty(a, '0', { value: 1 })).toThrow(TypeError);
    expect(() => delete a[0]).toThrow(TypeError);
  });

  it('compares equal to the array of its items, is written by JSON.stringify as that array, and is told apart', () => {
    const a = lazyArray(3, (i) => ({ i, xs: [i, i / 2] }));
    const plain = [0, 1, 2].map((i) => ({ i, xs: [i, i / 2] }));
    expect(a).toEqual(plain);
    expect(a).not.toEqual([...plain.slice(0, 2), { i: 2, xs: [2, 2] }]);
    expect(Object.keys(a)).toEqual(['0', '1', '2']);
    expect(JSON.stringify(a, null, 2)).toBe(JSON.stringify(plain, null, 2));
    expect(JSON.stringify({ a: lazyArray(0, () => 1) })).toBe('{"a":[]}');
    expect(isLazyArray(a)).toBe(true);
    expect(isLazyArray(plain)).toBe(false);
    expect(isLazyArray(null)).toBe(false);
    expect(isLazyArray('x')).toBe(false);
  });
});
