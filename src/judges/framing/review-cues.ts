/**
 * Two small hand-written lists of review vocabulary that VADER's lexicon misses or under-weights.
 * Written for slant (not taken from any dataset or lexicon): lukewarm / contrast words typical of
 * 3-star reviews, and product-failure words typical of 1-2 star reviews. They were drafted
 * after reading a handful of reviews, then kept fixed while the model was calibrated.
 * Matching is on lower-cased word tokens (letters, digits, apostrophes, hyphens), one linear scan.
 */

/** lukewarm or contrastive: "it's ok", "decent for the price", "I wish", "but" */
const NEUTRAL_WORDS = [
  'ok', 'okay', 'decent', 'fine', 'average', 'alright', 'wish', 'wished', 'expected', 'hoped',
  'mediocre', 'so-so', 'meh', 'however', 'but', 'though', 'although', 'except',
];
const NEUTRAL_PHRASES = ['not bad', 'only thing', 'for the price', 'could be better', 'would be nice'];

/** product failure and regret: "returned it", "stopped working", "waste of money" */
const NEGATIVE_WORDS = [
  'return', 'returned', 'returning', 'refund', 'stopped', 'broke', 'broken', 'waste', 'junk',
  'useless', "won't", 'slow', 'lag', 'lags', 'freeze', 'freezes', 'poor', 'cheap',
];
const NEGATIVE_PREFIXES = ['disappoint', 'crash', 'frustrat'];
const NEGATIVE_PHRASES = ["doesn't work", 'not worth', "don't buy", 'do not buy'];

interface CueList {
  words: ReadonlySet<string>;
  prefixes: readonly string[];
  /** phrases by number of words (2 or 3) */
  phrases: ReadonlyMap<number, ReadonlySet<string>>;
  /** first words of the phrases (phrase strings are built only after one of these) */
  phraseStarts: ReadonlySet<string>;
}

function cueList(words: string[], prefixes: string[], phrases: string[]): CueList {
  const byLen = new Map<number, Set<string>>();
  for (const p of phrases) {
    const n = p.split(' ').length;
    const set = byLen.get(n) ?? new Set<string>();
    set.add(p);
    byLen.set(n, set);
  }
  return { words: new Set(words), prefixes, phrases: byLen, phraseStarts: new Set(phrases.map((p) => p.split(' ')[0] as string)) };
}

const NEUTRAL = cueList(NEUTRAL_WORDS, [], NEUTRAL_PHRASES);
const NEGATIVE = cueList(NEGATIVE_WORDS, NEGATIVE_PREFIXES, NEGATIVE_PHRASES);

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c === 45 || c === 95;
}

function isEdge(c: number): boolean {
  return c === 39 || c === 45;
}

/** Lower-cased word tokens; typographic apostrophes become "'"; edge apostrophes/hyphens dropped. */
export function cueTokens(text: string): string[] {
  const low = text.toLowerCase().replaceAll('\u2019', "'").replaceAll('\u2018', "'");
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= low.length; i++) {
    const word = i < low.length && isWordChar(low.charCodeAt(i));
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      let a = start;
      let b = i;
      while (a < b && isEdge(low.charCodeAt(a))) a++;
      while (b > a && isEdge(low.charCodeAt(b - 1))) b--;
      if (b > a) out.push(low.slice(a, b));
      start = -1;
    }
  }
  return out;
}

/** Per token: 1 neutral word/prefix, 2 negative word/prefix, 4 starts a neutral phrase, 8 starts a negative phrase. */
function tokenFlags(t: string): number {
  let f = 0;
  if (NEUTRAL.words.has(t) || NEUTRAL.prefixes.some((p) => t.startsWith(p))) f |= 1;
  if (NEGATIVE.words.has(t) || NEGATIVE.prefixes.some((p) => t.startsWith(p))) f |= 2;
  if (NEUTRAL.phraseStarts.has(t)) f |= 4;
  if (NEGATIVE.phraseStarts.has(t)) f |= 8;
  return f;
}

/** tokenFlags by token (a pure function of the token; cleared when full) */
const flagCache = new Map<string, number>();
const FLAG_CACHE_SIZE = 50_000;

function flagsOf(t: string): number {
  let f = flagCache.get(t);
  if (f === undefined) {
    f = tokenFlags(t);
    if (flagCache.size >= FLAG_CACHE_SIZE) flagCache.clear();
    flagCache.set(t, f);
  }
  return f;
}

function phraseMatches(tokens: readonly string[], i: number, list: CueList): number {
  let n = 0;
  const t = tokens[i] as string;
  const two = list.phrases.get(2);
  const three = list.phrases.get(3);
  if (two !== undefined && i + 1 < tokens.length && two.has(`${t} ${tokens[i + 1] as string}`)) n++;
  if (three !== undefined && i + 2 < tokens.length && three.has(`${t} ${tokens[i + 1] as string} ${tokens[i + 2] as string}`)) n++;
  return n;
}

/** Number of neutral-cue and negative-cue matches in a text. */
export function reviewCueCounts(text: string): { neutral: number; negative: number } {
  const tokens = cueTokens(text);
  return countCues(tokens, tokens.map(flagsOf));
}

/**
 * The cue tokens of one whitespace-free piece of text with their flags. A text's cue tokens are
 * those of its whitespace-separated pieces in order (whitespace always separates cue tokens, and
 * what lower-casing turns into a cue character does not depend on the neighbours), so
 * `countCues` over the concatenation equals `reviewCueCounts(text)`.
 */
export function cuePartsOf(piece: string): { tokens: string[]; flags: number[] } {
  const tokens = cueTokens(piece);
  return { tokens, flags: tokens.map(tokenFlags) };
}

/** Cue matches in a token sequence with its tokens' flags (tokenFlags). */
export function countCues(tokens: readonly string[], flags: readonly number[]): { neutral: number; negative: number } {
  let neutral = 0;
  let negative = 0;
  for (let i = 0; i < tokens.length; i++) {
    const f = flags[i] as number;
    if (f === 0) continue;
    if (f & 1) neutral++;
    if (f & 2) negative++;
    if (f & 4) neutral += phraseMatches(tokens, i, NEUTRAL);
    if (f & 8) negative += phraseMatches(tokens, i, NEGATIVE);
  }
  return { neutral, negative };
}
