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

/** Levenshtein distance between two token sequences (unit costs), O(|a|·|b|) time, O(|b|) memory. */
export function levenshtein<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
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
