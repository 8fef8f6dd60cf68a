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
import { codePointLength, pyIsUpper, pyRound, pySplit, stripPunct } from './py-text.js';
import { pieceOf, textTokens } from '../../text/text-tokens.js';

export interface VaderScores {
  neg: number;
  neu: number;
  pos: number;
  compound: number;
}

interface VaderOptions {
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

/** 3.3.2 `allcap_differential` of tokens a..b-1: some but not all are ALL CAPS. */
function allcapDifferential(upper: readonly boolean[], a: number, b: number): boolean {
  let caps = 0;
  for (let i = a; i < b; i++) if (upper[i]) caps++;
  const diff = b - a - caps;
  return diff > 0 && diff < b - a;
}

/** 3.3.2 `negated([word])` for one lower-cased word. */
function negatedWord(lower: string): boolean {
  return NEGATE.has(lower) || (lower.length > 2 && lower.includes("n't"));
}

/**
 * One tokenised span with everything the rules look up precomputed: tokens o..o+n-1 of the arrays
 * (a sentence is a window on its text's arrays, not a copy). Rule code indexes with `o + i` for
 * the span's i-th token and reads nothing outside the span (every look-behind is guarded by
 * `i > k`, every look-ahead by `n`), exactly as on a copy.
 */
interface Tokens {
  lower: string[];
  upper: boolean[];
  /** lexicon valence of each token (undefined: not in the lexicon) */
  base: (number | undefined)[];
  /** BOOSTER_DICT value of each token (undefined: not a booster) */
  boost: (number | undefined)[];
  /** 3.3.2 `negated([token])` of each lower-cased token, looked up once per distinct piece */
  negated: boolean[];
  capDiff: boolean;
  /** first token of the span */
  o: number;
  /** number of tokens in the span */
  n: number;
}

/**
 * A text's tokens (`wordsAndEmoticons`) with their lexicon and booster lookups and their
 * [start, end) offsets in the text, so that one tokenisation serves the whole text and each of
 * its sentences (a sentence whose edges fall on token edges takes a slice of it).
 */
export interface TokenizedText {
  /** each piece's remembered lookups (shared by every occurrence of the same piece); the pieces
   * are the tokens as written (Python `text.split()`), before punctuation stripping */
  infos: TokenInfo[];
  lower: string[];
  upper: boolean[];
  base: (number | undefined)[];
  boost: (number | undefined)[];
  /** 3.3.2 `negated([token])` of each lower-cased token, looked up once per distinct piece */
  negated: boolean[];
  /** piece i spans [starts[i], ends[i]) of the text */
  starts: readonly number[];
  ends: readonly number[];
}

/**
 * 3.3.2 `_punctuation_emphasis`: 0.292 per '!' (at most 4); 0.18 per '?' when 2-3, 0.96 beyond.
 * Only [start, end) is read: a text's sentences are scored one by one, so searching past `end`
 * (as `indexOf` does) made a text of many short sentences cost its length times its sentences.
 */
export function punctuationEmphasis(text: string, start = 0, end = text.length): number {
  let ec = 0;
  let qc = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 33) ec++; // '!'
    else if (c === 63) qc++; // '?'
  }
  const ep = Math.min(ec, 4) * 0.292;
  const qm = qc > 1 ? (qc <= 3 ? qc * 0.18 : 0.96) : 0;
  return ep + qm;
}

/** What a piece of text (a token as written) looks up, remembered per distinct piece. */
export interface TokenInfo {
  /** the piece as written */
  piece: string;
  lower: string;
  upper: boolean;
  base: number | undefined;
  boost: number | undefined;
  /** negatedWord(lower) */
  negated: boolean;
  /** the framing judge's n-gram words and review cues of this piece (text-pieces.ts), once asked for */
  parts?: PieceParts;
}

export class Vader {
  readonly lexicon: VaderLexicon;
  /** this analyser's lookups of each piece, by the piece's number in the shared tokenisation */
  private infoById: (TokenInfo | undefined)[] = [];
  /** the shared tables' generation `infoById` belongs to */
  private infoGeneration = -1;
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

  /**
   * Tokenise a text once, with offsets and lookups (see `rawScoresOfSpan`). The pieces come from
   * the text's shared tokenisation (src/text/text-tokens.ts, which TF-IDF and the thirds read
   * too); each distinct piece's lookups are remembered on the piece.
   */
  tokenize(text: string): TokenizedText {
    const tt = textTokens(text);
    if (this.infoGeneration !== tt.generation) {
      this.infoById = [];
      this.infoGeneration = tt.generation;
    }
    const byId = this.infoById;
    const n = tt.ids.length;
    const infos: TokenInfo[] = [];
    for (let i = 0; i < n; i++) {
      const id = tt.ids[i] as number;
      let info = byId[id];
      if (info === undefined) {
        info = this.tokenInfo(pieceOf(tt, i).piece);
        byId[id] = info;
      }
      infos.push(info);
    }
    return {
      infos,
      lower: infos.map((i) => i.lower),
      upper: infos.map((i) => i.upper),
      base: infos.map((i) => i.base),
      boost: infos.map((i) => i.boost),
      negated: infos.map((i) => i.negated),
      starts: tt.starts,
      ends: tt.ends,
    };
  }

  /** What a piece looks up (3.3.2: punctuation stripped unless that leaves 2 characters or fewer). */
  private tokenInfo(token: string): TokenInfo {
    const stripped = stripPunct(token);
    const w = stripped !== token && codePointLength(stripped) > 2 ? stripped : token;
    const l = w.toLowerCase();
    return { piece: token, lower: l, upper: pyIsUpper(w), base: this.lexicon.get(l), boost: BOOSTER_DICT.get(l), negated: negatedWord(l) };
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
    return this.scoreValence(this.sentimentsOf(this.window(tok, a, b)), text, start, end);
  }

  /**
   * The compounds of `rawScoresOfSpan(text, tok, s.start, s.end)` for each span, and of the whole
   * text, with one rule pass over the text's tokens: a token's value before the 'but' rule depends
   * only on its own span's tokens i-3..i+2 and the span's ALL-CAPS differential, so a span token
   * with three tokens before it and two after it in the span takes the whole text's value when the
   * two differentials agree; only tokens near span edges are scored again (the judge ran
   * the rules over every token twice). Identical to calling rawScoresOfSpan per span (rawScores of
   * `alone` for a span given as a string to score on its own).
   */
  compoundsOfSpans(text: string, tok: TokenizedText, spans: readonly { start: number; end: number; alone?: string }[]): { spans: number[]; whole: number } {
    const { starts, ends } = tok;
    const all = this.window(tok, 0, starts.length);
    const pre = this.preBut(all, undefined, 0);
    const out: number[] = new Array<number>(spans.length);
    for (let k = 0; k < spans.length; k++) {
      const { start, end, alone } = spans[k] as { start: number; end: number; alone?: string };
      if (alone !== undefined) {
        out[k] = this.rawScores(alone).compound;
        continue;
      }
      const a = lowerBound(ends, start + 1);
      let b = lowerBound(starts, end);
      const cuts = (a < starts.length && (starts[a] as number) < start) || (b > 0 && (ends[b - 1] as number) > end);
      if (cuts) {
        out[k] = this.rawScores(text.slice(start, end)).compound;
        continue;
      }
      if (b < a) b = a;
      const t = this.window(tok, a, b);
      const reuse = t.capDiff === all.capDiff ? pre : undefined;
      if (butAt(t) < 0) {
        // no 'but' in the span: its values summed as they are found, in order (the same sum as
        // scoreValence's over preBut's array, without the array)
        out[k] = t.n === 0 ? 0 : compoundOfSum(this.preButSum(t, reuse, a), text, start, end);
        continue;
      }
      const s = this.preBut(t, reuse, a);
      this.applyBut(t, s);
      out[k] = this.scoreValence(s, text, start, end).compound;
    }
    if (butAt(all) < 0) return { spans: out, whole: pre.length === 0 ? 0 : compoundOfSum(sumInOrder(pre), text, 0, text.length) };
    const whole = pre.slice();
    this.applyBut(all, whole);
    return { spans: out, whole: this.scoreValence(whole, text, 0, text.length).compound };
  }

  /** The sum, in token order, of `preBut(t, reuse, at)`'s values (what scoreValence adds up first). */
  private preButSum(t: Tokens, reuse: readonly number[] | undefined, at: number): number {
    const { lower, o, n } = t;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      if (reuse !== undefined && i >= 3 && i <= n - 3) {
        sum += reuse[at + i] as number;
        continue;
      }
      const item = lower[o + i] as string;
      if (t.boost[o + i] !== undefined || (i < n - 1 && item === 'kind' && lower[o + i + 1] === 'of')) {
        sum += 0;
        continue;
      }
      sum += t.base[o + i] === undefined ? 0 : this.sentimentValence(t, i);
    }
    return sum;
  }

  /** Tokens a..b-1 of a tokenised text as a window (no copy). */
  private window(tok: TokenizedText, a: number, b: number): Tokens {
    return { lower: tok.lower, upper: tok.upper, base: tok.base, boost: tok.boost, negated: tok.negated, capDiff: allcapDifferential(tok.upper, a, b), o: a, n: b - a };
  }

  private tokens(lower: string[], upper: boolean[]): Tokens {
    const base = lower.map((l) => this.lexicon.get(l));
    const boost = lower.map((l) => BOOSTER_DICT.get(l));
    return this.withCapDiff(lower, upper, base, boost);
  }

  private withCapDiff(lower: string[], upper: boolean[], base: (number | undefined)[], boost: (number | undefined)[]): Tokens {
    return { lower, upper, base, boost, negated: lower.map(negatedWord), capDiff: allcapDifferential(upper, 0, upper.length), o: 0, n: lower.length };
  }

  private sentimentsOf(t: Tokens): number[] {
    const sentiments = this.preBut(t, undefined, 0);
    this.applyBut(t, sentiments);
    return sentiments;
  }

  /**
   * Per-token valences before the 'but' rule. With `reuse` (the whole text's values; the span's
   * token i is the text's token at + i), a token far enough from the span's edges takes the
   * text's value (see compoundsOfSpans).
   */
  private preBut(t: Tokens, reuse: readonly number[] | undefined, at: number): number[] {
    const { lower, o, n } = t;
    const sentiments: number[] = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      if (reuse !== undefined && i >= 3 && i <= n - 3) {
        sentiments[i] = reuse[at + i] as number;
        continue;
      }
      const item = lower[o + i] as string;
      if (t.boost[o + i] !== undefined || (i < n - 1 && item === 'kind' && lower[o + i + 1] === 'of')) {
        sentiments[i] = 0;
        continue;
      }
      sentiments[i] = t.base[o + i] === undefined ? 0 : this.sentimentValence(t, i);
    }
    return sentiments;
  }

  /** 3.3.2 `_but_check` (or the positional rule) on the span's values, from its first 'but'. */
  private applyBut(t: Tokens, sentiments: number[]): void {
    const bi = butAt(t);
    if (bi >= 0) {
      if (this.butRule === 'positional') butPositional(sentiments, bi);
      else butVader332(sentiments, bi);
    }
  }

  private sentimentValence(t: Tokens, i: number): number {
    const { lower, o, n } = t;
    const item = lower[o + i] as string;
    const base = t.base[o + i];
    if (base === undefined) return 0;
    let valence = base;
    // "no" as negation of an adjacent lexicon item vs "no" as its own lexicon item
    if (item === 'no' && i !== n - 1 && t.base[o + i + 1] !== undefined) valence = 0.0;
    if (
      (i > 0 && lower[o + i - 1] === 'no') ||
      (i > 1 && lower[o + i - 2] === 'no') ||
      (i > 2 && lower[o + i - 3] === 'no' && (lower[o + i - 1] === 'or' || lower[o + i - 1] === 'nor'))
    ) {
      valence = base * N_SCALAR;
    }
    // ALL-CAPS emphasis while other tokens are not all caps
    if (t.upper[o + i] === true && t.capDiff) valence = valence > 0 ? valence + C_INCR : valence - C_INCR;

    for (let startI = 0; startI < 3; startI++) {
      const j = i - (startI + 1);
      if (i > startI && t.base[o + j] === undefined) {
        let s = scalarIncDec(t, j, valence);
        if (startI === 1 && s !== 0) s = s * 0.95;
        if (startI === 2 && s !== 0) s = s * 0.9;
        valence = valence + s;
        valence = negationCheck(valence, t, startI, i);
        if (startI === 2 && mayHaveIdiom(t, i)) valence = specialIdiomsCheck(valence, t, i);
      }
    }
    return this.leastCheck(valence, t, i);
  }

  private leastCheck(valence: number, t: Tokens, i: number): number {
    const { lower, o } = t;
    if (i > 1 && lower[o + i - 1] === 'least' && !this.lexicon.has('least')) {
      if (lower[o + i - 2] !== 'at' && lower[o + i - 2] !== 'very') return valence * N_SCALAR;
    } else if (i > 0 && lower[o + i - 1] === 'least' && !this.lexicon.has('least')) {
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

/** The index in the window of its first 'but' token, −1 when there is none. */
function butAt(t: Tokens): number {
  const { lower, o, n } = t;
  for (let i = 0; i < n; i++) if (lower[o + i] === 'but') return i;
  return -1;
}

/** Sum of `xs` in order from 0 (scoreValence's first loop). */
function sumInOrder(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return sum;
}

/** scoreValence's compound from the sum of a non-empty span's valences (its other scores are not needed). */
function compoundOfSum(sum: number, text: string, start: number, end: number): number {
  const punct = punctuationEmphasis(text, start, end);
  if (sum > 0) sum += punct;
  else if (sum < 0) sum -= punct;
  return normalize(sum);
}

/** 3.3.2 `scalar_inc_dec` for the token at j modifying a word of the given valence. */
function scalarIncDec(t: Tokens, j: number, valence: number): number {
  const b = t.boost[t.o + j];
  if (b === undefined) return 0;
  let scalar = valence < 0 ? b * -1 : b;
  if (t.upper[t.o + j] === true && t.capDiff) scalar = valence > 0 ? scalar + C_INCR : scalar - C_INCR;
  return scalar;
}

/** 3.3.2 `_negation_check` (operator precedence of the start_i == 2 branch kept as written). */
function negationCheck(valence: number, t: Tokens, startI: number, i: number): number {
  const w = t.lower;
  const k = t.o + i;
  if (startI === 0) {
    if (t.negated[k - 1] === true) return valence * N_SCALAR;
  } else if (startI === 1) {
    if (w[k - 2] === 'never' && (w[k - 1] === 'so' || w[k - 1] === 'this')) return valence * 1.25;
    if (w[k - 2] === 'without' && w[k - 1] === 'doubt') return valence;
    if (t.negated[k - 2] === true) return valence * N_SCALAR;
  } else {
    // Python: `A and (B or C) or (D or E)` == `(A and (B or C)) or (D or E)`
    if ((w[k - 3] === 'never' && (w[k - 2] === 'so' || w[k - 2] === 'this')) || w[k - 1] === 'so' || w[k - 1] === 'this') {
      return valence * 1.25;
    }
    if (w[k - 3] === 'without' && (w[k - 2] === 'doubt' || w[k - 1] === 'doubt')) return valence;
    if (t.negated[k - 3] === true) return valence * N_SCALAR;
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
function mayHaveIdiom(t: Tokens, i: number): boolean {
  const w = t.lower;
  const k = t.o + i;
  const k0 = IDIOM_WORDS.has(w[k] as string);
  const k1 = IDIOM_WORDS.has(w[k - 1] as string);
  const k2 = IDIOM_WORDS.has(w[k - 2] as string);
  if ((k0 && k1) || (k1 && k2)) return true;
  if (k2 && IDIOM_WORDS.has(w[k - 3] as string)) return true;
  return k0 && i + 1 < t.n && IDIOM_WORDS.has(w[k + 1] as string);
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
function specialIdiomsCheck(valence: number, t: Tokens, i: number): number {
  const w = t.lower;
  const k = t.o + i;
  const n = t.n;
  const w0 = w[k] as string;
  const w1 = w[k - 1] as string;
  const w2 = w[k - 2] as string;
  const w3 = w[k - 3] as string;
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
  if (n - 1 > i) {
    const v = SPECIAL_CASES.get(`${w0} ${w[k + 1] as string}`);
    if (v !== undefined) valence = v;
  }
  if (n - 1 > i + 1) {
    const v = SPECIAL_CASES.get(`${w0} ${w[k + 1] as string} ${w[k + 2] as string}`);
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
 * Zeros can be skipped (0 × k = 0 leaves the list unchanged). For the rest, each value keeps a
 * min-heap of the positions holding it, so `index()` is its top: O(log n) per step. (Sorted
 * position lists cost a scan per step, which made a long text with a 'but' quadratic.)
 */
function butVader332(s: number[], bi: number): void {
  const where = new Map<number, number[]>();
  for (let k = 0; k < s.length; k++) {
    const v = s[k] as number;
    if (v === 0) continue;
    const heap = where.get(v);
    // positions arrive in ascending order: appending keeps each array a valid min-heap
    if (heap === undefined) where.set(v, [k]);
    else heap.push(k);
  }
  for (let k = 0; k < s.length; k++) {
    const v = s[k] as number;
    if (v === 0) continue;
    const heap = where.get(v) as number[];
    const si = heap[0] as number;
    if (si === bi) continue;
    const nv = si < bi ? v * 0.5 : v * 1.5;
    s[si] = nv;
    heapPopMin(heap);
    if (heap.length === 0) where.delete(v);
    const target = where.get(nv);
    if (target === undefined) where.set(nv, [si]);
    else heapPush(target, si);
  }
}

/** Add x to a binary min-heap of numbers. */
function heapPush(h: number[], x: number): void {
  let i = h.length;
  h.push(x);
  while (i > 0) {
    const p = (i - 1) >> 1;
    if ((h[p] as number) <= x) break;
    h[i] = h[p] as number;
    i = p;
  }
  h[i] = x;
}

/** Remove the smallest element of a non-empty binary min-heap. */
function heapPopMin(h: number[]): void {
  const last = h.pop() as number;
  const n = h.length;
  if (n === 0) return;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    const c = r < n && (h[r] as number) < (h[l] as number) ? r : l;
    if ((h[c] as number) >= last) break;
    h[i] = h[c] as number;
    i = c;
  }
  h[i] = last;
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
