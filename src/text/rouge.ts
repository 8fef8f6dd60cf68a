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

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

export type RougeType = 'rouge1' | 'rouge2' | 'rougeL';
export const ROUGE_TYPES: readonly RougeType[] = ['rouge1', 'rouge2', 'rougeL'];

export type RougeScores = Record<RougeType, RougeScore>;

const NON_ALPHANUM = /[^a-z0-9]+/g;

/** rouge-score's tokenizer. Pass a stemmer (e.g. `createCachedStemmer()`) for `use_stemmer=True`. */
export function rougeTokenize(text: string, stem?: (word: string) => string): string[] {
  const parts = text.toLowerCase().replace(NON_ALPHANUM, ' ').split(/\s+/);
  const out: string[] = [];
  for (const p of parts) {
    if (p === '') continue;
    out.push(stem !== undefined && p.length > 3 ? stem(p) : p);
  }
  return out;
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
