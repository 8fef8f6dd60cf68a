/**
 * The negative lexicon of Weighted Token Decoding: the words of the VADER 3.3.2 lexicon (the
 * framing judge's, src/judges/framing/vader-lexicon.ts) with a negative mean valence. Only
 * alphabetic entries (words, "can't"-style contractions, hyphenated words) are kept; emoticons
 * and abbreviations such as ":(" cannot be matched to tokens.
 */
import { vaderLexicon } from '../../judges/framing/vader-lexicon.js';

const WORD = /^[a-z][a-z'-]*[a-z]$/;

let cached: { word: string; valence: number }[] | undefined;

/** negative words, most negative first */
export function negativeWords(): readonly { word: string; valence: number }[] {
  if (cached === undefined) {
    cached = [...vaderLexicon()]
      .filter(([w, v]) => v < 0 && WORD.test(w))
      .map(([word, valence]) => ({ word, valence }))
      .sort((a, b) => a.valence - b.valence || (a.word < b.word ? -1 : 1));
  }
  return cached;
}
