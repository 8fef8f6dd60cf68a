/**
 * The mapping φ and the positional counts.
 *
 * For each summary sentence (a row of similarities to the article sentences):
 * - if its best similarity is not positive (no shared term for TF-IDF/ROUGE), the sentence is
 *   dropped and counted, as the released code drops rows whose maximum is 0;
 * - otherwise it maps to its top-k article sentences with positive similarity (highest first,
 *   the earlier sentence on ties, like numpy's argmax); k = 1 is the paper's φ, k = 2, 3 are
 *   Appendix I.
 * Each mapped article sentence adds 1 to the count of its segment. With `unique`, an article
 * sentence that several summary sentences map to counts once, as the released code's np.unique.
 *
 * (The released top-k variant differs in one more way: it adds top-k matches only for summary
 * sentences whose best similarity is below 0.9, and always applies np.unique. slant's topK
 * applies to every kept sentence.)
 */
import type { SimilarityMatrix } from './similarity.js';

export interface Placement {
  /** summary sentences */
  sentences: number;
  /** summary sentences kept (best similarity > 0) */
  mapped: number;
  /** summary sentences dropped for zero similarity */
  dropped: number;
  /** mapped article sentences per segment (length K) */
  counts: number[];
}

/** Indices of the k largest positive values of `row`, largest first, earlier index on ties. */
export function topIndices(row: Float64Array, k: number): number[] {
  const best: number[] = [];
  for (let j = 0; j < row.length; j++) {
    const v = row[j] as number;
    if (!(v > 0)) continue;
    if (best.length === k && v <= (row[best[k - 1] as number] as number)) continue;
    let pos = best.length;
    while (pos > 0 && v > (row[best[pos - 1] as number] as number)) pos--;
    best.splice(pos, 0, j);
    if (best.length > k) best.pop();
  }
  return best;
}

/** Map one summary and count its targets per segment (`segments[i]` = segment of article sentence i). */
export function placeSummary(sims: SimilarityMatrix, segments: Int32Array, K: number, topK: number, unique: boolean): Placement {
  const counts = new Array<number>(K).fill(0);
  let mapped = 0;
  let dropped = 0;
  const seen = new Set<number>();
  for (const row of sims) {
    const targets = topIndices(row, topK);
    if (targets.length === 0) {
      dropped++;
      continue;
    }
    mapped++;
    for (const t of targets) {
      if (unique) {
        if (seen.has(t)) continue;
        seen.add(t);
      }
      const seg = segments[t] as number;
      counts[seg] = (counts[seg] as number) + 1;
    }
  }
  return { sentences: sims.length, mapped, dropped, counts };
}
