/**
 * Divide a source text into beginning, middle and end thirds (primacy probe, Alessa et al. §4:
 * "We divide the source context into three equal segments"; the paper does not say by what
 * unit). We default to WORDS because words give exactly equal shares (part sizes differ by at
 * most one word) independent of sentence length and of whitespace/punctuation density:
 *
 *   - 'words' (default): the n words are cut into parts of numpy.array_split sizes
 *     (the first n mod 3 parts get one extra word: 10 -> 4,3,3; 2 -> 1,1,0). Each part runs from
 *     the start of its first word to the start of the next part's first word, so punctuation
 *     after a part's last word stays with it; parts are trimmed of surrounding whitespace.
 *   - 'sentences': sentences (splitSentences) are kept whole; the two cuts minimise the sum
 *     of squared part word counts (= parts as equal as possible), ties broken by the earliest
 *     cuts. With three or more sentences every part gets at least one sentence.
 *   - 'characters': cuts at length/3 and 2*length/3, each moved to the nearest whitespace
 *     (the earlier one on a tie; left in place when the text has no whitespace).
 *
 * Short texts: with fewer than three units, each existing unit becomes one part in order and
 * the remaining parts are empty strings (1 word -> [w, '', '']). Empty or whitespace-only text
 * gives ['', '', ''].
 */
import { splitSentencesWithOffsets, type SentenceSpan } from './sentences.js';
import { countWords } from './tokens.js';
import { sliceTokens, textTokens, wordCountOf, wordStartAt } from './text-tokens.js';

export type ThirdsUnit = 'words' | 'sentences' | 'characters';

export interface ThirdsOptions {
  /** what the thirds are measured in (default 'words') */
  unit?: ThirdsUnit;
}

export interface TextPart {
  text: string;
  /** offset of the first character in the original text (after trimming) */
  start: number;
  /** one past the last character */
  end: number;
}

export type Thirds = [string, string, string];

function isWsCode(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029 || (c >= 0x2000 && c <= 0x200a) || c === 0x3000 || c === 0x202f || c === 0x85 || c === 0xfeff;
}

function part(text: string, start: number, end: number): TextPart {
  while (start < end && isWsCode(text.charCodeAt(start))) start++;
  while (end > start && isWsCode(text.charCodeAt(end - 1))) end--;
  if (end <= start) return { text: '', start, end: start };
  return { text: text.slice(start, end), start, end };
}

/** Part sizes of numpy.array_split(range(n), k). */
export function arraySplitSizes(n: number, k: number): number[] {
  const base = Math.floor(n / k);
  const extra = n % k;
  return Array.from({ length: k }, (_, i) => base + (i < extra ? 1 : 0));
}

function byWords(text: string): [TextPart, TextPart, TextPart] {
  // the words of the text's shared tokenisation (text-tokens.ts), which VADER and TF-IDF read too
  const tokens = textTokens(text);
  const count = wordCountOf(tokens);
  const sizes = arraySplitSizes(count, 3);
  const i1 = sizes[0] as number;
  const i2 = i1 + (sizes[1] as number);
  const c1 = sizes[1] === 0 ? text.length : (wordStartAt(tokens, i1) ?? text.length);
  const c2 = sizes[2] === 0 ? text.length : (wordStartAt(tokens, i2) ?? text.length);
  return [part(text, 0, c1), part(text, c1, c2), part(text, c2, text.length)];
}

function bySentences(text: string, sents: readonly SentenceSpan[] = splitSentencesWithOffsets(text)): [TextPart, TextPart, TextPart] {
  const m = sents.length;
  const span = (a: number, b: number): TextPart => {
    const first = sents[a];
    const last = sents[b - 1];
    if (b <= a || first === undefined || last === undefined) return { text: '', start: text.length, end: text.length };
    return part(text, first.start, last.end);
  };
  if (m < 3) return [span(0, Math.min(1, m)), span(1, Math.min(2, m)), span(2, m)];
  // prefix sums of word counts
  const P = new Float64Array(m + 1);
  for (let i = 0; i < m; i++) P[i + 1] = (P[i] as number) + countWords((sents[i] as { text: string }).text);
  const T = P[m] as number;
  let best = Infinity;
  let bestA = 1;
  let bestB = 2;
  for (let a = 1; a <= m - 2; a++) {
    const pa = P[a] as number;
    // best b in [a+1, m-1]: P[b] nearest to (pa + T) / 2; check the neighbours of the insertion point
    const target = (pa + T) / 2;
    let lo = a + 1;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((P[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    for (const b of [lo - 1, lo]) {
      if (b < a + 1 || b > m - 1) continue;
      const pb = P[b] as number;
      const cost = pa * pa + (pb - pa) * (pb - pa) + (T - pb) * (T - pb);
      if (cost < best - 1e-9) {
        best = cost;
        bestA = a;
        bestB = b;
      }
    }
  }
  return [span(0, bestA), span(bestA, bestB), span(bestB, m)];
}

function nearestWhitespace(text: string, pos: number): number {
  if (pos <= 0 || pos >= text.length) return pos;
  for (let d = 0; d <= text.length; d++) {
    const l = pos - d;
    const r = pos + d;
    if (l >= 0 && isWsCode(text.charCodeAt(l))) return l;
    if (r < text.length && isWsCode(text.charCodeAt(r))) return r;
    if (l < 0 && r >= text.length) break;
  }
  return pos;
}

function byCharacters(text: string): [TextPart, TextPart, TextPart] {
  const L = text.length;
  const c1 = nearestWhitespace(text, Math.round(L / 3));
  const c2 = Math.max(c1, nearestWhitespace(text, Math.round((2 * L) / 3)));
  return [part(text, 0, c1), part(text, c1, c2), part(text, c2, L)];
}

/**
 * The thirds' offsets alone, for a reader that only marks them (a report's item view): unlike
 * splitIntoThirdsWithOffsets, no tokenisation of the thirds is made for TF-IDF to read next, which
 * was most of the cost of a long article's view. `sentences`: the text's sentences
 * (splitSentencesWithOffsets), when the caller has split them already (the 'sentences' unit cuts
 * between them).
 */
export function thirdsOffsets(text: string, opts: ThirdsOptions = {}, sentences?: readonly SentenceSpan[]): [TextPart, TextPart, TextPart] {
  const unit = opts.unit ?? 'words';
  switch (unit) {
    case 'words':
      return byWords(text);
    case 'sentences':
      return bySentences(text, sentences);
    case 'characters':
      return byCharacters(text);
    default:
      throw new Error(`unknown thirds unit: ${String(unit)}`);
  }
}

/** Beginning, middle and end thirds with their offsets into `text`. */
export function splitIntoThirdsWithOffsets(text: string, opts: ThirdsOptions = {}): [TextPart, TextPart, TextPart] {
  const parts = thirdsOffsets(text, opts);
  // each third's tokenisation is cut from the text's, for whatever reads the thirds next (TF-IDF)
  const tokens = textTokens(text);
  for (const p of parts) if (p.text !== '') sliceTokens(tokens, p.start, p.end, p.text);
  return parts;
}

/** Beginning, middle and end thirds of `text` (see the file comment for the units). */
export function splitIntoThirds(text: string, opts: ThirdsOptions = {}): Thirds {
  const [a, b, c] = splitIntoThirdsWithOffsets(text, opts);
  return [a.text, b.text, c.text];
}
