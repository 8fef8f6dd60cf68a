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

function countCues(tokens: readonly string[], list: CueList): number {
  let n = 0;
  const two = list.phrases.get(2);
  const three = list.phrases.get(3);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (list.words.has(t)) n++;
    else for (const p of list.prefixes) if (t.startsWith(p)) { n++; break; }
    if (!list.phraseStarts.has(t)) continue;
    if (two !== undefined && i + 1 < tokens.length && two.has(`${t} ${tokens[i + 1] as string}`)) n++;
    if (three !== undefined && i + 2 < tokens.length && three.has(`${t} ${tokens[i + 1] as string} ${tokens[i + 2] as string}`)) n++;
  }
  return n;
}

/** Number of neutral-cue and negative-cue matches in a text. */
export function reviewCueCounts(text: string): { neutral: number; negative: number } {
  const tokens = cueTokens(text);
  return { neutral: countCues(tokens, NEUTRAL), negative: countCues(tokens, NEGATIVE) };
}
