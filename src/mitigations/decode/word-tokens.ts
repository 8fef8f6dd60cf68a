/**
 * Which token ids stand for which words, for decoding controllers that weight words
 * (Table A5: negative-lexicon tokens, middle-section keywords, tokens of a section).
 *
 * - `exact`: tokens whose text on its own, without leading whitespace and lower-cased, is the word
 *   (" terrible", "Terrible"). Used where a weight below 1 must not hit other words.
 * - `first-piece`: the above, plus the first token of the word as written after a space and at
 *   the start of a text (for a word the vocabulary splits, e.g. "▁terr" + "ible"). Used to boost
 *   words: the first piece is where the model commits to the word. It is shared with other words
 *   ("▁terr" also starts "terrific"); docs/mitigations.md (decode-time mitigations) says so.
 */
import type { StepVocabulary } from '../../models/stepwise.js';

type WordMatch = 'exact' | 'first-piece';

const indexByVocab = new WeakMap<readonly string[], Map<string, number[]>>();

/** lower-cased piece text without leading whitespace → token ids */
function pieceIndex(vocab: StepVocabulary): Map<string, number[]> {
  const pieces = vocab.pieces();
  let idx = indexByVocab.get(pieces);
  if (idx === undefined) {
    idx = new Map();
    pieces.forEach((p, t) => {
      const key = p.replace(/^\s+/, '').toLowerCase();
      if (key === '') return;
      const list = idx?.get(key);
      if (list === undefined) idx?.set(key, [t]);
      else list.push(t);
    });
    indexByVocab.set(pieces, idx);
  }
  return idx;
}

/** token id → the words (of `words`) it stands for */
export function tokensOfWords(vocab: StepVocabulary, words: Iterable<string>, match: WordMatch): Map<number, string[]> {
  const idx = pieceIndex(vocab);
  const out = new Map<number, string[]>();
  const add = (t: number, w: string): void => {
    const l = out.get(t);
    if (l === undefined) out.set(t, [w]);
    else if (!l.includes(w)) l.push(w);
  };
  for (const raw of words) {
    const w = raw.toLowerCase();
    for (const t of idx.get(w) ?? []) add(t, w);
    if (match === 'first-piece') {
      for (const variant of [` ${w}`, w]) {
        const first = vocab.tokenize(variant)[0];
        if (first !== undefined && vocab.pieces()[first]?.trim() !== '') add(first, w);
      }
    }
  }
  return out;
}
