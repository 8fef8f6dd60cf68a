import { describe, expect, it } from 'vitest';
import { IdMap, IdSet } from '../../src/core/id-table.js';

/** A seeded stream of ids: short, long, empty, non-ASCII, surrogate pairs and lone surrogates, with repeats. */
function ids(n: number, seed: number): string[] {
  let s = seed >>> 0;
  const next = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
  const alphabet = ['a', 'Z', '0', '-', 'é', '猫', '\u{1F600}', '\uD800', '\uDC00', '\uFF21', '\u0000'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i > 0 && next() % 5 === 0) {
      out.push(out[next() % out.length]!);
      continue;
    }
    const len = next() % 12;
    let id = '';
    for (let j = 0; j < len; j++) id += alphabet[next() % alphabet.length]!;
    out.push(id);
  }
  return out;
}

describe('IdMap and IdSet: Map/Set of ids in typed arrays', () => {
  it('agrees with Map<string, number> on every get, has and size through many growths', () => {
    const ours = new IdMap();
    const ref = new Map<string, number>();
    const stream = ids(8_000, 7);
    stream.forEach((id, i) => {
      expect(ours.get(id)).toBe(ref.get(id));
      expect(ours.has(id)).toBe(ref.has(id));
      // a repeated id keeps its first number here, as the input reader does (it sets only new ids)
      if (!ref.has(id)) {
        ref.set(id, i % 3 === 0 ? -i : i * 1.5);
        ours.set(id, i % 3 === 0 ? -i : i * 1.5);
      }
    });
    expect(ours.size).toBe(ref.size);
    for (const [id, v] of ref) expect(ours.get(id)).toBe(v);
    for (const probe of ids(2_000, 99)) expect(ours.has(probe)).toBe(ref.has(probe));
  });

  it('keeps one-byte ids apart from wider ones, before and after the first wider id widens its storage', () => {
    const s = new IdSet();
    const narrow = Array.from({ length: 3_000 }, (_, i) => `doc-${i}\u00e9`);
    for (const id of narrow) s.add(id);
    // a code unit whose low byte is an ASCII letter's is another id, not that letter
    expect(s.has('doc-1\u01e9')).toBe(false);
    expect(s.has('\u0164oc-1\u00e9')).toBe(false);
    s.add('\u0164oc-1\u00e9');
    expect(s.size).toBe(3_001);
    for (const id of narrow) expect(s.has(id)).toBe(true);
    expect(s.has('\u0164oc-1\u00e9')).toBe(true);
    expect(s.has('Toc-1\u00e9')).toBe(false);
    for (let i = 0; i < 3_000; i++) s.add(`\u732b${i}`);
    expect(s.size).toBe(6_001);
    for (const id of narrow) expect(s.has(id)).toBe(true);
    expect(s.has('\u732b2999')).toBe(true);
  });

  it('set on an existing id replaces its number without adding an entry', () => {
    const m = new IdMap();
    m.set('doc-1', 3).set('doc-2', 4).set('doc-1', 9);
    expect(m.size).toBe(2);
    expect(m.get('doc-1')).toBe(9);
    expect(m.get('doc-2')).toBe(4);
    expect(m.get('doc-3')).toBeUndefined();
  });

  it('tells apart ids JavaScript tells apart: a prefix, lone surrogates, an id with a NUL, the empty id', () => {
    const s = new IdSet(['ab', '\uD800', '', 'a\u0000b']);
    expect(s.has('a')).toBe(false);
    expect(s.has('ab')).toBe(true);
    expect(s.has('abc')).toBe(false);
    expect(s.has('\uD800')).toBe(true);
    // both encode to U+FFFD in UTF-8: compared as code units they differ
    expect(s.has('\uDC00')).toBe(false);
    expect(s.has('')).toBe(true);
    expect(s.has('a\u0000b')).toBe(true);
    expect(s.has('a\u0000')).toBe(false);
    expect(s.size).toBe(4);
  });

  it('IdSet agrees with Set<string>, and an IdMap without numbers gets undefined', () => {
    const ours = new IdSet();
    const ref = new Set<string>();
    for (const id of ids(5_000, 3)) {
      expect(ours.has(id)).toBe(ref.has(id));
      ours.add(id);
      ref.add(id);
    }
    expect(ours.size).toBe(ref.size);
    const bare = new IdMap(false).set('x', 5);
    expect(bare.has('x')).toBe(true);
    expect(bare.get('x')).toBeUndefined();
  });
});
