/**
 * Preservation checks of Belem et al. (App. A.2.2, F.1): word-level edit distance (WED) on
 * lowercased text without punctuation — as rapidfuzz.distance.Levenshtein over word lists, unit
 * costs for insertion, deletion and substitution — and embedding cosine between original and rewrite.
 */
import type { Embedder } from '../../judges/types.js';
import { cosineDense } from '../../text/vector.js';

/** Lowercase, drop punctuation (Unicode P and S categories), split on whitespace. */
export function wedWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/**
 * The most word pairs (original words × rewrite words) whose edit distance is computed: the
 * distance takes time proportional to that product (about 3 ns a pair), so 64 million pairs
 * (two texts of 8,000 words) take about 0.2 s. A longer pair of texts gets no WED; the item says
 * why (`wedSkipped`). Raise it with the certainty option `maxWedPairs`.
 */
export const DEFAULT_MAX_WED_PAIRS = 64_000_000;

/** Levenshtein distance between two token sequences (unit costs), O(|a|·|b|) time, O(|b|) memory. */
export function levenshtein<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // tokens as small integers and rows as typed arrays: the inner loop compares and adds numbers only
  const ids = new Map<T, number>();
  const id = (t: T): number => {
    let k = ids.get(t);
    if (k === undefined) ids.set(t, (k = ids.size));
    return k;
  };
  const ai = Int32Array.from(a, id);
  const bi = Int32Array.from(b, id);
  const m = bi.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= ai.length; i++) {
    const x = ai[i - 1] as number;
    cur[0] = i;
    let left = i;
    for (let j = 1; j <= m; j++) {
      let v = (prev[j - 1] as number) + (x === bi[j - 1] ? 0 : 1);
      const up = (prev[j] as number) + 1;
      if (up < v) v = up;
      if (left + 1 < v) v = left + 1;
      cur[j] = v;
      left = v;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] as number;
}

/** The word edit distance, or why it was not computed (more word pairs than `maxPairs`). */
export function cappedWordEditDistance(original: string, rewrite: string, maxPairs = DEFAULT_MAX_WED_PAIRS): { wed: number } | { skipped: string } {
  const a = wedWords(original);
  const b = wedWords(rewrite);
  if (a.length * b.length > maxPairs) {
    return { skipped: `not computed: ${a.length} × ${b.length} words is over the cap of ${maxPairs} word pairs (certainty option maxWedPairs)` };
  }
  return { wed: levenshtein(a, b) };
}

export function wordEditDistance(original: string, rewrite: string): number {
  return levenshtein(wedWords(original), wedWords(rewrite));
}

/** Cosine of the two texts' embeddings (a fit-per-call embedder is fitted on the pair). */
export async function embeddingCosine(embedder: Embedder, original: string, rewrite: string, signal?: AbortSignal): Promise<number> {
  const vs = await embedder.embed([original, rewrite], signal ? { signal } : {});
  const [a, b] = vs;
  if (!a || !b) throw new Error(`embedder ${embedder.id} returned ${vs.length} vectors for 2 texts`);
  return cosineDense(a, b);
}
