/**
 * ROUGE-1/2/L as computed by Google's rouge-score package (`rouge_score.rouge_scorer`):
 *
 * - tokenizer: lowercase, replace every run of characters outside [a-z0-9] by a space, split;
 *   with `useStemmer`, tokens longer than 3 characters go through NLTK's Porter stemmer;
 * - ROUGE-N: clipped n-gram overlap; precision = overlap / max(#prediction n-grams, 1),
 *   recall = overlap / max(#target n-grams, 1);
 * - ROUGE-L: longest common subsequence over the whole text (rouge-score's `rougeL`, not
 *   `rougeLsum`); precision = LCS / |prediction|, recall = LCS / |target| (0 if either is empty);
 * - F = 2PR / (P + R), 0 when P + R = 0;
 * - several targets (`scoreMulti`): per ROUGE type, the score of the target with the highest F
 *   (rouge-score's `score_multi`; the first one on ties).
 */
import { createCachedStemmer } from './porter-stemmer.js';
import { rougeTokensOf, sharedTokens } from './text-tokens.js';
import { textReads } from './text-reads.js';

/** rouge-score's tokens in lower-cased text: the runs of [a-z0-9] */
const ROUGE_TOKEN = /[a-z0-9]+/g;

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

export type RougeType = 'rouge1' | 'rouge2' | 'rougeL';
export const ROUGE_TYPES: readonly RougeType[] = ['rouge1', 'rouge2', 'rougeL'];

export type RougeScores = Record<RougeType, RougeScore>;

/**
 * rouge-score's tokenizer (lower-case, runs of [a-z0-9]): from the text's shared tokenisation
 * when another instrument made it (text-tokens.ts), else scanned here. Pass a stemmer (e.g.
 * `createCachedStemmer()`) for `use_stemmer=True`.
 */
export function rougeTokenize(text: string, stem?: (word: string) => string): string[] {
  const shared = sharedTokens(text);
  if (shared === undefined) textReads.rouge++;
  const tokens = shared !== undefined ? rougeTokensOf(shared) : (text.toLowerCase().match(ROUGE_TOKEN) ?? []);
  return stem === undefined ? tokens : stemTokens(tokens, stem);
}

/** rouge-score's stemming of its tokens (`use_stemmer=True`): those longer than 3 characters, in place. */
export function stemTokens(tokens: string[], stem: (word: string) => string): string[] {
  for (let i = 0; i < tokens.length; i++) {
    const p = tokens[i] as string;
    if (p.length > 3) tokens[i] = stem(p);
  }
  return tokens;
}

export function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Counts of the n-grams of `tokens` (keys are tokens joined by a space; tokens hold no spaces). */
export function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = n === 1 ? (tokens[i] as string) : tokens.slice(i, i + n).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Clipped overlap of two n-gram count maps, scored as rouge-score's `_score_ngrams`. */
export function scoreNgramCounts(target: Map<string, number>, prediction: Map<string, number>): RougeScore {
  let overlap = 0;
  let targetTotal = 0;
  let predictionTotal = 0;
  for (const c of target.values()) targetTotal += c;
  for (const [k, c] of prediction) {
    predictionTotal += c;
    const t = target.get(k);
    if (t !== undefined) overlap += Math.min(t, c);
  }
  const precision = overlap / Math.max(predictionTotal, 1);
  const recall = overlap / Math.max(targetTotal, 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

export function rougeN(target: readonly string[], prediction: readonly string[], n: number): RougeScore {
  return scoreNgramCounts(ngramCounts(target, n), ngramCounts(prediction, n));
}

/** Length of the longest common subsequence (two-row dynamic programme). */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      if (ai === b[j - 1]) cur[j] = (prev[j - 1] as number) + 1;
      else {
        const up = prev[j] as number;
        const left = cur[j - 1] as number;
        cur[j] = up > left ? up : left;
      }
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] as number;
}

export function rougeL(target: readonly string[], prediction: readonly string[]): RougeScore {
  if (target.length === 0 || prediction.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(target, prediction);
  const precision = lcs / prediction.length;
  const recall = lcs / target.length;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** ROUGE-1, -2 and -L of already tokenized texts. */
export function rougeFromTokens(target: readonly string[], prediction: readonly string[]): RougeScores {
  return { rouge1: rougeN(target, prediction, 1), rouge2: rougeN(target, prediction, 2), rougeL: rougeL(target, prediction) };
}

/** rouge-score's `score_multi`: per type, the score against the target with the highest F. */
export function maxOverTargets(perTarget: readonly RougeScores[]): RougeScores {
  const zero: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };
  const out: RougeScores = { rouge1: zero, rouge2: zero, rougeL: zero };
  for (const type of ROUGE_TYPES) {
    let best: RougeScore | undefined;
    for (const s of perTarget) if (best === undefined || s[type].fmeasure > best.fmeasure) best = s[type];
    out[type] = best ?? zero;
  }
  return out;
}

/**
 * Fast path for many comparisons among the same texts: tokens interned to small integer ids
 * (one interner per batch, e.g. per article), so that counting and LCS compare integers.
 * Results are identical to the string functions above.
 */
export class TokenInterner {
  private readonly ids = new Map<string, number>();
  get size(): number {
    return this.ids.size;
  }
  intern(tokens: readonly string[]): Int32Array {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i] as string;
      let id = this.ids.get(t);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(t, id);
      }
      out[i] = id;
    }
    return out;
  }
}

function score(overlap: number, targetTotal: number, predictionTotal: number): RougeScore {
  const precision = overlap / Math.max(predictionTotal, 1);
  const recall = overlap / Math.max(targetTotal, 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** ROUGE-1/2/L of interned token ids; `scratch` must hold at least `vocabSize` zeros (left zeroed). */
export function rougeFromIds(target: Int32Array, prediction: Int32Array, scratch: Int32Array): RougeScores {
  // ROUGE-1: clipped unigram overlap with a counting array
  for (const id of target) scratch[id] = (scratch[id] as number) + 1;
  let o1 = 0;
  for (const id of prediction) {
    if ((scratch[id] as number) > 0) {
      scratch[id] = (scratch[id] as number) - 1;
      o1++;
    }
  }
  for (const id of target) scratch[id] = 0;
  // ROUGE-2: bigram keys a * 2^21 + b (exact for < 2^21 distinct tokens per batch)
  let o2 = 0;
  const nT2 = Math.max(target.length - 1, 0);
  const nP2 = Math.max(prediction.length - 1, 0);
  if (nT2 > 0 && nP2 > 0) {
    const bigrams = new Map<number, number>();
    for (let i = 0; i < nT2; i++) {
      const k = (target[i] as number) * 2097152 + (target[i + 1] as number);
      bigrams.set(k, (bigrams.get(k) ?? 0) + 1);
    }
    for (let i = 0; i < nP2; i++) {
      const k = (prediction[i] as number) * 2097152 + (prediction[i + 1] as number);
      const c = bigrams.get(k);
      if (c !== undefined && c > 0) {
        bigrams.set(k, c - 1);
        o2++;
      }
    }
  }
  const rougeLScore =
    target.length === 0 || prediction.length === 0
      ? { precision: 0, recall: 0, fmeasure: 0 }
      : (() => {
          const lcs = lcsLengthIds(target, prediction);
          const precision = lcs / prediction.length;
          const recall = lcs / target.length;
          return { precision, recall, fmeasure: fmeasure(precision, recall) };
        })();
  return { rouge1: score(o1, target.length, prediction.length), rouge2: score(o2, nT2, nP2), rougeL: rougeLScore };
}

/** LCS length of two id sequences. */
export function lcsLengthIds(a: Int32Array, b: Int32Array): number {
  const m = b.length;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number;
    for (let j = 1; j <= m; j++) {
      if (ai === (b[j - 1] as number)) cur[j] = (prev[j - 1] as number) + 1;
      else {
        const up = prev[j] as number;
        const left = cur[j - 1] as number;
        cur[j] = up > left ? up : left;
      }
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] as number;
}

/**
 * A target text prepared once for scoring many predictions against it (e.g. one gold summary
 * against every system): bigram counts, and per-token bit masks for the bit-parallel LCS of
 * Hyyrö (2004): V ← (V + (V & M_c)) | (V − (V & M_c)) over the prediction tokens c; the LCS
 * length is the number of zero bits of V among the target's m positions.
 */
export interface PreparedTarget {
  ids: Int32Array;
  bigrams: Map<number, number>;
  words: number;
  masks: Map<number, Uint32Array>;
}

const bigramKey = (a: number, b: number): number => a * 2097152 + b;

function bigramCounts(ids: Int32Array): Map<number, number> {
  const m = new Map<number, number>();
  for (let i = 0; i + 1 < ids.length; i++) {
    const k = bigramKey(ids[i] as number, ids[i + 1] as number);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

export function prepareTarget(ids: Int32Array): PreparedTarget {
  const words = Math.max(1, Math.ceil(ids.length / 32));
  const masks = new Map<number, Uint32Array>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    let m = masks.get(id);
    if (m === undefined) {
      m = new Uint32Array(words);
      masks.set(id, m);
    }
    m[i >>> 5] = ((m[i >>> 5] as number) | (1 << (i & 31))) >>> 0;
  }
  return { ids, bigrams: bigramCounts(ids), words, masks };
}

/** LCS length by the bit-parallel recurrence (equals lcsLengthIds(target.ids, prediction)). */
export function lcsBitParallel(target: PreparedTarget, prediction: Int32Array): number {
  const m = target.ids.length;
  if (m === 0 || prediction.length === 0) return 0;
  const W = target.words;
  const V = new Uint32Array(W).fill(0xffffffff);
  for (const c of prediction) {
    const M = target.masks.get(c);
    if (M === undefined) continue;
    let carry = 0;
    let borrow = 0;
    for (let w = 0; w < W; w++) {
      const v = V[w] as number;
      const u = (v & (M[w] as number)) >>> 0;
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      const diff = v - u - borrow;
      borrow = diff < 0 ? 1 : 0;
      V[w] = ((sum >>> 0) | (diff >>> 0)) >>> 0;
    }
  }
  let ones = 0;
  for (let i = 0; i < m; i++) if (((V[i >>> 5] as number) >>> (i & 31)) & 1) ones++;
  return m - ones;
}

/**
 * ROUGE-1/2/L of a prediction (interned ids, with its bigram counts) against a prepared target.
 * `scratch` must hold at least vocabulary-size zeros and is left zeroed.
 */
export function rougeAgainstPrepared(target: PreparedTarget, prediction: Int32Array, predictionBigrams: Map<number, number>, scratch: Int32Array): RougeScores {
  const t = target.ids;
  for (const id of t) scratch[id] = (scratch[id] as number) + 1;
  let o1 = 0;
  for (const id of prediction) {
    if ((scratch[id] as number) > 0) {
      scratch[id] = (scratch[id] as number) - 1;
      o1++;
    }
  }
  for (const id of t) scratch[id] = 0;
  let o2 = 0;
  const [small, large] = predictionBigrams.size < target.bigrams.size ? [predictionBigrams, target.bigrams] : [target.bigrams, predictionBigrams];
  for (const [k, c] of small) {
    const d = large.get(k);
    if (d !== undefined) o2 += c < d ? c : d;
  }
  const nT2 = Math.max(t.length - 1, 0);
  const nP2 = Math.max(prediction.length - 1, 0);
  let rl: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };
  if (t.length > 0 && prediction.length > 0) {
    const lcs = lcsBitParallel(target, prediction);
    const precision = lcs / prediction.length;
    const recall = lcs / t.length;
    rl = { precision, recall, fmeasure: fmeasure(precision, recall) };
  }
  return { rouge1: score(o1, t.length, prediction.length), rouge2: score(o2, nT2, nP2), rougeL: rl };
}

export { bigramCounts as idBigramCounts };

export interface RougeScorer {
  tokenize(text: string): string[];
  /** same argument order as rouge-score: `score(target, prediction)` */
  score(target: string, prediction: string): RougeScores;
  scoreMulti(targets: readonly string[], prediction: string): RougeScores;
}

export function createRougeScorer(opts: { useStemmer?: boolean } = {}): RougeScorer {
  const stem = opts.useStemmer === true ? createCachedStemmer() : undefined;
  const tokenize = (text: string): string[] => rougeTokenize(text, stem);
  return {
    tokenize,
    score: (target, prediction) => rougeFromTokens(tokenize(target), tokenize(prediction)),
    scoreMulti: (targets, prediction) => {
      const p = tokenize(prediction);
      return maxOverTargets(targets.map((t) => rougeFromTokens(tokenize(t), p)));
    },
  };
}
