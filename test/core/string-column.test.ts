/**
 * A group's record ids kept as one string per chunk of 4,096: each must come back exactly as
 * pushed, across chunk boundaries and from the open chunk, whatever its characters.
 */
import { describe, expect, it } from 'vitest';
import { StringColumn } from '../../src/core/string-column.js';

const idOf = (i: number): string => (i % 5 === 0 ? '' : i % 7 === 0 ? `ré-${i}-\u{1F600}` : `doc-${i}`);

describe('StringColumn', () => {
  it('gives back every string pushed, across chunks and from the open chunk', () => {
    const c = new StringColumn();
    const n = 9_000; // two full chunks of 4,096 and an open one
    for (let i = 0; i < n; i++) c.push(idOf(i));
    expect(c.length).toBe(n);
    for (const i of [0, 1, 4_094, 4_095, 4_096, 4_097, 8_191, 8_192, 8_999, 35, 49]) expect(c.at(i)).toBe(idOf(i));
    expect(Array.from({ length: n }, (_, i) => c.at(i))).toEqual(Array.from({ length: n }, (_, i) => idOf(i)));
  });

  it('refuses a position outside it', () => {
    const c = new StringColumn();
    c.push('a');
    expect(c.at(0)).toBe('a');
    expect(() => c.at(1)).toThrow(RangeError);
    expect(() => c.at(-1)).toThrow(RangeError);
    expect(() => c.at(0.5)).toThrow(RangeError);
    expect(() => new StringColumn().at(0)).toThrow(/outside/);
  });
});
