/**
 * TF-IDF "embedder": fits scikit-learn's default TfidfVectorizer on exactly the texts of one
 * call (mode 'fit-per-call'), so callers pass together the texts that must share a vocabulary,
 * e.g. the primacy probe's embed([summary, third1, third2, third3]). Vectors are l2-normalised
 * tf-idf rows over the sorted vocabulary of that call, densified.
 */
import { charsOf, stoppable } from '../../core/stoppable.js';
import type { Embedder, Vector } from '../types.js';
import { TfidfVectorizer, type TfidfOptions } from '../../text/tfidf.js';
import { cosineSparse, toDense } from '../../text/vector.js';

export class TfidfEmbedder implements Embedder {
  readonly id = 'tfidf';
  readonly version = '1';
  readonly mode = 'fit-per-call' as const;
  private readonly opts: TfidfOptions;

  /** `opts` default to sklearn's TfidfVectorizer() defaults. */
  constructor(opts: TfidfOptions = {}) {
    this.opts = opts;
  }

  async embed(texts: readonly string[], opts?: { kind?: 'query' | 'passage'; signal?: AbortSignal }): Promise<Vector[]> {
    opts?.signal?.throwIfAborted();
    if (texts.length === 0) return [];
    return stoppable(charsOf(texts), () => {
      const v = new TfidfVectorizer(this.opts);
      const rows = v.fitTransform(texts);
      const dim = v.dimension;
      return rows.map((r) => toDense(r, dim));
    });
  }
}

/**
 * cosine(query, doc_i) for every doc, with sklearn-default TF-IDF fitted on [query, ...docs];
 * same numbers as TfidfEmbedder + cosineDense, without densifying. 0 when either side has no
 * terms.
 */
export function tfidfCosines(query: string, docs: readonly string[], opts: TfidfOptions = {}): number[] {
  const rows = new TfidfVectorizer(opts).fitTransform([query, ...docs]);
  const q = rows[0];
  if (q === undefined) return [];
  return rows.slice(1).map((d) => cosineSparse(q, d));
}
