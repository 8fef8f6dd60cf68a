/**
 * Python string semantics that VADER 3.3.2 depends on, reproduced without regular expressions
 * (linear scans, no backtracking): `str.split()`, `str.strip(string.punctuation)`,
 * `str.isupper()`, `len()` in code points and `round(x, n)`.
 */
import { pySplitSpans } from '../../text/text-tokens.js';

/** Python `text.split()`: split on runs of whitespace, no empty tokens. */
export function pySplit(text: string): string[] {
  const out: string[] = [];
  pySplitSpans(text, (start, end) => out.push(text.slice(start, end)));
  return out;
}

/** Python `string.punctuation`: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~ */
function isAsciiPunct(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}

/** Python `token.strip(string.punctuation)`. */
export function stripPunct(token: string): string {
  let a = 0;
  let b = token.length;
  while (a < b && isAsciiPunct(token.charCodeAt(a))) a++;
  while (b > a && isAsciiPunct(token.charCodeAt(b - 1))) b--;
  return token.slice(a, b);
}

/** Python `len(s)`: number of code points (a surrogate pair counts once). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Python `s.isupper()`: at least one cased character and no lower-case one. Approximated as
 * "upper-casing changes nothing and lower-casing changes something", which agrees with Python
 * for every script with simple case mappings (it differs only for title-case digraphs like 'ǅ').
 */
export function pyIsUpper(s: string): boolean {
  // fast path for ASCII tokens (the vast majority): some A-Z and no a-z
  let cased = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return s.toUpperCase() === s && s.toLowerCase() !== s;
    if (c >= 97 && c <= 122) return false;
    if (c >= 65 && c <= 90) cased = true;
  }
  return cased;
}

/**
 * Python `round(x, digits)`: the decimal nearest to the exact binary value of x, ties to even.
 * `toFixed` also rounds the exact value but sends ties away from zero, so exact ties (possible
 * only when x's binary expansion ends at digit digits+1 with a 5) are handled here.
 */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const mag = Math.abs(x);
  const exact = mag.toFixed(100);
  const dot = exact.indexOf('.');
  const tail = exact.slice(dot + 1 + digits);
  let rounded = Number(mag.toFixed(digits));
  if (tail.charCodeAt(0) === 53 /* '5' */ && isAllZeros(tail, 1)) {
    // exact tie: toFixed rounded away from zero; Python keeps the even neighbour
    const down = Number(exact.slice(0, dot + 1 + digits));
    const lastDigit = exact.charCodeAt(digits === 0 ? dot - 1 : dot + digits) - 48;
    if (lastDigit % 2 === 0) rounded = down;
  }
  return x < 0 ? -rounded : rounded;
}

function isAllZeros(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) if (s.charCodeAt(i) !== 48) return false;
  return true;
}
