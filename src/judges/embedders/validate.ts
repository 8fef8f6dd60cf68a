/**
 * Validation of an embedder for the primacy probe on documents with known coverage: does the
 * embedder find the third of a document that a "summary" came from? For every document of at
 * least 9 sentences, and for each third t (beginning, middle, end: equal numbers of sentences),
 * two sentences are drawn at random (seeded; one each when a third has fewer than three) from
 * every third and taken out of the document; the two from t are the summary, and the thirds
 * without the drawn sentences are the passages (so all three lose the same number of sentences). The
 * embedder's similarities s_b, s_m, s_e (the probe's own thirdSimilarities arithmetic: cosine of
 * the summary with each third) should be highest for t. The summary is never verbatim in the
 * document, so the test asks for topical locality, not copied words. Reports a 3×3 confusion
 * matrix (rows: the true third, columns: the third with the highest similarity) and the share of
 * documents where s_t is the highest.
 */
import { splitSentences } from '../../text/sentences.js';
import { arraySplitSizes } from '../../text/thirds.js';
import { cosineDense } from '../../text/vector.js';
import { createRng } from '../../stats/rng.js';
import type { Embedder } from '../types.js';

export const THIRD_LABELS = ['beginning', 'middle', 'end'] as const;

export interface EmbedderValidation {
  /** documents used (≥ 9 sentences) and left out (fewer) */
  documents: number;
  tooShort: number;
  /** rows: true third; columns: the third the embedder found most similar */
  confusion: number[][];
  /** embedded texts per second of wall-clock time (summaries and thirds) */
  textsPerSecond: number;
}

export async function validateEmbedderOrdering(input: { embedder: Embedder; documents: readonly string[]; seed?: number; signal?: AbortSignal; onDocument?: () => void }): Promise<EmbedderValidation> {
  const rng = createRng(input.seed ?? 7);
  const confusion = THIRD_LABELS.map(() => [0, 0, 0]);
  let used = 0;
  let tooShort = 0;
  let texts = 0;
  const t0 = Date.now();
  for (const doc of input.documents) {
    const sents = splitSentences(doc);
    if (sents.length < 9) {
      tooShort++;
      input.onDocument?.();
      continue;
    }
    used++;
    const sizes = arraySplitSizes(sents.length, 3);
    const groups = [0, 1, 2].map((k) => sents.slice(sizes.slice(0, k).reduce((a, b) => a + b, 0), sizes.slice(0, k + 1).reduce((a, b) => a + b, 0)));
    for (let t = 0; t < 3; t++) {
      const take = Math.min(...groups.map((g) => g.length)) >= 3 ? 2 : 1;
      // the same number of sentences leaves every third, so that the source third is not the shorter one
      const out = groups.map((g) => {
        const idx = new Set<number>();
        while (idx.size < take) idx.add(Math.floor(rng() * g.length));
        return idx;
      });
      const summary = [...out[t]!].sort((a, b) => a - b).map((i) => groups[t]![i]!).join(' ');
      const thirds = groups.map((g, k) => g.filter((_, i) => !out[k]!.has(i)).join(' '));
      let vecs;
      if (input.embedder.mode === 'fit-per-call') vecs = await input.embedder.embed([summary, ...thirds], input.signal ? { signal: input.signal } : {});
      else {
        const [q] = await input.embedder.embed([summary], { kind: 'query', ...(input.signal ? { signal: input.signal } : {}) });
        vecs = [q!, ...(await input.embedder.embed(thirds, { kind: 'passage', ...(input.signal ? { signal: input.signal } : {}) }))];
      }
      texts += 4;
      const s = [1, 2, 3].map((k) => cosineDense(vecs[0]!, vecs[k]!));
      let best = 0;
      for (let k = 1; k < 3; k++) if (s[k]! > s[best]!) best = k;
      confusion[t]![best]!++;
    }
    input.onDocument?.();
  }
  const secs = (Date.now() - t0) / 1000;
  return { documents: used, tooShort, confusion, textsPerSecond: secs > 0 ? texts / secs : NaN };
}
