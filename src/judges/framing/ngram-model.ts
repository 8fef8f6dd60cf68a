import { CLAUSE_END, SCOPE, isNegator, negated, scanFramingTokens } from './ngram-features.js';
import { ordinalProbabilities } from './ordinal-sparse-fit.js';
import { partsAt, type TextPieces } from './text-pieces.js';
import { IntTable } from './int-table.js';

/**
 * Linear models on word n-grams (ngram-features.ts, binary, unit length) plus the 11
 * sentence-level VADER features (features.ts), standardised and scaled by `denseScale`, plus
 * optionally a sentence-encoder embedding of the text scaled by `embedding.scale`:
 *   z = bias + Σ_{g ∈ n-grams(text)} w[g] / √|n-grams in vocabulary| + Σ_j dense[j] · denseScale · clip((x_j − mean_j) / sd_j, ±4) + Σ_j emb[j] · scale · e_j.
 * - kind 'ngram-logistic': z has one entry per class (MODEL_CLASSES: negative, neutral, positive), softmax;
 * - kind 'ngram-ordinal': z is one score s (weights have one entry), and the cumulative logit
 *   P(y ≤ negative) = σ(t0 − s), P(y ≤ neutral) = σ(t1 − s) gives the probabilities.
 * Fitted by scripts/fit-framing.ts; the numbers are a JSON asset (ngram-model.json).
 */
/** Standardised VADER features are clipped to ±DENSE_CLIP before scaling (a few outliers would otherwise dominate). */
export const DENSE_CLIP = 4;

export interface NgramFramingModel {
  kind: 'ngram-logistic' | 'ngram-ordinal';
  /** softmax: one intercept per class; ordinal: [0] (the thresholds carry the intercepts) */
  bias: readonly number[];
  /** ordinal only: t0 < t1 */
  thresholds?: readonly number[];
  /** n-gram → weights (3 for softmax, 1 for ordinal) */
  ngrams: Readonly<Record<string, readonly number[]>>;
  dense: { mean: readonly number[]; sd: readonly number[]; scale: number; weights: readonly (readonly number[])[] };
  /** present when the model reads a sentence-encoder embedding (e.g. 'use-lite', 512-d) */
  embedding?: { embedder: string; scale: number; weights: readonly (readonly number[])[] };
}

/** Width of the linear part: 3 logits (softmax) or 1 score (ordinal). */
const outputs = (m: Pick<NgramFramingModel, 'kind'>): number => (m.kind === 'ngram-ordinal' ? 1 : 3);

/** Class probabilities from the linear part z (softmax logits or the ordinal score). */
function linkProbabilities(m: Pick<NgramFramingModel, 'kind' | 'thresholds'>, z: readonly number[]): [number, number, number] {
  if (m.kind === 'ngram-ordinal') return ordinalProbabilities(z[0]!, m.thresholds!);
  const top = Math.max(...z);
  const e = z.map((l) => Math.exp(l - top));
  const s = e.reduce((a, b) => a + b, 0);
  return [e[0]! / s, e[1]! / s, e[2]! / s];
}

/**
 * A model's n-grams compiled for lookups: each n-gram has an id; its weights are the `K` numbers of
 * `weights` from id·K (float64: the JSON's numbers exactly, so sums are bit-identical), and `seen`
 * holds the call of `ngramHits` that last counted it (an n-gram counts once per text). Each word of
 * the n-grams (a unigram, or either word of a bigram) has a word id (`words`); `unigram[word id]`
 * is its unigram's n-gram id (−1: none) and `bigrams` maps first word id · W + second word id to
 * the bigram's. Typed arrays and two maps instead of 20,000 small arrays, entry objects and a map
 * per first word (the shipped model's heap 8.4 → ~3 MiB).
 */
interface CompiledNgrams {
  words: Map<string, number>;
  /** number of words (the bigram key's radix) */
  W: number;
  unigram: Int32Array;
  /** bigram id by first word id · W + second word id, −1 when none */
  bigrams: { get(key: number): number };
  K: number;
  weights: Float64Array;
  seen: Float64Array;
  /** ngramHits' hits (each n-gram at most once per text, so never more than the n-grams), reused from text to text */
  hitIds: Int32Array;
}

const compiled = new WeakMap<object, CompiledNgrams>();
let call = 0;

function build(ngrams: NgramFramingModel['ngrams'], K: number): CompiledNgrams {
  const keys = Object.keys(ngrams);
  const weights = new Float64Array(keys.length * K);
  const words = new Map<string, number>();
  const wordId = (w: string): number => {
    let id = words.get(w);
    if (id === undefined) words.set(w, (id = words.size));
    return id;
  };
  const unigrams: [number, number][] = [];
  const pairs: [number, number, number][] = [];
  keys.forEach((g, id) => {
    const w = ngrams[g]!;
    // a missing weight reads as undefined in the array form: NaN in the sum, as there
    for (let k = 0; k < K; k++) weights[id * K + k] = w[k] ?? NaN;
    const sp = g.indexOf(' ');
    if (sp < 0) unigrams.push([wordId(g), id]);
    else pairs.push([wordId(g.slice(0, sp)), wordId(g.slice(sp + 1)), id]);
  });
  const W = words.size;
  const unigram = new Int32Array(W).fill(-1);
  for (const [w, id] of unigrams) unigram[w] = id;
  const keyed = pairs.map(([a, b, id]): [number, number] => [a * W + b, id]);
  // pair keys past 2^31 (a vocabulary of more than 46,340 words) do not fit the typed table
  const bigrams = W * W <= 0x7fffffff ? new IntTable(keyed) : mapTable(keyed);
  return { words, W, unigram, bigrams, K, weights, seen: new Float64Array(keys.length), hitIds: new Int32Array(keys.length) };
}

function mapTable(entries: [number, number][]): { get(key: number): number } {
  const m = new Map(entries);
  return { get: (key) => m.get(key) ?? -1 };
}

function compile(model: NgramFramingModel): CompiledNgrams {
  let c = compiled.get(model);
  if (c === undefined) compiled.set(model, (c = build(model.ngrams, outputs(model))));
  return c;
}

/**
 * Compile `model`'s n-grams from `ngrams` (the same n-grams) ahead of use, so that a model whose
 * `ngrams` is read lazily (the shipped one, shipped.ts) never holds them as an object.
 */
export function precompileNgrams(model: NgramFramingModel, ngrams: NgramFramingModel['ngrams']): void {
  compiled.set(model, build(ngrams, outputs(model)));
}

/**
 * One n-gram word of a piece (text-pieces.ts) looked up in a compiled model once per distinct
 * piece, instead of once per occurrence: the word and its negated form ("NOT_" + word) with
 * their entries, and whether it opens a negation scope. A clause end is CLAUSE_END_WORD.
 */
export interface ResolvedWord {
  word: string;
  notWord: string;
  negator: boolean;
  /** word ids (CompiledNgrams.words) of the word and its negated form, −1 when not in the model */
  id: number;
  notId: number;
}
const CLAUSE_END_WORD: ResolvedWord = { word: CLAUSE_END, notWord: CLAUSE_END, negator: false, id: -1, notId: -1 };

/** The i-th piece's words resolved in `entries` (remembered on the piece for the last model asked). */
function resolvedAt(t: TextPieces, i: number, entries: Map<string, number>): readonly ResolvedWord[] {
  const parts = partsAt(t, i);
  if (parts.ngram?.model === entries) return parts.ngram.words;
  const words = parts.words.map((w): ResolvedWord => {
    if (w === CLAUSE_END) return CLAUSE_END_WORD;
    const notWord = negated(w);
    return { word: w, notWord, negator: isNegator(w), id: entries.get(w) ?? -1, notId: entries.get(notWord) ?? -1 };
  });
  parts.ngram = { model: entries, words };
  return words;
}

/**
 * The ids of the text's distinct n-grams in the vocabulary, written to `c.hitIds` (their number
 * returned; the next call overwrites them), in the order of `framingNgrams`
 * (first occurrence; a token's bigram with the previous token before its unigram), found in one
 * pass over the tokens without building n-gram strings. Same hits as looking up each
 * member of `framingNgrams(text)` in `model.ngrams` (ngram-equivalence.test.ts). With `pieces`
 * (VADER's tokenisation of `text`) the tokens come from text-pieces.ts, each distinct piece's
 * words looked up in the model once (resolvedAt), instead of a scan.
 */
function ngramHits(c: CompiledNgrams, text: string, pieces?: TextPieces): number {
  const { words: entries, W, unigram, bigrams, seen, hitIds: hits } = c;
  const stamp = ++call;
  let count = 0;
  /** word id of the previous token, −1 after a clause end or a word not in the model */
  let prev = -1;
  const token = (w: number): void => {
    if (w < 0) {
      prev = -1;
      return;
    }
    if (prev >= 0) {
      const b = bigrams.get(prev * W + w);
      if (b >= 0 && seen[b] !== stamp) {
        seen[b] = stamp;
        hits[count++] = b;
      }
    }
    const u = unigram[w] as number;
    if (u >= 0 && seen[u] !== stamp) {
      seen[u] = stamp;
      hits[count++] = u;
    }
    prev = w;
  };
  if (pieces === undefined) {
    scanFramingTokens(
      text,
      (t) => token(entries.get(t) ?? -1),
      () => {
        prev = -1;
      },
    );
    return count;
  }
  // the pieces' words in order, a newline between two pieces ending a clause (framingWordsOf), through a negation scope (NegationScope)
  const { starts, ends } = pieces;
  /** tokens left in the negation scope (NegationScope) */
  let left = 0;
  for (let i = 0; i < starts.length; i++) {
    if (i > 0) {
      for (let p = ends[i - 1] as number; p < (starts[i] as number); p++) {
        if (text.charCodeAt(p) === 10) {
          left = 0;
          prev = -1;
          break;
        }
      }
    }
    // indexed, not for…of: the iterator was an object per piece
    const resolved = resolvedAt(pieces, i, entries);
    for (let k = 0; k < resolved.length; k++) {
      const r = resolved[k] as ResolvedWord;
      if (r === CLAUSE_END_WORD) {
        left = 0;
        prev = -1;
      } else if (r.negator) {
        left = SCOPE;
        token(r.id);
      } else if (left > 0) {
        left--;
        token(r.notId);
      } else token(r.id);
    }
  }
  return count;
}

/**
 * Class probabilities of `text` with its dense (VADER) features and, for a model that reads one,
 * its embedding; `pieces`: VADER's tokenisation of `text`, when at hand.
 */
export function ngramProbabilities(model: NgramFramingModel, text: string, dense: readonly number[], embedding?: readonly number[], pieces?: TextPieces): [number, number, number] {
  const K = outputs(model);
  const z = model.bias.slice(0, K);
  const c = compile(model);
  const count = ngramHits(c, text, pieces);
  const v = count ? 1 / Math.sqrt(count) : 0;
  const { weights, K: stride, hitIds } = c;
  for (let h = 0; h < count; h++) {
    const id = hitIds[h]!;
    for (let k = 0; k < K; k++) z[k]! += v * weights[id * stride + k]!;
  }
  const d = model.dense;
  for (let j = 0; j < d.mean.length; j++) {
    const x = d.scale * Math.max(-DENSE_CLIP, Math.min(DENSE_CLIP, ((dense[j] ?? 0) - d.mean[j]!) / d.sd[j]!));
    for (let k = 0; k < K; k++) z[k]! += x * d.weights[j]![k]!;
  }
  if (model.embedding) {
    if (!embedding || embedding.length !== model.embedding.weights.length) throw new Error(`the framing model needs a ${model.embedding.weights.length}-d ${model.embedding.embedder} embedding of the text`);
    const e = model.embedding;
    for (let j = 0; j < embedding.length; j++) for (let k = 0; k < K; k++) z[k]! += e.scale * embedding[j]! * e.weights[j]![k]!;
  }
  return linkProbabilities(model, z);
}

