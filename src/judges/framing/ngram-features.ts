/**
 * Word n-gram features of the offline framing judge (docs/judges/framing-offline.md): lowercase
 * word tokens, a negation mark on the three tokens after a negator ("not good" → "good" and
 * "NOT_good" — so "not bad" and "bad" differ), unigrams and bigrams, binary, with the vector scaled
 * to unit length so that a one-line summary and a 500-word review weigh the same.
 *
 * Tokens are the matches of /[a-z0-9]+(?:'[a-z]+)?/ in the lower-cased text (’ and ‘ read as ')
 * within clauses split at [.!?;:,()\n]. `scanFramingTokens` finds them with one character scan
 * instead of a split and a regex match per clause (the judge runs on every measured text; issue 16).
 */
const NEGATORS = new Set(['not', 'no', 'never', "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "won't", "can't", "couldn't", "wouldn't", 'cannot', 'nothing', 'without', 'hardly']);
const SCOPE = 3;

const isLowerOrDigit = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isLower = (c: number): boolean => c >= 97 && c <= 122;
/** ' and the curly quotes ’ ‘ that read as one */
const isApostrophe = (c: number): boolean => c === 39 || c === 0x2019 || c === 0x2018;
/** the clause separators [.!?;:,()\n] */
const isClauseEnd = (c: number): boolean => c === 46 || c === 33 || c === 63 || c === 59 || c === 58 || c === 44 || c === 40 || c === 41 || c === 10;

/**
 * Calls `token` with each token as it counts for the n-grams ("NOT_" prefix inside a negation
 * scope) and `clauseEnd` at each clause separator run. Sentence punctuation ends a scope.
 */
export function scanFramingTokens(text: string, token: (t: string) => void, clauseEnd: () => void): void {
  const s = text.toLowerCase();
  const n = s.length;
  let scope = 0;
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
      let t = s.slice(start, i);
      if (curly) t = t.replace(/[’‘]/g, "'");
      if (NEGATORS.has(t) || t.endsWith("n't")) {
        token(t);
        scope = SCOPE;
      } else if (scope > 0) {
        token(`NOT_${t}`);
        scope--;
      } else token(t);
    } else {
      if (isClauseEnd(c)) {
        scope = 0;
        clauseEnd();
        while (i + 1 < n && isClauseEnd(s.charCodeAt(i + 1))) i++;
      }
      i++;
    }
  }
}

/** Lowercase tokens; a token inside a negation scope gets the prefix "NOT_"; '|' marks a clause end. */
export function framingTokens(text: string): string[] {
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
