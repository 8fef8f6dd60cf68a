import { CLAUSE_END, framingWordsOf } from './ngram-features.js';
import { cuePartsOf } from './review-cues.js';
import type { TokenInfo } from './vader.js';

/**
 * What the offline framing judge reads from one whitespace-free piece of a text (a token of
 * Python's `text.split()`, as VADER tokenises): its n-gram words and clause ends
 * (ngram-features.ts) and its review-cue tokens with their flags (review-cues.ts). Remembered by
 * piece, so a text's n-grams and cues come from the tokenisation VADER already made, without
 * lower-casing and scanning the text twice more (issue 16). A pure function of the piece,
 * remembered on VADER's token info (vader.ts TokenInfo.parts).
 */
export interface PieceParts {
  words: readonly string[];
  cueTokens: readonly string[];
  cueFlags: readonly number[];
}

/** The parts of the i-th piece, remembered on its VADER token info (shared by every occurrence of the piece). */
function partsAt(t: TextPieces, i: number): PieceParts {
  const info = t.infos[i] as TokenInfo;
  if (info.parts === undefined) {
    const piece = t.pieces[i] as string;
    const cues = cuePartsOf(piece);
    info.parts = { words: framingWordsOf(piece), cueTokens: cues.tokens, cueFlags: cues.flags };
  }
  return info.parts;
}

/** The pieces of a text (`pieces[i]` spans [starts[i], ends[i]) of `text`), as VADER's TokenizedText gives them. */
export interface TextPieces {
  pieces: readonly string[];
  infos: readonly TokenInfo[];
  starts: readonly number[];
  ends: readonly number[];
}

/**
 * Calls `word` with each n-gram word of the text and `clauseEnd` at each clause end, in the order
 * scanFramingWords(text.toLowerCase()) would (a newline between two pieces ends a clause).
 */
export function forEachFramingWord(text: string, t: TextPieces, word: (w: string) => void, clauseEnd: () => void): void {
  const { pieces, starts, ends } = t;
  for (let i = 0; i < pieces.length; i++) {
    if (i > 0) {
      for (let p = ends[i - 1] as number; p < (starts[i] as number); p++) {
        if (text.charCodeAt(p) === 10) {
          clauseEnd();
          break;
        }
      }
    }
    for (const w of partsAt(t, i).words) {
      if (w === CLAUSE_END) clauseEnd();
      else word(w);
    }
  }
}

/** The review-cue tokens of the text and their flags, in order (countCues gives reviewCueCounts(text)). */
export function cueTokensOfPieces(t: TextPieces): { tokens: string[]; flags: number[] } {
  const tokens: string[] = [];
  const flags: number[] = [];
  for (let i = 0; i < t.pieces.length; i++) {
    const p = partsAt(t, i);
    for (let k = 0; k < p.cueTokens.length; k++) {
      tokens.push(p.cueTokens[k] as string);
      flags.push(p.cueFlags[k] as number);
    }
  }
  return { tokens, flags };
}
