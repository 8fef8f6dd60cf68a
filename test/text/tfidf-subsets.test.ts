import { describe, expect, it } from 'vitest';
import { TfidfSubsets } from '../../src/text/tfidf-subsets.js';
import { TfidfVectorizer } from '../../src/text/tfidf.js';
import { termsOf, textTokens } from '../../src/text/text-tokens.js';
import { dot } from '../../src/text/vector.js';
import { createRng } from '../../src/stats/rng.js';

// Words with capitals, accents, underscores, digits, astral letters (surrogate pairs, whose code
// point order differs from code unit order) and a final sigma: the vocabulary's order is what
// makes the dot products' additions come in the same order as TfidfVectorizer's.
const WORDS = ['the', 'The', 'budget', 'Budget', 'café', 'cafe', 'naïve', 'x_1', '__init__', 'a1', '12,5', 'ΣΟΦΟΣ', 'σοφος', '𝐀𝐁', 'ﬁnance', '\uffefz', 'zz', 'İstanbul', 'vote', 'votes', 'june'];

function sentence(rng: () => number): string {
  const n = Math.floor(rng() * 9);
  return Array.from({ length: n }, () => WORDS[Math.floor(rng() * WORDS.length)] as string).join(rng() < 0.2 ? ', ' : ' ');
}

describe('TF-IDF fitted on subsets of documents tokenised once', () => {
  it('gives each subset the values and dot products of a TfidfVectorizer fitted on it, to the last bit', () => {
    const rng = createRng(11);
    for (let round = 0; round < 40; round++) {
      const docs = Array.from({ length: 1 + Math.floor(rng() * 12) }, () => sentence(rng));
      const corpus = new TfidfSubsets(docs.map((d) => termsOf(textTokens(d))));
      for (let s = 0; s < 5; s++) {
        // a subset in any order, with repeats (a sentence twice in a summary is two documents)
        const members = Array.from({ length: 1 + Math.floor(rng() * (docs.length + 2)) }, () => Math.floor(rng() * docs.length));
        const texts = members.map((m) => docs[m] as string);
        const ref = new TfidfVectorizer();
        const want = ref.fitTransform(texts);
        const got = corpus.fit(members);
        const vocab = ref.vocabulary();
        for (let i = 0; i < texts.length; i++) {
          const w = want[i];
          const g = got[i];
          expect(Array.from(g?.values ?? [])).toEqual(Array.from(w?.values ?? []));
          expect(g?.indices.length).toBe(w?.indices.length);
          for (let j = 0; j < texts.length; j++) {
            expect(Object.is(dot(g!, got[j]!), dot(w!, want[j]!)), `${texts[i]} · ${texts[j]}`).toBe(true);
          }
        }
        // the order of a vector's entries is the fitted vocabulary's
        const terms = (v: { indices: Int32Array }) => Array.from(v.indices, (j) => j);
        for (let i = 0; i < texts.length; i++) {
          const names = terms(want[i]!).map((j) => vocab[j]);
          const ranks = terms(got[i]!);
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
          expect(names).toEqual([...new Set(termsOf(textTokens(texts[i] as string)))].sort((a, b) => (vocab.indexOf(a) - vocab.indexOf(b))));
        }
      }
    }
  });

  it('a fit of documents without terms gives empty vectors, and fits do not leak into each other', () => {
    const corpus = new TfidfSubsets([['budget'], [], ['budget', 'vote', 'budget']]);
    expect(corpus.fit([1]).map((v) => v.values.length)).toEqual([0]);
    const a = corpus.fit([0, 2]);
    const b = corpus.fit([0, 2]);
    expect(b).toEqual(a);
    // idf of 'vote' = ln(3/2) + 1, of 'budget' = 1 (in both documents)
    const v = Math.log(3 / 2) + 1;
    expect(Array.from(a[1]!.values)).toEqual([2 / Math.sqrt(4 + v * v), v / Math.sqrt(4 + v * v)]);
  });
});
