import { describe, expect, it } from 'vitest';
import { fnvHash, SpanTable } from '../../src/text/span-table.js';

describe('SpanTable', () => {
  const intern = (t: SpanTable<string>, s: string, start: number, end: number): number => {
    const h = fnvHash(s.slice(start, end));
    const id = t.find(s, start, end, h);
    return id >= 0 ? id : t.add(s.slice(start, end), h, s.slice(start, end).toUpperCase());
  };

  it('numbers keys in the order added and finds them again by span, without the slice', () => {
    const t = new SpanTable<string>();
    const s = 'the cat the dog cat';
    expect([intern(t, s, 0, 3), intern(t, s, 4, 7), intern(t, s, 8, 11), intern(t, s, 12, 15), intern(t, s, 16, 19)]).toEqual([0, 1, 0, 2, 1]);
    expect(t.keys).toEqual(['the', 'cat', 'dog']);
    expect(t.values).toEqual(['THE', 'CAT', 'DOG']);
    expect(t.find('xx dog', 3, 6, fnvHash('dog'))).toBe(2);
    expect(t.find('do', 0, 2, fnvHash('do'))).toBe(-1);
  });

  it('keeps apart keys with one hash, and keys that are prefixes of each other', () => {
    expect(fnvHash('w0m65v')).toBe(fnvHash('w1a23a'));
    const t = new SpanTable<string>();
    const s = 'w0m65v w1a23a w1a23a w0m65v w0m65 w0m65vv';
    const ids = [[0, 6], [7, 13], [14, 20], [21, 27], [28, 33], [34, 41]].map(([a, b]) => intern(t, s, a as number, b as number));
    expect(ids).toEqual([0, 1, 1, 0, 2, 3]);
  });

  it('grows past its first size and finds every key after, and is empty after clear', () => {
    const t = new SpanTable<string>();
    const words = Array.from({ length: 5000 }, (_, i) => `k${i}`);
    const s = words.join(' ');
    let at = 0;
    const spans = words.map((w) => {
      const span: [number, number] = [at, at + w.length];
      at += w.length + 1;
      return span;
    });
    expect(spans.map(([a, b]) => intern(t, s, a, b))).toEqual(words.map((_, i) => i));
    expect(spans.map(([a, b]) => t.find(s, a, b, fnvHash(s.slice(a, b))))).toEqual(words.map((_, i) => i));
    t.clear();
    expect(t.size).toBe(0);
    expect(t.find(s, 0, 2, fnvHash('k0'))).toBe(-1);
    expect(intern(t, s, spans[7]![0], spans[7]![1])).toBe(0);
    expect(t.find(s, spans[7]![0], spans[7]![1], fnvHash('k7'))).toBe(0);
  });
});
