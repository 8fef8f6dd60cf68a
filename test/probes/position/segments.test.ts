import { describe, expect, it } from 'vitest';
import { segmentBounds, sentenceSegments } from '../../../src/probes/position/segments.js';

describe('Appendix A segments', () => {
  it('N = 23, K = 10: c = 2, d = 3, the first three segments hold 3 sentences', () => {
    // j = 1: [0·2 + min(0,3), 1·2 + min(1,3) − 1] = [0, 2]
    // j = 3: [2·2 + 2, 3·2 + 3 − 1] = [6, 8]
    // j = 4: [3·2 + 3, 4·2 + 3 − 1] = [9, 10]
    // j = 10: [9·2 + 3, 10·2 + 3 − 1] = [21, 22]
    expect(segmentBounds(23, 10, 1)).toEqual([0, 2]);
    expect(segmentBounds(23, 10, 3)).toEqual([6, 8]);
    expect(segmentBounds(23, 10, 4)).toEqual([9, 10]);
    expect(segmentBounds(23, 10, 10)).toEqual([21, 22]);
    const seg = sentenceSegments(23, 10)!;
    expect(Array.from(seg)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
  });

  it('matches the released generate_n_segments (divmod, half-open intervals) for N >= K', () => {
    // released: k, m = divmod(N, n); segment i = [i*k + min(i, m), (i+1)*k + min(i+1, m))
    for (const [N, K] of [[10, 10], [11, 10], [19, 10], [37, 10], [7, 3], [100, 7]] as const) {
      const [k, m] = [Math.floor(N / K), N % K];
      const expected: number[] = [];
      for (let i = 0; i < K; i++) for (let s = i * k + Math.min(i, m); s < (i + 1) * k + Math.min(i + 1, m); s++) expected.push(i);
      expect(Array.from(sentenceSegments(N, K, 'slant')!)).toEqual(expected);
      expect(Array.from(sentenceSegments(N, K, 'released')!)).toEqual(expected);
    }
  });

  it('short articles (N < K): released puts sentence i in segment i; slant spreads them', () => {
    expect(Array.from(sentenceSegments(3, 10, 'released')!)).toEqual([0, 1, 2]);
    // slant: ⌊(i + ½)·10/3⌋ = ⌊1.67⌋, ⌊5⌋, ⌊8.33⌋
    expect(Array.from(sentenceSegments(3, 10, 'slant')!)).toEqual([1, 5, 8]);
    expect(Array.from(sentenceSegments(1, 10, 'slant')!)).toEqual([5]);
    expect(sentenceSegments(3, 10, 'exclude')).toBeNull();
    expect(Array.from(sentenceSegments(10, 10, 'exclude')!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('rejects a bad K', () => {
    expect(() => sentenceSegments(5, 0)).toThrow(RangeError);
    expect(() => sentenceSegments(5, 2.5)).toThrow(RangeError);
  });
});

// Written because mutants of the argument checks survived: K = 1 and N = 0 are valid, and each
// refusal names the bad value.
describe('segments: the smallest valid arguments and the refusals', () => {
  it('K = 1 puts every sentence in one segment; N = 0 gives no sentences', () => {
    expect(Array.from(sentenceSegments(5, 1)!)).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(sentenceSegments(0, 4)!)).toEqual([]);
    expect(Array.from(sentenceSegments(0, 4, 'released')!)).toEqual([]);
  });
  it('refuses a K below 1, a negative or fractional N, naming the value', () => {
    expect(() => sentenceSegments(5, 0)).toThrow('segments: K must be a positive integer, got 0');
    expect(() => sentenceSegments(-1, 3)).toThrow('segments: N must be a non-negative integer, got -1');
    expect(() => sentenceSegments(2.5, 3)).toThrow('segments: N must be a non-negative integer, got 2.5');
  });
});
