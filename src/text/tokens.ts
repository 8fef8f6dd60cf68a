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

/** Number of words in `text` (same definition of a word as `tokenize`). */
export function countWords(text: string): number {
  WORD_RE.lastIndex = 0;
  let n = 0;
  while (WORD_RE.exec(text) !== null) n++;
  return n;
}

/** Start offsets of the words of `text`, in order (no object per word). */
export function wordStarts(text: string): number[] {
  const out: number[] = [];
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m !== null; m = WORD_RE.exec(text)) out.push(m.index);
  return out;
}

/** Character spans [start, end) of the words of `text`, in order. */
export function wordSpans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  WORD_RE.lastIndex = 0;
  for (let m = WORD_RE.exec(text); m !== null; m = WORD_RE.exec(text)) {
    out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}
