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
}

function cueList(words: string[], prefixes: string[], phrases: string[]): CueList {
  const byLen = new Map<number, Set<string>>();
  for (const p of phrases) {
    const n = p.split(' ').length;
    const set = byLen.get(n) ?? new Set<string>();
    set.add(p);
    byLen.set(n, set);
  }
  return { words: new Set(words), prefixes, phrases: byLen };
}

const NEUTRAL = cueList(NEUTRAL_WORDS, [], NEUTRAL_PHRASES);
const NEGATIVE = cueList(NEGATIVE_WORDS, NEGATIVE_PREFIXES, NEGATIVE_PHRASES);

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c === 45 || c === 95;
}

/** Lower-cased word tokens; typographic apostrophes become "'". */
export function cueTokens(text: string): string[] {
  const low = text.toLowerCase();
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < low.length; i++) {
    let c = low.charCodeAt(i);
    if (c === 0x2019 || c === 0x2018) c = 39;
    if (isWordChar(c)) cur += String.fromCharCode(c);
    else if (cur !== '') {
      out.push(cur);
      cur = '';
    }
  }
  if (cur !== '') out.push(cur);
  // strip apostrophes/hyphens at token edges ("'ok'" -> "ok")
  return out.map(trimEdges).filter((t) => t !== '');
}

function trimEdges(t: string): string {
  let a = 0;
  let b = t.length;
  while (a < b && (t.charCodeAt(a) === 39 || t.charCodeAt(a) === 45)) a++;
  while (b > a && (t.charCodeAt(b - 1) === 39 || t.charCodeAt(b - 1) === 45)) b--;
  return t.slice(a, b);
}

function countCues(tokens: readonly string[], list: CueList): number {
  let n = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as string;
    if (list.words.has(t) || list.prefixes.some((p) => t.startsWith(p))) n++;
    const two = list.phrases.get(2);
    if (two !== undefined && i + 1 < tokens.length && two.has(`${t} ${tokens[i + 1] as string}`)) n++;
    const three = list.phrases.get(3);
    if (three !== undefined && i + 2 < tokens.length && three.has(`${t} ${tokens[i + 1] as string} ${tokens[i + 2] as string}`)) n++;
  }
  return n;
}

/** Number of neutral-cue and negative-cue matches in a text. */
export function reviewCueCounts(text: string): { neutral: number; negative: number } {
  const tokens = cueTokens(text);
  return { neutral: countCues(tokens, NEUTRAL), negative: countCues(tokens, NEGATIVE) };
}
