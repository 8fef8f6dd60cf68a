/**
 * Word n-gram features of the offline framing judge (docs/judges/framing-offline.md): lowercase
 * word tokens, a negation mark on the three tokens after a negator ("not good" → "good" and
 * "NOT_good" — so "not bad" and "bad" differ), unigrams and bigrams, binary, with the vector scaled
 * to unit length so that a one-line summary and a 500-word review weigh the same.
 *
 * Tokens are the matches of /[a-z0-9]+(?:'[a-z]+)?/ in the lower-cased text (’ and ‘ read as ')
 * within clauses split at [.!?;:,()\n]. `scanFramingTokens` finds them with one character scan
 * instead of a split and a regex match per clause (the judge runs on every measured text).
 */
const NEGATORS = new Set(['not', 'no', 'never', "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "won't", "can't", "couldn't", "wouldn't", 'cannot', 'nothing', 'without', 'hardly']);
/** tokens after a negator that count as negated */
export const SCOPE = 3;

const isLowerOrDigit = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isLower = (c: number): boolean => c >= 97 && c <= 122;
/** ' and the curly quotes ’ ‘ that read as one */
const isApostrophe = (c: number): boolean => c === 39 || c === 0x2019 || c === 0x2018;
/** the clause separators [.!?;:,()\n] */
const isClauseEnd = (c: number): boolean => c === 46 || c === 33 || c === 63 || c === 59 || c === 58 || c === 44 || c === 40 || c === 41 || c === 10;

/**
 * Calls `word` with each token of an already lower-cased text (no negation marks) and `clauseEnd`
 * at each run of clause separators.
 */
function scanFramingWords(lowered: string, word: (t: string) => void, clauseEnd: () => void): void {
  const s = lowered;
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isLowerOrDigit(c)) {
      const start = i;
      i++;
      while (i < n && isLowerOrDigit(s.charCodeAt(i))) i++;
      let curly = false;
      if (i + 1 < n && isApostrophe(s.charCodeAt(i)) && isLower(s.charCodeAt(i + 1))) {
        curly = s.charCodeAt(i) !== 39;
        i += 2;
        while (i < n && isLower(s.charCodeAt(i))) i++;
      }
      const t = s.slice(start, i);
      word(curly ? t.replace(/[’‘]/g, "'") : t);
    } else {
      if (isClauseEnd(c)) {
        clauseEnd();
        while (i + 1 < n && isClauseEnd(s.charCodeAt(i + 1))) i++;
      }
      i++;
    }
  }
}

/** A token as it counts inside a negation scope. */
export const negated = (t: string): string => `NOT_${t}`;

/** A token that opens a negation scope. */
export const isNegator = (t: string): boolean => NEGATORS.has(t) || t.endsWith("n't");

/** The negation scope: `key(t)` is the token as it counts for the n-grams ("NOT_" prefix inside a scope). */
class NegationScope {
  private left = 0;

  key(t: string): string {
    if (isNegator(t)) {
      this.left = SCOPE;
      return t;
    }
    if (this.left > 0) {
      this.left--;
      return negated(t);
    }
    return t;
  }

  /** sentence punctuation ends a scope */
  end(): void {
    this.left = 0;
  }
}

/**
 * Calls `token` with each token as it counts for the n-grams ("NOT_" prefix inside a negation
 * scope) and `clauseEnd` at each clause separator run. Sentence punctuation ends a scope.
 */
export function scanFramingTokens(text: string, token: (t: string) => void, clauseEnd: () => void): void {
  const scope = new NegationScope();
  scanFramingWords(
    text.toLowerCase(),
    (t) => token(scope.key(t)),
    () => {
      scope.end();
      clauseEnd();
    },
  );
}

/** Marks a clause end in `framingWordsOf` (never a token: tokens have no '|'). */
export const CLAUSE_END = '|';

/**
 * The n-gram tokens (no negation marks) and clause ends (CLAUSE_END) of one whitespace-free piece
 * of text. A text's tokens are those of its whitespace-separated pieces in order, with a clause end
 * where the whitespace between two pieces holds a newline: no token contains whitespace, and what
 * lower-casing turns into [a-z0-9] (A–Z, İ, the Kelvin sign) does not depend on the neighbours.
 */
export function framingWordsOf(piece: string): string[] {
  const out: string[] = [];
  scanFramingWords(
    piece.toLowerCase(),
    (t) => out.push(t),
    () => out.push(CLAUSE_END),
  );
  return out;
}

/** Lowercase tokens; a token inside a negation scope gets the prefix "NOT_"; '|' marks a clause end. */
function framingTokens(text: string): string[] {
  const out: string[] = [];
  scanFramingTokens(
    text,
    (t) => out.push(t),
    () => out.push('|'),
  );
  out.push('|');
  return out;
}

/** The distinct unigrams and bigrams of a text (a bigram never spans a clause boundary), in order of first occurrence. */
export function framingNgrams(text: string): Set<string> {
  const toks = framingTokens(text);
  const out = new Set<string>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t === '|') continue;
    out.add(t);
    const u = toks[i + 1];
    if (u !== undefined && u !== '|') out.add(`${t} ${u}`);
  }
  return out;
}
