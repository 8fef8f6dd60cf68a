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
import type { PieceParts } from './text-pieces.js';
import { codePointLength, pyIsUpper, pyRound, pySplit, pySplitWithOffsets, stripPunct } from './py-text.js';

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
  return NEGATE.has(lower) || (lower.length > 2 && lower.includes("n't"));
}

/** One tokenised text with everything the rules look up precomputed. */
interface Tokens {
  lower: string[];
  upper: boolean[];
  /** lexicon valence of each token (undefined: not in the lexicon) */
  base: (number | undefined)[];
  /** BOOSTER_DICT value of each token (undefined: not a booster) */
  boost: (number | undefined)[];
  capDiff: boolean;
}

/**
 * A text's tokens (`wordsAndEmoticons`) with their lexicon and booster lookups and their
 * [start, end) offsets in the text, so that one tokenisation serves the whole text and each of
 * its sentences (a sentence whose edges fall on token edges takes a slice of it).
 */
export interface TokenizedText {
  /** the tokens as written (Python `text.split()`), before punctuation stripping */
  pieces: string[];
  /** each piece's remembered lookups (shared by every occurrence of the same piece) */
  infos: TokenInfo[];
  lower: string[];
  upper: boolean[];
  base: (number | undefined)[];
  boost: (number | undefined)[];
  starts: number[];
  ends: number[];
}

/** 3.3.2 `_punctuation_emphasis`: 0.292 per '!' (at most 4); 0.18 per '?' when 2-3, 0.96 beyond. */
export function punctuationEmphasis(text: string, start = 0, end = text.length): number {
  // '!' and '?' are rare: jump between them with indexOf rather than visiting every character
  let ec = 0;
  for (let i = text.indexOf('!', start); i >= 0 && i < end; i = text.indexOf('!', i + 1)) ec++;
  let qc = 0;
  for (let i = text.indexOf('?', start); i >= 0 && i < end; i = text.indexOf('?', i + 1)) qc++;
  const ep = Math.min(ec, 4) * 0.292;
  const qm = qc > 1 ? (qc <= 3 ? qc * 0.18 : 0.96) : 0;
  return ep + qm;
}

/** Distinct raw tokens remembered by `tokenize` (a pure function of the token; cleared when full). */
const TOKEN_CACHE_SIZE = 50_000;

/** What a piece of text (a token as written) looks up, remembered per distinct piece. */
export interface TokenInfo {
  lower: string;
  upper: boolean;
  base: number | undefined;
  boost: number | undefined;
  /** the framing judge's n-gram words and review cues of this piece (text-pieces.ts), once asked for */
  parts?: PieceParts;
}

export class Vader {
  readonly lexicon: VaderLexicon;
  private readonly tokenCache = new Map<string, TokenInfo>();
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
    return this.sentimentsOf(this.tokens(lower, upper));
  }

  /** Tokenise a text once, with offsets and lookups (see `rawScoresOfSpan`). */
  tokenize(text: string): TokenizedText {
    const starts: number[] = [];
    const ends: number[] = [];
    const words = pySplitWithOffsets(text, starts, ends);
    const lower: string[] = new Array<string>(words.length);
    const upper: boolean[] = new Array<boolean>(words.length);
    const base: (number | undefined)[] = new Array<number | undefined>(words.length);
    const boost: (number | undefined)[] = new Array<number | undefined>(words.length);
    const infos: TokenInfo[] = new Array<TokenInfo>(words.length);
    const cache = this.tokenCache;
    for (let i = 0; i < words.length; i++) {
      const token = words[i] as string;
      let info = cache.get(token);
      if (info === undefined) {
        const stripped = stripPunct(token);
        const w = stripped !== token && codePointLength(stripped) > 2 ? stripped : token;
        const l = w.toLowerCase();
        info = { lower: l, upper: pyIsUpper(w), base: this.lexicon.get(l), boost: BOOSTER_DICT.get(l) };
        if (cache.size >= TOKEN_CACHE_SIZE) cache.clear();
        cache.set(token, info);
      }
      infos[i] = info;
      lower[i] = info.lower;
      upper[i] = info.upper;
      base[i] = info.base;
      boost[i] = info.boost;
    }
    return { pieces: words, infos, lower, upper, base, boost, starts, ends };
  }

  /**
   * `rawScores(text.slice(start, end))` computed from the tokenisation of `text`: identical
   * whenever [start, end) cuts no token of `text` in two (then the slice's tokens are exactly the
   * tokens inside it); otherwise the slice is tokenised on its own.
   */
  rawScoresOfSpan(text: string, tok: TokenizedText, start: number, end: number): VaderScores {
    const { starts, ends } = tok;
    // first token ending after start, first token starting at or after end
    const a = lowerBound(ends, start + 1);
    let b = lowerBound(starts, end);
    const cuts = (a < starts.length && (starts[a] as number) < start) || (b > 0 && (ends[b - 1] as number) > end);
    if (cuts) return this.rawScores(text.slice(start, end));
    if (b < a) b = a;
    const sliceOf = a === 0 && b === starts.length;
    const t = sliceOf ? this.withCapDiff(tok.lower, tok.upper, tok.base, tok.boost) : this.withCapDiff(tok.lower.slice(a, b), tok.upper.slice(a, b), tok.base.slice(a, b), tok.boost.slice(a, b));
    return this.scoreValence(this.sentimentsOf(t), text, start, end);
  }

  private tokens(lower: string[], upper: boolean[]): Tokens {
    const base = lower.map((l) => this.lexicon.get(l));
    const boost = lower.map((l) => BOOSTER_DICT.get(l));
    return this.withCapDiff(lower, upper, base, boost);
  }

  private withCapDiff(lower: string[], upper: boolean[], base: (number | undefined)[], boost: (number | undefined)[]): Tokens {
    return { lower, upper, base, boost, capDiff: allcapDifferential(upper) };
  }

  private sentimentsOf(t: Tokens): number[] {
    const { lower } = t;
    const n = lower.length;
    const sentiments: number[] = new Array<number>(n);
    let bi = -1;
    for (let i = 0; i < n; i++) {
      const item = lower[i] as string;
      if (bi < 0 && item === 'but') bi = i;
      if (t.boost[i] !== undefined || (i < n - 1 && item === 'kind' && lower[i + 1] === 'of')) {
        sentiments[i] = 0;
        continue;
      }
      sentiments[i] = t.base[i] === undefined ? 0 : this.sentimentValence(t, i);
    }
    if (bi >= 0) {
      if (this.butRule === 'positional') butPositional(sentiments, bi);
      else butVader332(sentiments, bi);
    }
    return sentiments;
  }

  private sentimentValence(t: Tokens, i: number): number {
    const { lower } = t;
    const item = lower[i] as string;
    const base = t.base[i];
    if (base === undefined) return 0;
    let valence = base;
    const n = lower.length;
    // "no" as negation of an adjacent lexicon item vs "no" as its own lexicon item
    if (item === 'no' && i !== n - 1 && t.base[i + 1] !== undefined) valence = 0.0;
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
      if (i > startI && t.base[j] === undefined) {
        let s = scalarIncDec(t, j, valence);
        if (startI === 1 && s !== 0) s = s * 0.95;
        if (startI === 2 && s !== 0) s = s * 0.9;
        valence = valence + s;
        valence = negationCheck(valence, lower, startI, i);
        if (startI === 2 && mayHaveIdiom(lower, i)) valence = specialIdiomsCheck(valence, lower, i);
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

  private scoreValence(sentiments: readonly number[], text: string, start = 0, end = text.length): VaderScores {
    if (sentiments.length === 0) return { neg: 0, neu: 0, pos: 0, compound: 0 };
    let sum = 0;
    for (const s of sentiments) sum += s;
    const punct = punctuationEmphasis(text, start, end);
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
  const b = t.boost[j];
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

/** Every word of every SPECIAL_CASES key and every multi-word BOOSTER_DICT key. */
const IDIOM_WORDS: ReadonlySet<string> = new Set([...SPECIAL_CASES.keys(), ...[...BOOSTER_DICT.keys()].filter((k) => k.includes(' '))].flatMap((k) => k.split(' ')));

/**
 * False when no n-gram `specialIdiomsCheck` builds can be a key of SPECIAL_CASES or a multi-word
 * BOOSTER_DICT key. Every n-gram it builds contains two adjacent words among w[i-3..i+1], and a
 * key can only match when all its words are idiom words: with no adjacent pair of idiom words the
 * check returns `valence` unchanged, so its strings need not be built.
 */
function mayHaveIdiom(w: readonly string[], i: number): boolean {
  const k0 = IDIOM_WORDS.has(w[i] as string);
  const k1 = IDIOM_WORDS.has(w[i - 1] as string);
  const k2 = IDIOM_WORDS.has(w[i - 2] as string);
  if ((k0 && k1) || (k1 && k2)) return true;
  if (k2 && IDIOM_WORDS.has(w[i - 3] as string)) return true;
  return k0 && i + 1 < w.length && IDIOM_WORDS.has(w[i + 1] as string);
}

/** Smallest k with xs[k] >= v (xs ascending); xs.length when none. */
function lowerBound(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as number) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
