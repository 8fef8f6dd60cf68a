import { describe, expect, it } from 'vitest';
import { CodedColumn } from '../../src/core/coded-column.js';

describe('CodedColumn', () => {
  it('gives back the values in the order pushed, one object per key', () => {
    const c = new CodedColumn<{ v: string }>();
    const a = { v: 'a' };
    c.push('a', a);
    c.push('b', { v: 'b' });
    c.push('a', { v: 'a, pushed again' });
    expect(c.length).toBe(3);
    expect(c.size).toBe(2);
    expect(c.toArray()).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'a' }]);
    // the first value pushed under a key is the one kept and shared
    expect(c.at(2)).toBe(a);
    expect(c.toArray()[0]).toBe(a);
    expect(new CodedColumn<number>().toArray()).toEqual([]);
  });

  it('keeps every code through growth and widening to two and four bytes', () => {
    const c = new CodedColumn<number>();
    const keys: number[] = [];
    // 70,000 distinct values pass 256 and 65,536; repeats of early ones keep their small codes
    for (let i = 0; i < 70_000; i++) {
      const k = i % 3 === 0 ? i % 300 : i;
      keys.push(k);
      c.push(String(k), k);
    }
    expect(c.length).toBe(70_000);
    const back = c.toArray();
    expect(back.length).toBe(70_000);
    expect(back.every((v, i) => v === keys[i])).toBe(true);
    expect(c.at(0)).toBe(0);
    expect(c.at(69_999)).toBe(keys[69_999]);
  });

  it('refuses a position outside the values pushed', () => {
    const c = new CodedColumn<number>();
    expect(() => c.at(0)).toThrow('index 0 outside 0..-1');
    c.push('x', 1);
    expect(c.at(0)).toBe(1);
    expect(() => c.at(1)).toThrow(RangeError);
    expect(() => c.at(-1)).toThrow(RangeError);
    expect(() => c.at(0.5)).toThrow(RangeError);
  });
});
