/**
 * Word tokenizer: Unicode letters and digits, with apostrophe contractions kept inside the word
 * ("don't", "O’Brien"). Punctuation, symbols and whitespace separate words.
 */

const WORD_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export interface TokenizeOptions {
  /** lower-case the tokens (default false: tokens are returned as written) */
  lowercase?: boolean;
}

/** Words of `text` in order. */
export function tokenize(text: string, opts: TokenizeOptions = {}): string[] {
  const src = opts.lowercase === true ? text.toLowerCase() : text;
  return src.match(WORD_RE) ?? [];
}

const LETTER_RE = /\p{L}/u;
const LETTER_OR_NUMBER_RE = /[\p{L}\p{N}]/u;

function isLetterOrNumber(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90) || (cp >= 48 && cp <= 57);
  return LETTER_OR_NUMBER_RE.test(String.fromCodePoint(cp));
}

/** 1 for the ASCII letters and digits (isLetterOrNumber below 128) */
const ASCII_WORD = new Uint8Array(128).map((_, c) => (isLetterOrNumber(c) ? 1 : 0));

function isLetter(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90);
  return LETTER_RE.test(String.fromCodePoint(cp));
}

/**
 * Calls `word(start, end)` for each match of WORD_RE in `text`, in order, scanning characters
 * (ASCII by code, others by a one-character regex) instead of running the regex: the primacy
 * probe cuts every source into thirds by words. Every part of WORD_RE is greedy and an
 * apostrophe is neither a letter nor a number, so the longest run rule below is the regex's match.
 */
function scanWords(text: string, word: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    // ASCII by code unit (most text): no codePointAt and no call per character
    const a0 = text.charCodeAt(i);
    if (a0 < 128 && ASCII_WORD[a0] === 0) {
      i++;
      continue;
    }
    const cp = a0 < 128 ? a0 : (text.codePointAt(i) as number);
    const w = cp > 0xffff ? 2 : 1;
    if (!isLetterOrNumber(cp)) {
      i += w;
      continue;
    }
    const start = i;
    i += w;
    while (i < n) {
      const a = text.charCodeAt(i);
      if (a < 128) {
        if (ASCII_WORD[a] === 0) break;
        i++;
        continue;
      }
      const c = text.codePointAt(i) as number;
      if (!isLetterOrNumber(c)) break;
      i += c > 0xffff ? 2 : 1;
    }
    // (?:['’][\p{L}]+)*
    while (i + 1 < n) {
      const a = text.charCodeAt(i);
      if (a !== 39 && a !== 0x2019) break;
      const c = text.codePointAt(i + 1) as number;
      if (!isLetter(c)) break;
      i += 1 + (c > 0xffff ? 2 : 1);
      while (i < n) {
        const d = text.codePointAt(i) as number;
        if (!isLetter(d)) break;
        i += d > 0xffff ? 2 : 1;
      }
    }
    word(start, i);
  }
}

/** Calls `start(offset)` for the start of each word of `text` (same definition of a word as `tokenize`). */
export function scanWordStarts(text: string, start: (offset: number) => void): void {
  scanWords(text, start);
}

/** Number of words in `text` (same definition of a word as `tokenize`). */
export function countWords(text: string): number {
  let n = 0;
  scanWords(text, () => n++);
  return n;
}

/** Start offsets of the words of `text`, in order (no object per word). */
export function wordStarts(text: string): number[] {
  const out: number[] = [];
  scanWords(text, (start) => out.push(start));
  return out;
}

/**
 * Start offsets of the words of `text` written into `into` from index 0 (the array reused from
 * call to call; entries past the count are left as they were); returns the number of words.
 */
export function wordStartsInto(text: string, into: number[]): number {
  let n = 0;
  scanWords(text, (start) => {
    if (n === into.length) into.push(start);
    else into[n] = start;
    n++;
  });
  return n;
}

/** Character spans [start, end) of the words of `text`, in order. */
export function wordSpans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  scanWords(text, (start, end) => out.push({ start, end }));
  return out;
}
