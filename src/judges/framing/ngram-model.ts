import type { Framing } from '../../core/types.js';
import { MODEL_CLASSES } from './model.js';
import { CLAUSE_END, SCOPE, isNegator, negated, scanFramingTokens } from './ngram-features.js';
import { ordinalProbabilities } from './ordinal-sparse-fit.js';
import { partsAt, type TextPieces } from './text-pieces.js';

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
export const outputs = (m: Pick<NgramFramingModel, 'kind'>): number => (m.kind === 'ngram-ordinal' ? 1 : 3);

/** Class probabilities from the linear part z (softmax logits or the ordinal score). */
export function linkProbabilities(m: Pick<NgramFramingModel, 'kind' | 'thresholds'>, z: readonly number[]): [number, number, number] {
  if (m.kind === 'ngram-ordinal') return ordinalProbabilities(z[0]!, m.thresholds!);
  const top = Math.max(...z);
  const e = z.map((l) => Math.exp(l - top));
  const s = e.reduce((a, b) => a + b, 0);
  return [e[0]! / s, e[1]! / s, e[2]! / s];
}

/** A model's n-gram weights by first word: the unigram's entry and the bigrams' second words. */
type CompiledNgrams = Map<string, CompiledEntry>;
interface CompiledEntry {
  unigram?: NgramEntry;
  next?: Map<string, NgramEntry>;
}
interface NgramEntry {
  w: readonly number[];
  /** the call of `ngramHits` that last counted this n-gram (an n-gram counts once per text) */
  seen: number;
}

const compiled = new WeakMap<NgramFramingModel, CompiledNgrams>();
let call = 0;

function compile(model: NgramFramingModel): CompiledNgrams {
  let c = compiled.get(model);
  if (c !== undefined) return c;
  c = new Map();
  const slot = (first: string) => {
    let e = c!.get(first);
    if (e === undefined) c!.set(first, (e = {}));
    return e;
  };
  for (const [g, w] of Object.entries(model.ngrams)) {
    const sp = g.indexOf(' ');
    if (sp < 0) {
      slot(g).unigram = { w, seen: 0 };
      continue;
    }
    const e = slot(g.slice(0, sp));
    (e.next ??= new Map()).set(g.slice(sp + 1), { w, seen: 0 });
  }
  compiled.set(model, c);
  return c;
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
  entry: CompiledEntry | undefined;
  notEntry: CompiledEntry | undefined;
}
const CLAUSE_END_WORD: ResolvedWord = { word: CLAUSE_END, notWord: CLAUSE_END, negator: false, entry: undefined, notEntry: undefined };

/** The i-th piece's words resolved in `entries` (remembered on the piece for the last model asked). */
function resolvedAt(t: TextPieces, i: number, entries: CompiledNgrams): readonly ResolvedWord[] {
  const parts = partsAt(t, i);
  if (parts.ngram?.model === entries) return parts.ngram.words;
  const words = parts.words.map((w): ResolvedWord => {
    if (w === CLAUSE_END) return CLAUSE_END_WORD;
    const notWord = negated(w);
    return { word: w, notWord, negator: isNegator(w), entry: entries.get(w), notEntry: entries.get(notWord) };
  });
  parts.ngram = { model: entries, words };
  return words;
}

/**
 * The weights of the text's distinct n-grams in the vocabulary, in the order of `framingNgrams`
 * (first occurrence; a token's bigram with the previous token before its unigram), found in one
 * pass over the tokens without building n-gram strings (issue 16). Same hits as looking up each
 * member of `framingNgrams(text)` in `model.ngrams` (ngram-equivalence.test.ts). With `pieces`
 * (VADER's tokenisation of `text`) the tokens come from text-pieces.ts, each distinct piece's
 * words looked up in the model once (resolvedAt), instead of a scan.
 */
function ngramHits(model: NgramFramingModel, text: string, pieces?: TextPieces): (readonly number[])[] {
  const entries = compile(model);
  const stamp = ++call;
  const hits: (readonly number[])[] = [];
  let prev: Map<string, NgramEntry> | undefined;
  const token = (t: string, e: CompiledEntry | undefined): void => {
    if (prev !== undefined) {
      const b = prev.get(t);
      if (b !== undefined && b.seen !== stamp) {
        b.seen = stamp;
        hits.push(b.w);
      }
    }
    if (e === undefined) {
      prev = undefined;
      return;
    }
    const u = e.unigram;
    if (u !== undefined && u.seen !== stamp) {
      u.seen = stamp;
      hits.push(u.w);
    }
    prev = e.next;
  };
  if (pieces === undefined) {
    scanFramingTokens(
      text,
      (t) => token(t, entries.get(t)),
      () => {
        prev = undefined;
      },
    );
    return hits;
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
          prev = undefined;
          break;
        }
      }
    }
    for (const r of resolvedAt(pieces, i, entries)) {
      if (r === CLAUSE_END_WORD) {
        left = 0;
        prev = undefined;
      } else if (r.negator) {
        left = SCOPE;
        token(r.word, r.entry);
      } else if (left > 0) {
        left--;
        token(r.notWord, r.notEntry);
      } else token(r.word, r.entry);
    }
  }
  return hits;
}

/**
 * Class probabilities of `text` with its dense (VADER) features and, for a model that reads one,
 * its embedding; `pieces`: VADER's tokenisation of `text`, when at hand.
 */
export function ngramProbabilities(model: NgramFramingModel, text: string, dense: readonly number[], embedding?: readonly number[], pieces?: TextPieces): [number, number, number] {
  const K = outputs(model);
  const z = model.bias.slice(0, K);
  const hits = ngramHits(model, text, pieces);
  const v = hits.length ? 1 / Math.sqrt(hits.length) : 0;
  for (const w of hits) for (let k = 0; k < K; k++) z[k]! += v * w[k]!;
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

export function argmaxFraming(p: readonly number[]): Framing {
  let best = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[best]!) best = k;
  return MODEL_CLASSES[best]!;
}
