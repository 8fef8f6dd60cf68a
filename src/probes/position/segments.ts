/**
 * Dividing an article of N sentences into K segments (Chhabra et al., Appendix A).
 *
 * Segment j (1-based) holds the 0-based sentence positions
 *   [(j − 1)·c + min(j − 1, d),  j·c + min(j, d) − 1],   c = ⌊N / K⌋,  d = N mod K,
 * so the first d segments hold c + 1 sentences and the others c. The paper requires K ≤ N for
 * every article. For N < K the formula leaves segments N+1..K empty and puts sentence i in
 * segment i + 1 — which is also what the released code does (`generate_n_segments`). That reads
 * a 3-sentence article as "all lead", so slant offers:
 *
 * - 'slant' (default): for N < K, sentence i goes to the segment that holds the centre of its
 *   share of the article, ⌊(i + ½)·K / N⌋ + 1; for N ≥ K the Appendix A formula, unchanged;
 * - 'released': the Appendix A formula / released code for every N (sentence i → segment i + 1);
 * - 'exclude': articles with N < K are left out (and counted), as the paper's K ≤ min N demands.
 */

export type ShortArticleMode = 'slant' | 'released' | 'exclude';

/** [first, last] 0-based sentence positions of segment j (1-based), per Appendix A; empty when first > last. */
export function segmentBounds(N: number, K: number, j: number): [number, number] {
  const c = Math.floor(N / K);
  const d = N % K;
  return [(j - 1) * c + Math.min(j - 1, d), j * c + Math.min(j, d) - 1];
}

/**
 * Segment (0-based, 0..K−1) of every sentence of an N-sentence article. Returns null when the
 * article is excluded (mode 'exclude' and N < K).
 */
export function sentenceSegments(N: number, K: number, mode: ShortArticleMode = 'slant'): Int32Array | null {
  if (!Number.isInteger(K) || K < 1) throw new RangeError(`segments: K must be a positive integer, got ${K}`);
  if (!Number.isInteger(N) || N < 0) throw new RangeError(`segments: N must be a non-negative integer, got ${N}`);
  const out = new Int32Array(N);
  if (N < K) {
    if (mode === 'exclude') return null;
    if (mode === 'slant') {
      for (let i = 0; i < N; i++) out[i] = Math.floor(((i + 0.5) * K) / N);
      return out;
    }
  }
  for (let j = 1; j <= K; j++) {
    const [lo, hi] = segmentBounds(N, K, j);
    for (let i = lo; i <= hi && i < N; i++) out[i] = j - 1;
  }
  return out;
}
