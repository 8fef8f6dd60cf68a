import { sentenceBounds } from '../../text/sentences.js';
import { countCues } from './review-cues.js';
import { cueTokensOfPieces } from './text-pieces.js';
import { vader, type TokenizedText, type Vader } from './vader.js';

/**
 * Document features built from sentence-level VADER 3.3.2 compounds. Whole-document VADER
 * saturates on long texts (every review of 300 words sums to |compound| near 1), so the judge
 * looks at how sentiment is distributed over sentences instead.
 */
export const FEATURE_NAMES = [
  'meanCompound', // mean sentence compound
  'posShare', // share of sentences with compound >= 0.05
  'negShare', // share of sentences with compound <= -0.05
  'firstThird', // mean compound of the first ceil(n/3) sentences
  'lastThird', // mean compound of the last ceil(n/3) sentences
  'minCompound', // most negative sentence
  'maxCompound', // most positive sentence
  'docCompound', // VADER compound of the whole text
  'logWords', // ln(1 + whitespace-separated tokens)
  'neutralCues', // lukewarm/contrast cue matches per sentence (review-cues.ts)
  'negativeCues', // product-failure cue matches per sentence (review-cues.ts)
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

/** VADER's own neutral band for compound scores */
const SENTENCE_THRESHOLD = 0.05;

/** Sentence compounds (unrounded) of a text; [] for a text with no sentence. */
export function sentenceCompounds(text: string, analyzer: Vader = vader()): number[] {
  return compoundsOf(text, analyzer.tokenize(text), analyzer).sentences;
}

/**
 * Each sentence's VADER compound and the whole text's, from one tokenisation and one rule pass
 * over the text (Vader.compoundsOfSpans; identical to scoring each sentence string on its own: a
 * sentence is text.slice(start, end) by construction, and rawScoresOfSpan falls back to scoring
 * the slice on its own when a sentence does not start and end on token edges).
 */
function compoundsOf(text: string, tok: TokenizedText, analyzer: Vader): { sentences: number[]; whole: number } {
  const r = analyzer.compoundsOfSpans(text, tok, sentenceBounds(text));
  return { sentences: r.spans, whole: r.whole };
}

/**
 * The FEATURE_NAMES vector of one text. A text with no sentence gets all zeros. `tok` is
 * `analyzer.tokenize(text)` when the caller has it already.
 */
export function framingFeatures(text: string, analyzer: Vader = vader(), tok: TokenizedText = analyzer.tokenize(text)): number[] {
  const { sentences: c, whole } = compoundsOf(text, tok, analyzer);
  const n = c.length;
  if (n === 0) return FEATURE_NAMES.map(() => 0);
  let sum = 0;
  let pos = 0;
  let neg = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of c) {
    sum += v;
    if (v >= SENTENCE_THRESHOLD) pos++;
    if (v <= -SENTENCE_THRESHOLD) neg++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const k = Math.ceil(n / 3);
  let first = 0;
  let last = 0;
  for (let i = 0; i < k; i++) {
    first += c[i] as number;
    last += c[n - 1 - i] as number;
  }
  // = reviewCueCounts(text), from the pieces VADER split (text-pieces.ts)
  const cueToks = cueTokensOfPieces(tok);
  const cues = countCues(cueToks.tokens, cueToks.flags);
  return [
    sum / n,
    pos / n,
    neg / n,
    first / k,
    last / k,
    min,
    max,
    whole, // = analyzer.rawScoresOfSpan(text, tok, 0, text.length).compound
    Math.log1p(tok.starts.length), // pySplit(text).length
    cues.neutral / n,
    cues.negative / n,
  ];
}
