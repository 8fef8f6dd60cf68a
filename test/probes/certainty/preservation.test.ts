// The preservation checks (src/probes/certainty/preservation.ts) on inputs where a mutant of the
// word split or of the embedding cosine changes the value; the comments name the mutants each
// test kills. The edit distance itself is pinned against the textbook recurrence in probe.test.ts.
import { describe, it, expect } from 'vitest';
import { embeddingCosine, wedWords, wordEditDistance } from '../../../src/probes/certainty/preservation.js';
import type { Embedder } from '../../../src/judges/types.js';

describe('wedWords', () => {
  it('lowercases as Python str.lower does: ß stays ß, so "Straße" and "STRASSE" are different words', () => {
    // Python: 'Die Straße'.lower().split() == ['die', 'straße']; 'DIE STRASSE'.lower().split() == ['die', 'strasse']
    // kills: toLowerCase made toUpperCase ('STRASSE' both ways, distance 0)
    expect(wedWords('Die Straße')).toEqual(['die', 'straße']);
    expect(wordEditDistance('Die Straße', 'DIE STRASSE')).toBe(1);
  });

  it('punctuation and symbols separate words instead of joining them', () => {
    // Python: re.sub(r'[\W_]+', ' ', 'state-of-the-art, 5%+ gain'.lower()).split()
    //   == ['state', 'of', 'the', 'art', '5', 'gain']
    // kills: the replacement ' ' made '' ("stateoftheart", "5", "gain")
    expect(wedWords('State-of-the-art, 5%+ gain')).toEqual(['state', 'of', 'the', 'art', '5', 'gain']);
    expect(wordEditDistance('state-of-the-art', 'state of the art')).toBe(0);
  });
});

describe('embeddingCosine', () => {
  it('is the cosine of the two embeddings, asked with the run signal', async () => {
    // kills: `signal ? { signal } : {}` made {}
    const seen: (AbortSignal | undefined)[] = [];
    const embedder: Embedder = {
      id: 'e',
      mode: 'independent',
      version: '1',
      embed: async (texts, o) => {
        seen.push(o?.signal);
        return texts.map((t) => (t === 'a' ? [1, 2, 2] : [2, 1, 2]));
      },
    };
    const ac = new AbortController();
    // (1·2 + 2·1 + 2·2) / (3 · 3) = 8/9
    expect(await embeddingCosine(embedder, 'a', 'b', ac.signal)).toBeCloseTo(8 / 9, 12);
    expect(seen).toEqual([ac.signal]);
  });

  it('an embedder that returns fewer vectors than texts is an error naming it and the count', async () => {
    // kills: `!a || !b` made false or `!a && !b` (one vector), the message emptied
    const one: Embedder = { id: 'short-embedder', version: '1', mode: 'independent', embed: async () => [[1, 0]] };
    await expect(embeddingCosine(one, 'a', 'b')).rejects.toThrow(new Error('embedder short-embedder returned 1 vectors for 2 texts'));
    const none: Embedder = { id: 'empty', version: '1', mode: 'independent', embed: async () => [] };
    await expect(embeddingCosine(none, 'a', 'b')).rejects.toThrow(new Error('embedder empty returned 0 vectors for 2 texts'));
  });
});
