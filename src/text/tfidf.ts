/**
 * TF-IDF vectorizer. With default options it reproduces scikit-learn's default
 * `TfidfVectorizer()` (CountVectorizer + TfidfTransformer):
 *
 *   - lowercase = true; token_pattern r"(?u)\b\w\w+\b": maximal runs of two or more word
 *     characters, where Python's Unicode \w is letters, digits and underscore ([\p{L}\p{N}_]);
 *   - tf = raw count of the term in the document (sublinear_tf=False; with sublinearTf
 *     tf = 1 + ln(count));
 *   - idf(t) = ln((1 + n) / (1 + df(t))) + 1 (smooth_idf=True; without smoothing
 *     idf(t) = ln(n / df(t)) + 1), n = number of documents fitted, df = documents containing t;
 *   - each row tf * idf, then divided by its l2 norm (norm='l2'; 'l1' or null on request);
 *   - features sorted alphabetically by code point (Python's str order), so column j is
 *     `vocabulary()[j]` = get_feature_names_out()[j].
 *
 * Differences from scikit-learn, on purpose:
 *   - a corpus with no terms (or none left after min/max df pruning) fits an empty vocabulary
 *     and transforms to empty vectors, where sklearn raises ValueError: one degenerate record
 *     must not abort a measurement run;
 *   - minDf/maxDf: an integer >= 1 is a document count, a number in (0, 1) a fraction of the
 *     documents (JavaScript cannot tell 1 from 1.0: leave maxDf unset for sklearn's 1.0);
 *   - a custom tokenPattern is a JavaScript RegExp (\w and \b are ASCII-only in JS; use
 *     \p{L}/\p{N} with the u flag). Like sklearn, a pattern with a capture group yields group 1.
 *
 * Speed: with the default pattern and lower-casing, a document's terms come from its shared
 * tokenisation (text-tokens.ts: the pieces VADER and the thirds read too, each distinct piece's
 * terms made once), by number, so a fit looks each term string up once; per-document counts go
 * into a reused typed array, so no per-token objects are created.
 */
import { UserError } from '../core/errors.js';
import type { SparseVector } from './vector.js';
import { fnvHash, SpanTable } from './span-table.js';
import { pieceOf, scanWordRunSpans, sharedTokens, termCount, termOf, termsOf } from './text-tokens.js';
import { textReads } from './text-reads.js';

export type { SparseVector } from './vector.js';

export interface TfidfOptions {
  /** lower-case before tokenizing (default true) */
  lowercase?: boolean;
  /** token regex (default: sklearn's (?u)\b\w\w+\b, i.e. /[\p{L}\p{N}_]{2,}/gu) */
  tokenPattern?: RegExp;
  /** weight by idf (default true) */
  useIdf?: boolean;
  /** add one to document frequencies and n (default true) */
  smoothIdf?: boolean;
  /** tf = 1 + ln(count) (default false) */
  sublinearTf?: boolean;
  /** row normalisation (default 'l2') */
  norm?: 'l2' | 'l1' | null;
  /** terms dropped after tokenizing (compared after lower-casing when lowercase is on) */
  stopWords?: readonly string[];
  /** ignore terms in fewer documents than this (integer count, or fraction in (0,1)); default 1 */
  minDf?: number;
  /** ignore terms in more documents than this (integer count, or fraction in (0,1)); default: no limit */
  maxDf?: number;
}

/** sklearn's default token pattern (?u)\b\w\w+\b in JavaScript. */
export const SKLEARN_TOKEN_PATTERN = /[\p{L}\p{N}_]{2,}/gu;

/**
 * Appends to `out` every maximal run of two or more word characters ([\p{L}\p{N}_], Python's
 * Unicode \w) in `s`: the same tokens as SKLEARN_TOKEN_PATTERN without a match object per token.
 */
function scanWordRuns(s: string, out: string[]): void {
  scanWordRunSpans(s, (start, end) => out.push(s.slice(start, end)));
}

/**
 * fitCounts' map from the shared tokenisation's term numbers to the fit's own (its SpanTable's; -1:
 * not met yet in this fit), reused from fit to fit; `seenTerms` are the entries to reset.
 */
let localOf = new Int32Array(0);
const seenTerms: number[] = [];
/** the shared tables' generation `localOf` belongs to */
let termsGeneration = -1;

const SURROGATE_RE = /[\ud800-\udfff]/;

/** The order of Array.prototype.sort's default comparison (UTF-16 code units) for two strings. */
const byCodeUnits = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Python's str order (by code point). JavaScript's `<` compares UTF-16 code units, which puts
 * astral characters (surrogate pairs) before U+E000..U+FFFF; at the first differing unit we
 * shift surrogates above the rest of the BMP, which restores code point order.
 */
export function compareCodePoints(x: string, y: string): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    let a = x.charCodeAt(i);
    let b = y.charCodeAt(i);
    if (a === b) continue;
    if (a >= 0xd800) a += a <= 0xdfff ? 0x2000 : -0x800;
    if (b >= 0xd800) b += b <= 0xdfff ? 0x2000 : -0x800;
    return a - b;
  }
  return x.length - y.length;
}

function checkDf(name: string, v: number | undefined): void {
  if (v === undefined) return;
  const ok = Number.isFinite(v) && (Number.isInteger(v) ? v >= 0 : v > 0 && v < 1);
  if (!ok) {
    throw new UserError(`TF-IDF ${name} must be an integer document count >= 0 or a fraction in (0, 1); got ${v}`);
  }
}

function dfLimit(v: number, n: number): number {
  return Number.isInteger(v) ? v : v * n;
}

/** Term ids of one document and their counts (ids in first-seen order). */
interface DocCounts {
  ids: Int32Array;
  counts: Float64Array;
}

export class TfidfVectorizer {
  private readonly lowercase: boolean;
  private readonly pattern: RegExp;
  /** the sklearn default pattern: tokenized by `scanWordRuns` instead of the regex (faster) */
  private readonly defaultPattern: boolean;
  private readonly useIdf: boolean;
  private readonly smoothIdf: boolean;
  private readonly sublinearTf: boolean;
  private readonly normKind: 'l2' | 'l1' | null;
  private readonly stop: ReadonlySet<string> | null;
  private readonly minDf: number;
  private readonly maxDf: number | undefined;

  private vocab: string[] | null = null;
  /** term -> final index, made on the first transform after a fit (fitTransform does not need it) */
  private index: Map<string, number> | null = null;
  private idfArr: Float64Array = new Float64Array(0);
  /** counts by final index while weighing one document; all zeros between calls */
  private scratch: Float64Array = new Float64Array(0);

  constructor(opts: TfidfOptions = {}) {
    this.lowercase = opts.lowercase ?? true;
    const p = opts.tokenPattern ?? SKLEARN_TOKEN_PATTERN;
    this.defaultPattern = p.source === SKLEARN_TOKEN_PATTERN.source && p.flags.includes('u');
    this.pattern = new RegExp(p.source, p.flags.includes('g') ? p.flags : `${p.flags}g`);
    this.useIdf = opts.useIdf ?? true;
    this.smoothIdf = opts.smoothIdf ?? true;
    this.sublinearTf = opts.sublinearTf ?? false;
    this.normKind = opts.norm === undefined ? 'l2' : opts.norm;
    checkDf('minDf', opts.minDf);
    checkDf('maxDf', opts.maxDf);
    this.minDf = opts.minDf ?? 1;
    this.maxDf = opts.maxDf;
    const sw = opts.stopWords;
    this.stop = sw === undefined ? null : new Set(this.lowercase ? sw.map((w) => w.toLowerCase()) : sw);
  }

  /** Tokens of `doc` after lower-casing and stop-word removal. */
  private tokensOf(doc: string): string[] {
    let toks: string[] = [];
    const shared = this.defaultPattern && this.lowercase ? sharedTokens(doc) : undefined;
    if (shared !== undefined) {
      // the text's shared tokenisation (text-tokens.ts): its terms, made once per distinct piece of text
      toks = termsOf(shared);
    } else if (this.defaultPattern) {
      textReads.tfidf++;
      scanWordRuns(this.lowercase ? doc.toLowerCase() : doc, toks);
    } else {
      textReads.tfidf++;
      const src = this.lowercase ? doc.toLowerCase() : doc;
      const re = this.pattern;
      re.lastIndex = 0;
      for (let m = re.exec(src); m !== null; m = re.exec(src)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        toks.push(m.length > 1 ? (m[1] ?? '') : m[0]);
      }
    }
    const stop = this.stop;
    if (stop !== null) toks = toks.filter((t) => !stop.has(t));
    return toks;
  }

  /** Learn vocabulary and idf from `docs`. */
  fit(docs: readonly string[]): this {
    this.fitCounts(docs);
    return this;
  }

  /** Fit on `docs` and return their tf-idf vectors (same as fit(docs).transform(docs), faster). */
  fitTransform(docs: readonly string[]): SparseVector[] {
    const { perDoc, remap } = this.fitCounts(docs);
    return perDoc.map((d) => this.weigh(d.ids, d.counts, remap));
  }

  /** Tf-idf vectors of `docs` over the fitted vocabulary (unknown terms are ignored). */
  transform(docs: readonly string[]): SparseVector[] {
    const vocab = this.vocab;
    if (vocab === null) throw new Error('TfidfVectorizer.transform called before fit');
    const V = vocab.length;
    const counts = new Float64Array(V);
    const touched: number[] = [];
    const out: SparseVector[] = [];
    for (const doc of docs) {
      touched.length = 0;
      const index: Map<string, number> = (this.index ??= new Map(vocab.map((t, j): [string, number] => [t, j])));
      for (const tok of this.tokensOf(doc)) {
        const j = index.get(tok);
        if (j === undefined) continue;
        if (counts[j] === 0) touched.push(j);
        counts[j] = (counts[j] as number) + 1;
      }
      const ids = Int32Array.from(touched);
      const c = new Float64Array(ids.length);
      for (let k = 0; k < ids.length; k++) {
        const j = ids[k] as number;
        c[k] = counts[j] as number;
        counts[j] = 0;
      }
      out.push(this.weigh(ids, c, null));
    }
    return out;
  }

  /** Feature names; column j of every vector is vocabulary()[j]. */
  vocabulary(): string[] {
    if (this.vocab === null) throw new Error('TfidfVectorizer.vocabulary called before fit');
    return this.vocab.slice();
  }

  /** idf weight of each feature (all ones when useIdf is false). */
  idf(): Float64Array {
    if (this.vocab === null) throw new Error('TfidfVectorizer.idf called before fit');
    return this.idfArr.slice();
  }

  /** Number of features. */
  get dimension(): number {
    return this.vocab === null ? 0 : this.vocab.length;
  }

  /**
   * Tokenize and count all docs with provisional ids; build the sorted, pruned vocabulary and
   * idf. Returns per-document counts and the map provisional id -> final index (-1 = pruned).
   */
  private fitCounts(docs: readonly string[]): { perDoc: DocCounts[]; remap: Int32Array } {
    const n = docs.length;
    const ids = new Map<string, number>();
    let terms: string[] = [];
    let counts = new Float64Array(1024);
    let df = new Int32Array(1024);
    const touched: number[] = [];
    const perDoc: DocCounts[] = [];
    /** the default tokens without stop words: terms found by their span (SpanTable), no string per repeated token */
    const table = this.defaultPattern && this.stop === null ? new SpanTable<undefined>() : undefined;
    const intern = (src: string, start: number, end: number, hash: number): number => {
      const t = table as SpanTable<undefined>;
      const id = t.find(src, start, end, hash);
      return id >= 0 ? id : t.add(src.slice(start, end), hash, undefined);
    };
    const see = (id: number): void => {
      if (id >= counts.length) {
        const c2 = new Float64Array(counts.length * 2);
        c2.set(counts);
        counts = c2;
        const d2 = new Int32Array(df.length * 2);
        d2.set(df);
        df = d2;
      }
      if (counts[id] === 0) touched.push(id);
      counts[id] = (counts[id] as number) + 1;
    };
    for (const doc of docs) {
      touched.length = 0;
      const shared = table !== undefined && this.lowercase ? sharedTokens(doc) : undefined;
      if (table !== undefined && shared === undefined) {
        textReads.tfidf++;
        const src = this.lowercase ? doc.toLowerCase() : doc;
        scanWordRunSpans(src, (start, end, hash) => see(intern(src, start, end, hash)));
      } else if (table !== undefined && shared !== undefined) {
        // the terms of the text's shared tokenisation (text-tokens.ts), by their numbers there: a
        // term string is looked up in the table once per fit, not once per occurrence
        const tt = shared;
        if (tt.generation !== termsGeneration) {
          // the shared tables were emptied since the last document: their numbers start again
          for (const tid of seenTerms) localOf[tid] = -1;
          seenTerms.length = 0;
          termsGeneration = tt.generation;
        }
        if (localOf.length < termCount()) {
          const grown = new Int32Array(Math.max(2 * localOf.length, termCount(), 1024)).fill(-1);
          grown.set(localOf);
          localOf = grown;
        }
        for (let i = 0; i < tt.ids.length; i++) {
          const tids = pieceOf(tt, i).termIds;
          for (let k = 0; k < tids.length; k++) {
            const tid = tids[k] as number;
            let id = localOf[tid] as number;
            if (id < 0) {
              const tok = termOf(tid);
              const h = fnvHash(tok);
              id = table.find(tok, 0, tok.length, h);
              if (id < 0) id = table.add(tok, h, undefined);
              localOf[tid] = id;
              seenTerms.push(tid);
            }
            see(id);
          }
        }
      } else {
        for (const tok of this.tokensOf(doc)) {
          let id = ids.get(tok);
          if (id === undefined) {
            id = terms.length;
            ids.set(tok, id);
            terms.push(tok);
          }
          see(id);
        }
      }
      const dIds = Int32Array.from(touched);
      const dCounts = new Float64Array(dIds.length);
      for (let k = 0; k < dIds.length; k++) {
        const id = dIds[k] as number;
        dCounts[k] = counts[id] as number;
        counts[id] = 0;
        df[id] = (df[id] as number) + 1;
      }
      perDoc.push({ ids: dIds, counts: dCounts });
    }

    for (const tid of seenTerms) localOf[tid] = -1;
    seenTerms.length = 0;
    // the span table's terms are found by id below, without a map from term to id
    if (table !== undefined) terms = table.keys;
    const minCount = dfLimit(this.minDf, n);
    const maxCount = this.maxDf === undefined ? Infinity : dfLimit(this.maxDf, n);
    if (maxCount < minCount) {
      throw new UserError(`TF-IDF maxDf (${this.maxDf}) corresponds to fewer documents than minDf (${this.minDf})`);
    }
    const kept: number[] = [];
    for (let id = 0; id < terms.length; id++) {
      const d = df[id] as number;
      if (d >= minCount && d <= maxCount) kept.push(id);
    }
    // native string sort is code-unit order, equal to code point order without surrogates; the
    // terms are distinct, so sorting their ids by term gives the order of sorting the terms
    const all = terms;
    if (kept.some((id) => SURROGATE_RE.test(all[id] as string))) kept.sort((a, b) => compareCodePoints(all[a] as string, all[b] as string));
    else kept.sort((a, b) => byCodeUnits(all[a] as string, all[b] as string));
    const remap = new Int32Array(terms.length).fill(-1);
    const vocab: string[] = new Array<string>(kept.length);
    const idf = new Float64Array(kept.length);
    const s = this.smoothIdf ? 1 : 0;
    for (let j = 0; j < kept.length; j++) {
      const id = kept[j] as number;
      const t = terms[id] as string;
      remap[id] = j;
      vocab[j] = t;
      idf[j] = this.useIdf ? Math.log((n + s) / ((df[id] as number) + s)) + 1 : 1;
    }
    this.vocab = vocab;
    this.index = null;
    this.idfArr = idf;
    return { perDoc, remap };
  }

  /** Weight counts into a normalised sparse vector sorted by final index. */
  private weigh(ids: Int32Array, counts: Float64Array, remap: Int32Array | null): SparseVector {
    const V = this.idfArr.length;
    if (this.scratch.length !== V) this.scratch = new Float64Array(V);
    const scratch = this.scratch;
    let m = 0;
    const tmp = new Int32Array(ids.length);
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k] as number;
      const j = remap === null ? id : (remap[id] as number);
      if (j < 0) continue;
      tmp[m++] = j;
      scratch[j] = counts[k] as number;
    }
    const indices = m === tmp.length ? tmp : tmp.slice(0, m);
    indices.sort(); // typed-array sort is numeric
    const values = new Float64Array(m);
    let total = 0;
    for (let p = 0; p < m; p++) {
      const j = indices[p] as number;
      const c = scratch[j] as number;
      scratch[j] = 0;
      const tf = this.sublinearTf ? 1 + Math.log(c) : c;
      const v = tf * (this.idfArr[j] as number);
      values[p] = v;
      total += this.normKind === 'l1' ? Math.abs(v) : v * v;
    }
    if (this.normKind !== null && total > 0) {
      const d = this.normKind === 'l2' ? Math.sqrt(total) : total;
      for (let p = 0; p < m; p++) values[p] = (values[p] as number) / d;
    }
    return { indices, values };
  }
}
