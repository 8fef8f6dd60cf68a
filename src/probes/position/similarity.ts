/**
 * Similarity of summary sentences to article sentences, the raw material of the mapping φ.
 * Each function returns, per summary, a matrix with one row per summary sentence and one
 * column per article sentence.
 *
 * - TF-IDF (the paper's φ): scikit-learn's default TfidfVectorizer; the released code fits it on
 *   summary sentences + article sentences for each (article, summary) pair and takes the dot
 *   product of the l2-normalised rows (= cosine). 'per-summary' does exactly that;
 *   'per-article' fits once per article over the article and every summary of it.
 * - ROUGE-1 (Appendix D): rouge-score's ROUGE-1 F between the summary sentence (prediction)
 *   and the article sentence (target).
 * - Embeddings: cosine of the embedder's vectors. A corpus-fitted embedder ('fit-per-call') gets
 *   the texts that must share a vocabulary in one call, following `fit`.
 */
import type { Embedder, Vector } from '../../judges/types.js';
import { ngramCounts, scoreNgramCounts } from '../../text/rouge.js';
import type { SparseVector } from '../../text/tfidf.js';
import { TfidfSubsets } from '../../text/tfidf-subsets.js';
import { tfidfTermsOf } from '../../text/text-tokens.js';
import { cosineDense, dot } from '../../text/vector.js';

export type SimilarityMatrix = Float64Array[];

function sparseRows(summary: readonly SparseVector[], article: readonly SparseVector[]): SimilarityMatrix {
  return summary.map((s) => {
    const row = new Float64Array(article.length);
    if (s.indices.length > 0) for (let j = 0; j < article.length; j++) row[j] = dot(s, article[j] as SparseVector);
    return row;
  });
}

export function tfidfSimilarities(
  article: readonly string[],
  summaries: readonly (readonly string[])[],
  fit: 'per-summary' | 'per-article',
): SimilarityMatrix[] {
  return tfidfSimilaritiesOfTerms(article.map(tfidfTermsOf), summaries.map((s) => s.map(tfidfTermsOf)), fit);
}

/**
 * `tfidfSimilarities` of sentences given by their TF-IDF terms (text-tokens.ts `termsOf`): each
 * sentence is counted once however many fits it is in (tfidf-subsets.ts; the same numbers as a
 * `TfidfVectorizer` per fit).
 */
export function tfidfSimilaritiesOfTerms(
  article: readonly (readonly string[])[],
  summaries: readonly (readonly (readonly string[])[])[],
  fit: 'per-summary' | 'per-article',
): SimilarityMatrix[] {
  const corpus = new TfidfSubsets([...article, ...summaries.flat()]);
  const N = article.length;
  const starts: number[] = [];
  let at = N;
  for (const s of summaries) {
    starts.push(at);
    at += s.length;
  }
  const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);
  if (fit === 'per-article') {
    // one fit over the article and every summary sentence
    const vecs = corpus.fit(range(0, at));
    const art = vecs.slice(0, N);
    return summaries.map((s, i) => sparseRows(vecs.slice(starts[i], (starts[i] as number) + s.length), art));
  }
  const articleDocs = range(0, N);
  return summaries.map((s, i) => {
    // released order: corpus = summary sentences + article sentences
    const vecs = corpus.fit([...range(starts[i] as number, s.length), ...articleDocs]);
    return sparseRows(vecs.slice(0, s.length), vecs.slice(s.length));
  });
}

/** ROUGE-1 F of each summary sentence against each article sentence, from rouge-score tokens. */
export function rouge1Similarities(
  articleTokens: readonly (readonly string[])[],
  summariesTokens: readonly (readonly (readonly string[])[])[],
): SimilarityMatrix[] {
  const art = articleTokens.map((t) => ngramCounts(t, 1));
  return summariesTokens.map((summary) =>
    summary.map((tokens) => {
      const pred = ngramCounts(tokens, 1);
      const row = new Float64Array(art.length);
      for (let j = 0; j < art.length; j++) row[j] = scoreNgramCounts(art[j] as Map<string, number>, pred).fmeasure;
      return row;
    }),
  );
}

function denseRows(summary: readonly Vector[], article: readonly Vector[]): SimilarityMatrix {
  return summary.map((s) => Float64Array.from(article, (a) => cosineDense(s, a)));
}

async function embedAll(embedder: Embedder, texts: readonly string[], kind: 'query' | 'passage' | undefined, signal?: AbortSignal): Promise<Vector[]> {
  const opts: { kind?: 'query' | 'passage'; signal?: AbortSignal } = {};
  if (kind !== undefined) opts.kind = kind;
  if (signal !== undefined) opts.signal = signal;
  const out = await embedder.embed(texts, opts);
  if (out.length !== texts.length) throw new Error(`embedder ${embedder.id} returned ${out.length} vectors for ${texts.length} texts`);
  return out;
}

export async function embeddingSimilarities(
  embedder: Embedder,
  article: readonly string[],
  summaries: readonly (readonly string[])[],
  fit: 'per-summary' | 'per-article',
  signal?: AbortSignal,
): Promise<SimilarityMatrix[]> {
  if (embedder.mode === 'independent') {
    const art = await embedAll(embedder, article, 'passage', signal);
    const all = await embedAll(embedder, summaries.flat(), 'query', signal);
    let at = 0;
    return summaries.map((s) => {
      const rows = denseRows(all.slice(at, at + s.length), art);
      at += s.length;
      return rows;
    });
  }
  if (fit === 'per-article') {
    const vecs = await embedAll(embedder, [...article, ...summaries.flat()], undefined, signal);
    const art = vecs.slice(0, article.length);
    let at = article.length;
    return summaries.map((s) => {
      const rows = denseRows(vecs.slice(at, at + s.length), art);
      at += s.length;
      return rows;
    });
  }
  const out: SimilarityMatrix[] = [];
  for (const s of summaries) {
    const vecs = await embedAll(embedder, [...s, ...article], undefined, signal);
    out.push(denseRows(vecs.slice(0, s.length), vecs.slice(s.length)));
  }
  return out;
}
