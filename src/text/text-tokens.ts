/**
 * One tokenisation of a text, shared by every instrument that reads it: VADER (its pieces), the
 * thirds (their word starts), TF-IDF (its terms) and ROUGE (its tokens). A record's source was
 * scanned three times over (VADER's pieces, TF-IDF's words, the thirds' words), and each third
 * once more by TF-IDF.
 *
 * The text is split once into pieces, the runs between whitespace as Python's `str.split()` cuts
 * them (VADER's tokens). Every other tokenisation here is of runs of characters that are never
 * whitespace ([\p{L}\p{N}_] for TF-IDF, [\p{L}\p{N}] with apostrophe contractions for words,
 * [a-z0-9] after lower-casing for ROUGE), so a text's tokens of each kind are the tokens of its
 * pieces, in order. Those are computed once per distinct piece and remembered (most pieces of a
 * text are repeats): a text costs one scan, and a lookup per piece.
 *
 * Lower-casing piece by piece gives the pieces of the lower-cased text: JavaScript's
 * toLowerCase is context-free except for the final sigma, whose context ends at whitespace.
 *
 * A text's tokenisation is remembered for a while (`textTokens`), keyed by the text, so the
 * instruments of one record share it; a part cut from a text (a third) gets its tokenisation from
 * the text's (`sliceTokens`) and is remembered too, so TF-IDF on the thirds scans nothing again.
 */
import { FNV_BASIS, fnvStep, SpanTable } from './span-table.js';
import { scanWordStarts } from './tokens.js';
import { textReads } from './text-reads.js';

/** What one piece (a run of non-whitespace characters) holds, computed once per distinct piece. */
interface PieceInfo {
  /** the piece as written */
  readonly piece: string;
  /** offsets in the piece of its words (tokens.ts: letters and digits, apostrophe contractions) */
  readonly wordStarts: readonly number[];
  /** scikit-learn's default TF-IDF tokens of the lower-cased piece: runs of two or more [\p{L}\p{N}_] */
  readonly terms: readonly string[];
  /** rouge-score's tokens of the piece (lower-cased, runs of [a-z0-9]), before stemming */
  readonly rougeTokens: readonly string[];
  /** `terms` by their numbers in the table of distinct terms (`termOf`) */
  readonly termIds: Int32Array;
}

/**
 * A text's pieces, by number, and their spans (arrays of small integers: a text's tokenisation is
 * kept a while, and arrays of objects kept past a young-generation collection cost the garbage
 * collector more than the scans they save).
 */
interface TextTokens {
  readonly text: string;
  /** piece i's number in the table of distinct pieces (`pieceOf`) */
  readonly ids: readonly number[];
  /** piece i is text.slice(starts[i], ends[i]) */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** the table's generation the ids belong to (the table is emptied when full) */
  readonly generation: number;
}

/** Characters Python's `str.split()` (no argument) treats as whitespace. */
function isPyWhitespace(c: number): boolean {
  // printable ASCII (most characters) first: one comparison pair instead of the whole list
  if (c > 0x20 && c < 0x85) return false;
  return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) || c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * The pieces of Python's `text.split()` as spans: calls `token(start, end, hash)` for each, `hash`
 * the FNV-1a hash of its code units (span-table.ts), so the caller can look it up without slicing.
 */
export function pySplitSpans(text: string, token: (start: number, end: number, hash: number) => void): void {
  let start = -1;
  let h = FNV_BASIS;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isPyWhitespace(c)) {
      if (start >= 0) {
        token(start, i, h);
        start = -1;
      }
    } else {
      if (start < 0) {
        start = i;
        h = FNV_BASIS;
      }
      h = fnvStep(h, c);
    }
  }
  if (start >= 0) token(start, text.length, h);
}

const WORD_CHAR_RE = /[\p{L}\p{N}_]/u;

/** Runs of two or more [\p{L}\p{N}_] in `s` (Python's Unicode \w\w+), as spans. */
export function scanWordRunSpans(s: string, token: (start: number, end: number, hash: number) => void): void {
  let start = -1;
  let chars = 0;
  let h = FNV_BASIS;
  const n = s.length;
  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    let width = 1;
    let word: boolean;
    if (c < 128) {
      word = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
    } else {
      const cp = s.codePointAt(i) as number;
      width = cp > 0xffff ? 2 : 1;
      word = WORD_CHAR_RE.test(String.fromCodePoint(cp));
    }
    if (word) {
      if (start < 0) {
        start = i;
        chars = 0;
        h = FNV_BASIS;
      }
      chars++;
      h = fnvStep(h, c);
      if (width === 2) h = fnvStep(h, s.charCodeAt(i + 1));
    } else if (start >= 0) {
      if (chars >= 2) token(start, i, h);
      start = -1;
    }
    i += width;
  }
  if (start >= 0 && chars >= 2) token(start, n, h);
}

/** rouge-score's tokens of an already lower-cased string: the runs of [a-z0-9]. */
function rougeRuns(lower: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    const keep = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (keep) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  return out;
}

function analysePiece(piece: string): PieceInfo {
  const wordStarts: number[] = [];
  scanWordStarts(piece, (s) => wordStarts.push(s));
  const lower = piece.toLowerCase();
  const terms: string[] = [];
  scanWordRunSpans(lower, (s, e) => terms.push(lower.slice(s, e)));
  return { piece, wordStarts, terms, termIds: Int32Array.from(terms, termId), rougeTokens: rougeRuns(lower) };
}

/** distinct pieces remembered (a pure function of the piece; forgotten all at once when full) */
const PIECES_KEPT = 50_000;
const pieceTable = new SpanTable<PieceInfo>();
/** the distinct TF-IDF terms of the pieces remembered, numbered (emptied with the pieces) */
const termTable = new Map<string, number>();
const termList: string[] = [];
let generation = 0;

function termId(t: string): number {
  let id = termTable.get(t);
  if (id === undefined) {
    id = termList.length;
    termTable.set(t, id);
    termList.push(t);
  }
  return id;
}

/** The term numbered `id` (`PieceInfo.termIds`) in the current generation. */
export function termOf(id: number): string {
  return termList[id] as string;
}

/** Terms numbered so far in this generation (term numbers are below it). */
export function termCount(): number {
  return termList.length;
}

function pieceId(text: string, start: number, end: number, hash: number): number {
  const id = pieceTable.find(text, start, end, hash);
  if (id >= 0) return id;
  const info = analysePiece(text.slice(start, end));
  return pieceTable.add(info.piece, hash, info);
}

/** Piece i of a tokenisation made in the table's current generation (`textTokens` gives only those). */
export function pieceOf(tokens: TextTokens, i: number): PieceInfo {
  return pieceTable.values[tokens.ids[i] as number] as PieceInfo;
}

/** scan buffers, reused from text to text */
const idBuf: number[] = [];
const startBuf: number[] = [];
const endBuf: number[] = [];

function push(n: number, id: number, start: number, end: number): void {
  if (n === idBuf.length) {
    idBuf.push(id);
    startBuf.push(start);
    endBuf.push(end);
  } else {
    idBuf[n] = id;
    startBuf[n] = start;
    endBuf[n] = end;
  }
}

/** Tokenise `text` now (no memo). */
function tokenizeText(text: string): TextTokens {
  textReads.pieces++;
  // the tables are emptied between texts, never during one (its numbers stay valid)
  if (pieceTable.size >= PIECES_KEPT) {
    pieceTable.clear();
    termTable.clear();
    termList.length = 0;
    generation++;
  }
  let n = 0;
  pySplitSpans(text, (start, end, hash) => push(n++, pieceId(text, start, end, hash), start, end));
  const out = { text, ids: idBuf.slice(0, n), starts: startBuf.slice(0, n), ends: endBuf.slice(0, n), generation };
  // a very long text's buffers are not kept
  if (n > 100_000) idBuf.length = startBuf.length = endBuf.length = 0;
  return out;
}

/**
 * Recently tokenised texts (a record's texts are read by its probes one after another: a few
 * records' worth is enough), in a ring of MEMO_TEXTS slots, the oldest replaced. Not a Map keyed
 * by text: with one set and one delete per text, the tokenisations a Map had let go of still went
 * to the old generation (measured with the heap profiler on `bench:memory`'s documents: about 6 KB
 * a record, two thirds of what measuring promoted), so the heap the garbage collector let grow
 * between its full collections grew with them. Texts longer than MEMO_CHARS are not kept.
 */
const MEMO_TEXTS = 8;
const MEMO_CHARS = 1_000_000;
const memo: (TextTokens | undefined)[] = Array.from({ length: MEMO_TEXTS }, () => undefined);
let memoNext = 0;

/** The remembered tokenisation of `text` made in the table's current generation, if any. */
function recall(text: string): TextTokens | undefined {
  for (const t of memo) if (t !== undefined && t.generation === generation && t.text === text) return t;
  return undefined;
}

function remember(tokens: TextTokens): TextTokens {
  if (tokens.text.length > MEMO_CHARS) return tokens;
  memo[memoNext] = tokens;
  memoNext = (memoNext + 1) % MEMO_TEXTS;
  return tokens;
}

/** The shared tokenisation of `text`, remembered for its next readers (see the file comment). */
export function textTokens(text: string): TextTokens {
  return recall(text) ?? remember(tokenizeText(text));
}

/**
 * The tokenisation of `text` when another instrument has made it, else undefined: a reader of
 * texts no one else reads (TF-IDF over a text's sentences, ROUGE over references) scans them
 * directly, which costs less than making pieces it would not share.
 */
export function sharedTokens(text: string): TextTokens | undefined {
  return recall(text);
}

function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The tokenisation of `tokens.text.slice(start, end)`, from the text's: the pieces inside the
 * span, and the parts of the (at most two) pieces the span cuts, looked up as pieces of their own
 * (which is what splitting the slice on whitespace gives). Remembered as the slice's (`slice`: that
 * text, when the caller has it).
 */
export function sliceTokens(tokens: TextTokens, start: number, end: number, slice = tokens.text.slice(start, end)): TextTokens {
  const hit = recall(slice);
  if (hit !== undefined) return hit;
  if (tokens.generation !== generation || end <= start) return remember(tokenizeText(slice));
  const { ids: I, starts: S, ends: E } = tokens;
  // pieces ending after `start`, up to those starting before `end`
  const a = lowerBound(E, start + 1);
  const b = Math.max(a, lowerBound(S, end));
  const ids = I.slice(a, b);
  const starts = S.slice(a, b);
  const ends = E.slice(a, b);
  for (let i = 0; i < starts.length; i++) {
    starts[i] = (starts[i] as number) - start;
    ends[i] = (ends[i] as number) - start;
  }
  // the (at most two) pieces the span cuts: their parts inside it are pieces of their own
  const n = ids.length;
  const cut = (i: number): void => {
    const s = Math.max(0, starts[i] as number);
    const e = Math.min(slice.length, ends[i] as number);
    let h = FNV_BASIS;
    for (let k = s; k < e; k++) h = fnvStep(h, slice.charCodeAt(k));
    ids[i] = pieceId(slice, s, e, h);
    starts[i] = s;
    ends[i] = e;
  };
  if (n > 0 && (starts[0] as number) < 0) cut(0);
  if (n > 0 && (ends[n - 1] as number) > slice.length) cut(n - 1);
  return remember({ text: slice, ids, starts, ends, generation });
}

/** Start offsets of the words of the text (tokens.ts `wordStarts`), from its pieces. */
export function wordStartsOf(tokens: TextTokens): number[] {
  const out: number[] = [];
  const { ids, starts } = tokens;
  const values = pieceTable.values;
  for (let i = 0; i < ids.length; i++) {
    const ws = (values[ids[i] as number] as PieceInfo).wordStarts;
    const s0 = starts[i] as number;
    for (let k = 0; k < ws.length; k++) out.push(s0 + (ws[k] as number));
  }
  return out;
}

/** The number of words of the text (tokens.ts `countWords`). */
export function wordCountOf(tokens: TextTokens): number {
  const { ids } = tokens;
  const values = pieceTable.values;
  let n = 0;
  for (let i = 0; i < ids.length; i++) n += (values[ids[i] as number] as PieceInfo).wordStarts.length;
  return n;
}

/** The start offset of the text's k-th word (from 0), or undefined past the last (no array of them all). */
export function wordStartAt(tokens: TextTokens, k: number): number | undefined {
  const { ids, starts } = tokens;
  const values = pieceTable.values;
  let before = 0;
  for (let i = 0; i < ids.length; i++) {
    const ws = (values[ids[i] as number] as PieceInfo).wordStarts;
    if (k < before + ws.length) return (starts[i] as number) + (ws[k - before] as number);
    before += ws.length;
  }
  return undefined;
}

/** Calls `term(t)` for each of scikit-learn's default TF-IDF tokens of the lower-cased text, in order. */
function forEachTerm(tokens: TextTokens, term: (t: string) => void): void {
  const { ids } = tokens;
  const values = pieceTable.values;
  for (let i = 0; i < ids.length; i++) {
    const ts = (values[ids[i] as number] as PieceInfo).terms;
    for (let k = 0; k < ts.length; k++) term(ts[k] as string);
  }
}

/**
 * scikit-learn's default TF-IDF terms of `text`: from its shared tokenisation when another
 * instrument made it, else from one scan that is not remembered (a sentence read by TF-IDF alone).
 */
export function tfidfTermsOf(text: string): string[] {
  return termsOf(sharedTokens(text) ?? tokenizeText(text));
}

/** scikit-learn's default TF-IDF tokens of the lower-cased text, in order. */
export function termsOf(tokens: TextTokens): string[] {
  const out: string[] = [];
  forEachTerm(tokens, (t) => out.push(t));
  return out;
}

/** rouge-score's tokens of the text (before stemming), in order. */
export function rougeTokensOf(tokens: TextTokens): string[] {
  const out: string[] = [];
  const { ids } = tokens;
  const values = pieceTable.values;
  for (let i = 0; i < ids.length; i++) for (const t of (values[ids[i] as number] as PieceInfo).rougeTokens) out.push(t);
  return out;
}
