import { describe, expect, it } from 'vitest';
import { IntTable } from '../../../src/judges/framing/int-table.js';

/** IntTable answers as the Map it replaces in the n-gram walk: same values, −1 for a missing key. */
describe('IntTable', () => {
  it('gives what a Map gives on seeded keys, present and missing, including 0 and 2^31 − 1', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const entries: [number, number][] = [[0, 5], [0x7fffffff, 0], [1, 0x7fffffff]];
    for (let i = 0; i < 5000; i++) entries.push([rand(i % 2 ? 1000 : 2 ** 31), rand(20000)]);
    // a key given twice keeps the last value, as Map does
    entries.push([entries[10]![0], 42]);
    const map = new Map(entries);
    const table = new IntTable(entries);
    expect(table.size).toBe(map.size);
    for (const k of map.keys()) expect(table.get(k)).toBe(map.get(k));
    let missing = 0;
    for (let i = 0; i < 20000; i++) {
      const k = rand(i % 2 ? 2000 : 2 ** 31);
      expect(table.get(k)).toBe(map.get(k) ?? -1);
      if (!map.has(k)) missing++;
    }
    expect(missing).toBeGreaterThan(5000);
    expect(new IntTable([]).get(3)).toBe(-1);
  });
  it('refuses a key it cannot hold', () => {
    expect(() => new IntTable([[-1, 2]])).toThrow(RangeError);
    expect(() => new IntTable([[2 ** 31, 2]])).toThrow(RangeError);
    expect(() => new IntTable([[1.5, 2]])).toThrow(RangeError);
  });
});
