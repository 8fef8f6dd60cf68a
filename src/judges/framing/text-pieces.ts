import { framingWordsOf } from './ngram-features.js';
import { cuePartsOf } from './review-cues.js';
import type { ResolvedWord } from './ngram-model.js';
import type { TokenInfo } from './vader.js';

/**
 * What the offline framing judge reads from one whitespace-free piece of a text (a token of
 * Python's `text.split()`, as VADER tokenises): its n-gram words and clause ends
 * (ngram-features.ts) and its review-cue tokens with their flags (review-cues.ts). Remembered by
 * piece, so a text's n-grams and cues come from the tokenisation VADER already made, without
 * lower-casing and scanning the text twice more. A pure function of the piece,
 * remembered on VADER's token info (vader.ts TokenInfo.parts).
 */
export interface PieceParts {
  words: readonly string[];
  cueTokens: readonly string[];
  cueFlags: readonly number[];
  /** `words` looked up in one n-gram model (ngram-model.ts), for the model last asked */
  ngram?: { model: object; words: readonly ResolvedWord[] };
}

/** The parts of the i-th piece, remembered on its VADER token info (shared by every occurrence of the piece). */
export function partsAt(t: TextPieces, i: number): PieceParts {
  const info = t.infos[i] as TokenInfo;
  if (info.parts === undefined) {
    const piece = info.piece;
    const cues = cuePartsOf(piece);
    info.parts = { words: framingWordsOf(piece), cueTokens: cues.tokens, cueFlags: cues.flags };
  }
  return info.parts;
}

/** The pieces of a text (`infos[i].piece` spans [starts[i], ends[i]) of `text`), as VADER's TokenizedText gives them. */
export interface TextPieces {
  infos: readonly TokenInfo[];
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

/** The review-cue tokens of the text and their flags, in order (countCues gives reviewCueCounts(text)). */
export function cueTokensOfPieces(t: TextPieces): { tokens: string[]; flags: number[] } {
  // counted first, so that the arrays are made at their size (grown by push they were a large
  // part of the judge's allocation)
  let total = 0;
  for (let i = 0; i < t.infos.length; i++) total += partsAt(t, i).cueTokens.length;
  const tokens = new Array<string>(total);
  const flags = new Array<number>(total);
  let n = 0;
  for (let i = 0; i < t.infos.length; i++) {
    const p = partsAt(t, i);
    for (let k = 0; k < p.cueTokens.length; k++) {
      tokens[n] = p.cueTokens[k] as string;
      flags[n++] = p.cueFlags[k] as number;
    }
  }
  return { tokens, flags };
}
