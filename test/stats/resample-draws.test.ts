import { describe, expect, it } from 'vitest';
import { resampleDraws } from '../../src/stats/resample-draws.js';
import { bootstrapInterval } from '../../src/stats/bootstrap.js';
import { createRng } from '../../src/stats/rng.js';
import { quantileSorted } from '../../src/stats/quantile.js';

/** The percentile bootstrap drawing its own indices from the seed (the code before shared draws). */
function ownDraws(xs: number[], stat: (s: Float64Array) => number, B: number, seed: number): [number, number] {
  const rng = createRng(seed);
  const buf = new Float64Array(xs.length);
  const stats = new Float64Array(B);
  for (let b = 0; b < B; b++) {
    for (let i = 0; i < xs.length; i++) buf[i] = xs[Math.floor(rng() * xs.length)] as number;
    stats[b] = stat(buf);
  }
  stats.sort();
  return [quantileSorted(stats, 0.025), quantileSorted(stats, 0.975)];
}

const sum = (s: Float64Array): number => s.reduce((a, b) => a + b, 0);

describe('shared bootstrap draws', () => {
  it("are the seed's stream of indices, resample after resample, the same set each time it is asked for", () => {
    const d = resampleDraws(5, 7, 30) as Int32Array;
    const rng = createRng(5);
    expect(Array.from(d)).toEqual(Array.from({ length: 210 }, () => Math.floor(rng() * 7)));
    expect(resampleDraws(5, 7, 30)).toBe(d);
    expect(resampleDraws(6, 7, 30)).not.toEqual(d);
    expect(resampleDraws(5, 7, 31)?.length).toBe(217);
  });

  it('are not kept over a million indices: the bootstrap draws them itself', () => {
    expect(resampleDraws(1, 1000, 1049)).toBeNull();
    expect(resampleDraws(1, 1000, 1048)?.length).toBe(1_048_000);
    // exactly 2^20 indices are still kept (the limit made `>=` would draw them itself)
    expect(resampleDraws(1, 1024, 1024)?.length).toBe(1 << 20);
  });

  // the two most recently asked for are kept, the least recently asked for goes first: a limit of
  // one, three or none (`>=` made `>`, `<`, true or false), no eviction, or no refresh of a set
  // asked for again (the `else kept.delete(key)` removed) each change which sets come back the same
  it('keep the two sets asked for most recently', () => {
    const a = resampleDraws(101, 5, 4);
    const b = resampleDraws(102, 5, 4);
    expect(resampleDraws(101, 5, 4)).toBe(a); // a refreshed: b is now the oldest
    const c = resampleDraws(103, 5, 4); // evicts b
    expect(resampleDraws(101, 5, 4)).toBe(a);
    expect(resampleDraws(103, 5, 4)).toBe(c);
    const b2 = resampleDraws(102, 5, 4); // drawn again, equal but new; evicts a
    expect(b2).not.toBe(b);
    expect(b2).toEqual(b);
    expect(resampleDraws(101, 5, 4)).not.toBe(a);
  });

  it('give the intervals of a bootstrap drawing its own, kept or not', () => {
    const rng = createRng(9);
    for (const n of [1, 2, 50, 600]) {
      const xs = Array.from({ length: n }, () => Math.round(rng() * 1000) / 7);
      for (const [B, seed] of [[2000, 42], [200, 3]] as const) {
        const ci = bootstrapInterval(xs, sum, { resamples: B, seed });
        // n = 600 with 2000 resamples is over the size kept
        expect([ci.low, ci.high], `n ${n} B ${B}`).toEqual(ownDraws(xs, sum, B, seed));
      }
    }
  });
});
