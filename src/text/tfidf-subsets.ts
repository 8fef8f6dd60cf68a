/**
 * scikit-learn's default `TfidfVectorizer()` fitted many times over subsets of one set of
 * documents whose terms are known. The position probe's released mapping fits one vectorizer per
 * (article, summary) pair: an article's sentences are in every fit of its record (27 on SummEval),
 * and `TfidfVectorizer` would tokenise, count and sort them again each time. Here each document's
 * terms are numbered and counted once, the record's vocabulary sorted once, and a fit only counts
 * document frequencies and weighs.
 *
 * The vectors are those of `new TfidfVectorizer().fitTransform(subset)` (tfidf.ts: raw counts,
 * smooth idf ln((1 + n) / (1 + df)) + 1, l2 rows), with one difference in what the indices
 * name: a term's index is its rank in the sorted vocabulary of every document given, not of the
 * subset. Both orders are the code point order of the terms, so the entries of every vector come
 * in the same order, each value is computed by the same operations in the same order, and dot
 * products (which add in index order) are equal to the last bit.
 */
import { compareCodePoints } from './tfidf.js';
import type { SparseVector } from './vector.js';

const SURROGATE_RE = /[\ud800-\udfff]/;

export class TfidfSubsets {
  /** per document: the ranks of its distinct terms, ascending (shared by every vector of it) */
  private readonly ranks: Int32Array[] = [];
  /** per document: the count of each of its terms, aligned with `ranks` */
  private readonly counts: Float64Array[] = [];
  /** document frequencies of one fit by rank; all zeros between fits */
  private readonly df: Int32Array;
  private readonly idf: Float64Array;

  /** `docs`: each document's TF-IDF terms (lower-cased, runs of two or more word characters) in order. */
  constructor(docs: readonly (readonly string[])[]) {
    const ids = new Map<string, number>();
    const terms: string[] = [];
    // a plain loop: Int32Array.from(doc, fn) goes through the iterator protocol and a call per
    // term, most of the time of the report's item views (which fit one pair's sentences each)
    const local: Int32Array[] = docs.map((doc) => {
      const out = new Int32Array(doc.length);
      for (let i = 0; i < doc.length; i++) {
        const t = doc[i] as string;
        let id = ids.get(t);
        if (id === undefined) {
          id = terms.length;
          ids.set(t, id);
          terms.push(t);
        }
        out[i] = id;
      }
      return out;
    });
    // the order of the fitted vocabulary (tfidf.ts): code points; code units when no surrogate
    const order = Array.from(terms.keys());
    if (terms.some((t) => SURROGATE_RE.test(t))) order.sort((a, b) => compareCodePoints(terms[a] as string, terms[b] as string));
    else order.sort((a, b) => ((terms[a] as string) < (terms[b] as string) ? -1 : 1));
    const rank = new Int32Array(terms.length);
    order.forEach((id, r) => (rank[id] = r));
    for (const ids of local) {
      const sorted = ids.map((id) => rank[id] as number).sort();
      let m = 0;
      for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) m++;
      const r = new Int32Array(m);
      const c = new Float64Array(m);
      let k = -1;
      for (let i = 0; i < sorted.length; i++) {
        if (i === 0 || sorted[i] !== sorted[i - 1]) r[++k] = sorted[i] as number;
        c[k] = (c[k] as number) + 1;
      }
      this.ranks.push(r);
      this.counts.push(c);
    }
    this.df = new Int32Array(terms.length);
    this.idf = new Float64Array(terms.length);
  }

  /**
   * The tf-idf vectors of the documents numbered `members` (in that order; a number given twice
   * is two documents of the fit) after a fit on exactly those documents. A vector's `indices` are
   * shared with the other fits' vectors of the same document: read them, do not change them.
   */
  fit(members: readonly number[]): SparseVector[] {
    const n = members.length;
    const df = this.df;
    const idf = this.idf;
    const touched: number[] = [];
    for (const d of members) {
      const r = this.ranks[d] as Int32Array;
      for (let p = 0; p < r.length; p++) {
        const j = r[p] as number;
        if (df[j] === 0) touched.push(j);
        df[j] = (df[j] as number) + 1;
      }
    }
    for (const j of touched) idf[j] = Math.log((n + 1) / ((df[j] as number) + 1)) + 1;
    const out = members.map((d) => this.weigh(d));
    for (const j of touched) df[j] = 0;
    return out;
  }

  /** Document `d`'s counts weighed by the current fit's idf and l2-normalised (tfidf.ts `weigh`). */
  private weigh(d: number): SparseVector {
    const indices = this.ranks[d] as Int32Array;
    const counts = this.counts[d] as Float64Array;
    const m = indices.length;
    const values = new Float64Array(m);
    let total = 0;
    for (let p = 0; p < m; p++) {
      const v = (counts[p] as number) * (this.idf[indices[p] as number] as number);
      values[p] = v;
      total += v * v;
    }
    if (total > 0) {
      const norm = Math.sqrt(total);
      for (let p = 0; p < m; p++) values[p] = (values[p] as number) / norm;
    }
    return { indices, values };
  }
}
