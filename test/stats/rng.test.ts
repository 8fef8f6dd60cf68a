import { describe, expect, it } from 'vitest';
import { createRng, randomSeed, sampleWithoutReplacement, shuffleInPlace } from '../../src/stats/rng.js';

describe('createRng (mulberry32)', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const sa = Array.from({ length: 5 }, () => a());
    const sb = Array.from({ length: 5 }, () => b());
    const sc = Array.from({ length: 5 }, () => c());
    expect(sa).toEqual(sb);
    expect(sa).not.toEqual(sc);
  });

  it('pins the first output of the reference mulberry32 for seed 0', () => {
    // Reference implementation (Tommy Ettinger's mulberry32, state 0):
    // t = 0x6D2B79F5; t = imul(t ^ t>>>15, t|1); t ^= t + imul(t ^ t>>>7, t|61); (t ^ t>>>14)>>>0
    // = 1144304738, / 2^32 = 0.26642920868471265
    expect(createRng(0)()).toBeCloseTo(0.26642920868471265, 15);
  });

  it('gives the stream of the uint32 reference (the state is held as int32, the same bits)', () => {
    const reference = (seed: number): (() => number) => {
      let state = Math.trunc(seed) >>> 0;
      return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    };
    for (const seed of [0, 1, 42, -7, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 5, -(2 ** 40), 123456.9]) {
      const a = createRng(seed);
      const b = reference(seed);
      expect(Array.from({ length: 20000 }, a), `seed ${seed}`).toEqual(Array.from({ length: 20000 }, b));
    }
  });

  it('yields values in [0,1) with mean close to 1/2', () => {
    const r = createRng(7);
    let s = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < 100000; i++) {
      const v = r();
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      s += v;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    expect(s / 100000).toBeGreaterThan(0.49);
    expect(s / 100000).toBeLessThan(0.51);
  });

  it('rejects a non-finite seed', () => {
    expect(() => createRng(NaN)).toThrow(RangeError);
  });
});

describe('shuffleInPlace', () => {
  it('permutes in place, reproducibly', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const out = shuffleInPlace(a, createRng(1));
    expect(out).toBe(a);
    expect([...a].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(shuffleInPlace([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], createRng(1))).toEqual(a);
  });

  it('puts each element in each position about equally often', () => {
    const rng = createRng(3);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) {
      const a = shuffleInPlace([0, 1, 2], rng);
      counts[a[0] as number]! += 1;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });
});

describe('sampleWithoutReplacement', () => {
  it('returns k distinct elements and leaves the input alone', () => {
    const src = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const s = sampleWithoutReplacement(src, 4, createRng(5));
    expect(s).toHaveLength(4);
    expect(new Set(s).size).toBe(4);
    for (const v of s) expect(src).toContain(v);
    expect(sampleWithoutReplacement(src, 0, createRng(5))).toEqual([]);
    expect(sampleWithoutReplacement(src, 10, createRng(5)).sort((a, b) => a - b)).toEqual([...src]);
  });

  it('rejects k out of range', () => {
    expect(() => sampleWithoutReplacement([1, 2], 3, createRng(1))).toThrow(RangeError);
    expect(() => sampleWithoutReplacement([1, 2], -1, createRng(1))).toThrow(RangeError);
    expect(() => sampleWithoutReplacement([1, 2], 1.5, createRng(1))).toThrow(RangeError);
  });
});

/** A generator that returns the given values in turn and counts the calls. */
function scripted(values: number[]): { rng: () => number; calls: () => number } {
  let i = 0;
  return { rng: () => values[i++ % values.length] as number, calls: () => i };
}

// Mutation-found gaps: the draws each routine takes (a shuffle of n items takes n − 1, as Python's
// random.shuffle; a sample of k takes k), which fix every later number of a seeded run; the
// partial Fisher–Yates worked by hand; randomSeed's range; the messages.
describe('rng routines, draw by draw', () => {
  it('a shuffle of n items takes n − 1 draws (random.shuffle: for i in reversed(range(1, n)))', () => {
    const s = scripted([0.5]);
    shuffleInPlace([1, 2, 3, 4], s.rng);
    expect(s.calls()).toBe(3);
  });
  it('a sample of k takes k draws; the picks worked by hand', () => {
    // draws 0.5, 0, 0.99 over [a b c d e]: i = 0 swaps 0 and 0 + ⌊0.5·5⌋ = 2 → c b a d e;
    // i = 1 keeps b (1 + ⌊0·4⌋); i = 2 swaps 2 and 2 + ⌊0.99·3⌋ = 4 → c b e d a; the first 3
    const s = scripted([0.5, 0, 0.99]);
    expect(sampleWithoutReplacement(['a', 'b', 'c', 'd', 'e'], 3, s.rng)).toEqual(['c', 'b', 'e']);
    expect(s.calls()).toBe(3);
  });
  it('randomSeed gives whole numbers in [0, 2³²) that differ between calls', () => {
    const seeds = Array.from({ length: 50 }, () => randomSeed());
    expect(seeds.every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(45);
  });
  it('names the function and the bad value in its messages', () => {
    expect(() => createRng(Number.NaN)).toThrow('createRng: seed must be a finite number, got NaN');
    expect(() => sampleWithoutReplacement([1, 2], 3, createRng(1))).toThrow('sampleWithoutReplacement: k must be an integer in [0, 2], got 3');
  });
});
