/**
 * VADER 3.3.2 (vaderSentiment.py, C.J. Hutto, MIT licence) ported to TypeScript.
 *
 * The port follows `SentimentIntensityAnalyzer.polarity_scores` rule by rule, including its
 * quirks, so that scores match the Python package to the printed precision:
 * - tokens are `text.split()` with leading/trailing ASCII punctuation stripped unless that leaves
 *   two characters or fewer (emoticons survive);
 * - the `but` rule of 3.3.2 looks each sentiment up with `list.index(value)`, i.e. it rescales the
 *   FIRST token whose current value equals the value being visited. With repeated values this
 *   can rescale a different token than the one visited (e.g. "good good but bad good great").
 *   `butRule: 'vader-3.3.2'` (default) reproduces that; `butRule: 'positional'` rescales each
 *   token by its own position (what the VADER paper describes);
 * - the sentiment-laden idiom check is "future work" in 3.3.2 and never called; not applied here.
 *
 * Not ported: the emoji step (3.3.2 replaces each emoji character by its text description from
 * emoji_utf8_lexicon.txt before scoring). Emoji characters here stay as they are and usually
 * score 0. Emoticons such as ":)" are in the main lexicon and do work.
 *
 * Python 3.12+ sums floats with compensated summation; this port sums left to right like
 * Python <= 3.11. The difference is in the last bits and can only matter at a rounding edge.
 *
 * Work per text is linear in its token count: lower-casing happens once per token, lexicon and
 * word lists are Maps/Sets, and the `but` rule keeps an index of positions by value.
 */
import {
  BOOSTER_DICT, C_INCR, N_SCALAR, NEGATE, NORMALIZE_ALPHA, SPECIAL_CASES,
} from './vader-constants.js';
import { vaderLexicon, type VaderLexicon } from './vader-lexicon.js';
import { codePointLength, pyIsUpper, pyRound, pySplit, stripPunct } from './py-text.js';

export interface VaderScores {
  neg: number;
  neu: number;
  pos: number;
  compound: number;
}

export interface VaderOptions {
  /** how the contrastive 'but' rescales sentiments; default 'vader-3.3.2' (see file comment) */
  butRule?: 'vader-3.3.2' | 'positional';
}

/** 3.3.2 `normalize(score, alpha=15)`: score / sqrt(score² + alpha), clipped to [-1, 1]. */
export function normalize(score: number, alpha = NORMALIZE_ALPHA): number {
  const n = score / Math.sqrt(score * score + alpha);
  return n < -1 ? -1 : n > 1 ? 1 : n;
}

/** 3.3.2 `SentiText._words_and_emoticons`. */
export function wordsAndEmoticons(text: string): string[] {
  const words = pySplit(text);
  for (let i = 0; i < words.length; i++) {
    const token = words[i] as string;
    const stripped = stripPunct(token);
    if (stripped !== token && codePointLength(stripped) > 2) words[i] = stripped;
  }
  return words;
}

/** 3.3.2 `allcap_differential`: some but not all tokens are ALL CAPS. */
function allcapDifferential(upper: readonly boolean[]): boolean {
  let caps = 0;
  for (const u of upper) if (u) caps++;
  const diff = upper.length - caps;
  return diff > 0 && diff < upper.length;
}

/** 3.3.2 `negated([word])` for one lower-cased word. */
function negatedWord(lower: string): boolean {
  return NEGATE.has(lower) || lower.includes("n't");
}

/** One tokenised text with everything the rules look up precomputed. */
interface Tokens {
  words: string[];
  lower: string[];
  upper: boolean[];
  capDiff: boolean;
}

function count(text: string, ch: number): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === ch) n++;
  return n;
}

/** 3.3.2 `_punctuation_emphasis`: 0.292 per '!' (at most 4); 0.18 per '?' when 2-3, 0.96 beyond. */
export function punctuationEmphasis(text: string): number {
  const ep = Math.min(count(text, 33), 4) * 0.292;
  const qc = count(text, 63);
  const qm = qc > 1 ? (qc <= 3 ? qc * 0.18 : 0.96) : 0;
  return ep + qm;
}

export class Vader {
  readonly lexicon: VaderLexicon;
  private readonly butRule: 'vader-3.3.2' | 'positional';

  constructor(lexicon: VaderLexicon, opts: VaderOptions = {}) {
    this.lexicon = lexicon;
    this.butRule = opts.butRule ?? 'vader-3.3.2';
  }

  /** 3.3.2 `polarity_scores`, rounded as Python does (neg/neu/pos to 3 places, compound to 4). */
  polarityScores(text: string): VaderScores {
    const raw = this.rawScores(text);
    return {
      neg: pyRound(raw.neg, 3),
      neu: pyRound(raw.neu, 3),
      pos: pyRound(raw.pos, 3),
      compound: pyRound(raw.compound, 4),
    };
  }

  /** The same scores before rounding (what the offline framing judge uses). */
  rawScores(text: string): VaderScores {
    return this.scoreValence(this.sentiments(text), text);
  }

  /** Per-token valences after all rules (3.3.2's `sentiments` list after `_but_check`). */
  sentiments(text: string): number[] {
    const words = wordsAndEmoticons(text);
    const lower = words.map((w) => w.toLowerCase());
    const upper = words.map(pyIsUpper);
    const t: Tokens = { words, lower, upper, capDiff: allcapDifferential(upper) };
    const sentiments: number[] = new Array<number>(words.length);
    for (let i = 0; i < words.length; i++) {
      const item = lower[i] as string;
      if (BOOSTER_DICT.has(item) || (i < words.length - 1 && item === 'kind' && lower[i + 1] === 'of')) {
        sentiments[i] = 0;
        continue;
      }
      sentiments[i] = this.sentimentValence(t, i);
    }
    const bi = lower.indexOf('but');
    if (bi >= 0) {
      if (this.butRule === 'positional') butPositional(sentiments, bi);
      else butVader332(sentiments, bi);
    }
    return sentiments;
  }

  private sentimentValence(t: Tokens, i: number): number {
    const { lower } = t;
    const lex = this.lexicon;
    const item = lower[i] as string;
    const base = lex.get(item);
    if (base === undefined) return 0;
    let valence = base;
    const n = lower.length;
    // "no" as negation of an adjacent lexicon item vs "no" as its own lexicon item
    if (item === 'no' && i !== n - 1 && lex.has(lower[i + 1] as string)) valence = 0.0;
    if (
      (i > 0 && lower[i - 1] === 'no') ||
      (i > 1 && lower[i - 2] === 'no') ||
      (i > 2 && lower[i - 3] === 'no' && (lower[i - 1] === 'or' || lower[i - 1] === 'nor'))
    ) {
      valence = base * N_SCALAR;
    }
    // ALL-CAPS emphasis while other tokens are not all caps
    if (t.upper[i] === true && t.capDiff) valence = valence > 0 ? valence + C_INCR : valence - C_INCR;

    for (let startI = 0; startI < 3; startI++) {
      const j = i - (startI + 1);
      if (i > startI && !lex.has(lower[j] as string)) {
        let s = scalarIncDec(t, j, valence);
        if (startI === 1 && s !== 0) s = s * 0.95;
        if (startI === 2 && s !== 0) s = s * 0.9;
        valence = valence + s;
        valence = negationCheck(valence, lower, startI, i);
        if (startI === 2) valence = specialIdiomsCheck(valence, lower, i);
      }
    }
    return this.leastCheck(valence, lower, i);
  }

  private leastCheck(valence: number, lower: readonly string[], i: number): number {
    const prev = lower[i - 1];
    if (i > 1 && prev === 'least' && !this.lexicon.has(prev)) {
      if (lower[i - 2] !== 'at' && lower[i - 2] !== 'very') return valence * N_SCALAR;
    } else if (i > 0 && prev === 'least' && !this.lexicon.has(prev)) {
      return valence * N_SCALAR;
    }
    return valence;
  }

  private scoreValence(sentiments: readonly number[], text: string): VaderScores {
    if (sentiments.length === 0) return { neg: 0, neu: 0, pos: 0, compound: 0 };
    let sum = 0;
    for (const s of sentiments) sum += s;
    const punct = punctuationEmphasis(text);
    if (sum > 0) sum += punct;
    else if (sum < 0) sum -= punct;
    const compound = normalize(sum);

    let posSum = 0;
    let negSum = 0;
    let neuCount = 0;
    for (const s of sentiments) {
      if (s > 0) posSum += s + 1; // compensates for neutral words that are counted as 1
      if (s < 0) negSum += s - 1;
      if (s === 0) neuCount += 1;
    }
    if (posSum > Math.abs(negSum)) posSum += punct;
    else if (posSum < Math.abs(negSum)) negSum -= punct;
    const total = posSum + Math.abs(negSum) + neuCount;
    return {
      neg: Math.abs(negSum / total),
      neu: Math.abs(neuCount / total),
      pos: Math.abs(posSum / total),
      compound,
    };
  }
}

/** 3.3.2 `scalar_inc_dec` for the token at j modifying a word of the given valence. */
function scalarIncDec(t: Tokens, j: number, valence: number): number {
  const b = BOOSTER_DICT.get(t.lower[j] as string);
  if (b === undefined) return 0;
  let scalar = valence < 0 ? b * -1 : b;
  if (t.upper[j] === true && t.capDiff) scalar = valence > 0 ? scalar + C_INCR : scalar - C_INCR;
  return scalar;
}

/** 3.3.2 `_negation_check` (operator precedence of the start_i == 2 branch kept as written). */
function negationCheck(valence: number, w: readonly string[], startI: number, i: number): number {
  if (startI === 0) {
    if (negatedWord(w[i - 1] as string)) return valence * N_SCALAR;
  } else if (startI === 1) {
    if (w[i - 2] === 'never' && (w[i - 1] === 'so' || w[i - 1] === 'this')) return valence * 1.25;
    if (w[i - 2] === 'without' && w[i - 1] === 'doubt') return valence;
    if (negatedWord(w[i - 2] as string)) return valence * N_SCALAR;
  } else {
    // Python: `A and (B or C) or (D or E)` == `(A and (B or C)) or (D or E)`
    if ((w[i - 3] === 'never' && (w[i - 2] === 'so' || w[i - 2] === 'this')) || w[i - 1] === 'so' || w[i - 1] === 'this') {
      return valence * 1.25;
    }
    if (w[i - 3] === 'without' && (w[i - 2] === 'doubt' || w[i - 1] === 'doubt')) return valence;
    if (negatedWord(w[i - 3] as string)) return valence * N_SCALAR;
  }
  return valence;
}

/** 3.3.2 `_special_idioms_check` (called only with i >= 3). */
function specialIdiomsCheck(valence: number, w: readonly string[], i: number): number {
  const w0 = w[i] as string;
  const w1 = w[i - 1] as string;
  const w2 = w[i - 2] as string;
  const w3 = w[i - 3] as string;
  const twoone = `${w2} ${w1}`;
  const threetwoone = `${w3} ${w2} ${w1}`;
  const threetwo = `${w3} ${w2}`;
  for (const seq of [`${w1} ${w0}`, `${w2} ${w1} ${w0}`, twoone, threetwoone, threetwo]) {
    const v = SPECIAL_CASES.get(seq);
    if (v !== undefined) {
      valence = v;
      break;
    }
  }
  if (w.length - 1 > i) {
    const v = SPECIAL_CASES.get(`${w0} ${w[i + 1] as string}`);
    if (v !== undefined) valence = v;
  }
  if (w.length - 1 > i + 1) {
    const v = SPECIAL_CASES.get(`${w0} ${w[i + 1] as string} ${w[i + 2] as string}`);
    if (v !== undefined) valence = v;
  }
  // booster/dampener n-grams such as 'sort of' or 'kind of'
  for (const ngram of [threetwoone, threetwo, twoone]) {
    const b = BOOSTER_DICT.get(ngram);
    if (b !== undefined) valence = valence + b;
  }
  return valence;
}

/** 'but' as the VADER paper describes it: ×0.5 before the first 'but', ×1.5 after it. */
function butPositional(s: number[], bi: number): void {
  for (let k = 0; k < s.length; k++) {
    if (k < bi) s[k] = (s[k] as number) * 0.5;
    else if (k > bi) s[k] = (s[k] as number) * 1.5;
  }
}

/**
 * 3.3.2 `_but_check`, emulated exactly:
 *   for sentiment in sentiments: si = sentiments.index(sentiment); replace sentiments[si] by
 *   sentiment*0.5 if si < bi, sentiment*1.5 if si > bi.
 * Zeros can be skipped (0 × k = 0 leaves the list unchanged). For the rest an index
 * value -> ascending positions holding that value gives `index()` in O(1) per step.
 */
function butVader332(s: number[], bi: number): void {
  const where = new Map<number, number[]>();
  for (let k = 0; k < s.length; k++) {
    const v = s[k] as number;
    if (v === 0) continue;
    const list = where.get(v);
    if (list === undefined) where.set(v, [k]);
    else list.push(k);
  }
  for (let k = 0; k < s.length; k++) {
    const v = s[k] as number;
    if (v === 0) continue;
    const list = where.get(v) as number[];
    const si = list[0] as number;
    if (si === bi) continue;
    const nv = si < bi ? v * 0.5 : v * 1.5;
    s[si] = nv;
    list.shift();
    if (list.length === 0) where.delete(v);
    const target = where.get(nv);
    if (target === undefined) where.set(nv, [si]);
    else {
      let p = 0;
      while (p < target.length && (target[p] as number) < si) p++;
      target.splice(p, 0, si);
    }
  }
}

let defaultVader: Vader | undefined;

/** The process-wide VADER 3.3.2 analyser on the npm lexicon + 3.3.2 patch (lazy singleton). */
export function vader(): Vader {
  if (defaultVader === undefined) defaultVader = new Vader(vaderLexicon());
  return defaultVader;
}

/** Shorthand: VADER 3.3.2 `polarity_scores(text)` with the default lexicon. */
export function polarityScores(text: string): VaderScores {
  return vader().polarityScores(text);
}
