import { describe, it, expect } from 'vitest';
import { TfidfEmbedder, tfidfCosines } from '../../../src/judges/embedders/tfidf-embedder.js';
import { cosineDense } from '../../../src/text/vector.js';

const CORPUS = [
  'This is the first document.',
  'This document is the second document.',
  'And this is the third one.',
  'Is this the first document?',
];

describe('TfidfEmbedder', () => {
  it('identifies itself as a fit-per-call embedder', () => {
    const e = new TfidfEmbedder();
    expect([e.id, e.version, e.mode]).toEqual(['tfidf', '1', 'fit-per-call']);
  });

  it('returns sklearn-default dense rows over the vocabulary of the call', async () => {
    // sklearn docstring example: 9 features, first row (0, .46979139, .58028582, .38408524, 0, 0, .38408524, 0, .38408524)
    const vecs = await new TfidfEmbedder().embed(CORPUS);
    expect(vecs).toHaveLength(4);
    expect(vecs[0]).toBeInstanceOf(Float64Array);
    expect(vecs[0]!.length).toBe(9);
    const row0 = [0, 0.46979139, 0.58028582, 0.38408524, 0, 0, 0.38408524, 0, 0.38408524];
    row0.forEach((x, i) => expect(vecs[0]![i]).toBeCloseTo(x, 8));
  });

  it('fits on exactly the texts of each call', async () => {
    const e = new TfidfEmbedder();
    const a = await e.embed(['cat dog', 'dog']);
    const b = await e.embed(['cat dog', 'dog fish bird']);
    expect(a[0]!.length).toBe(2);
    expect(b[0]!.length).toBe(4);
  });

  it('handles empty calls and texts without terms', async () => {
    const e = new TfidfEmbedder();
    expect(await e.embed([])).toEqual([]);
    const v = await e.embed(['', 'a']);
    expect(v.map((x) => x.length)).toEqual([0, 0]);
    expect(cosineDense(v[0]!, v[1]!)).toBe(0);
  });

  it('honours an aborted signal', async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(new TfidfEmbedder().embed(['x y'], { signal: ac.signal })).rejects.toThrow();
  });
});

describe('tfidfCosines', () => {
  it('matches the hand-computed worked example', () => {
    // fit on ["the cat sat", "the cat cat ran", "dogs ran"] (see test/text/tfidf.test.ts):
    // cos(d1, d2) = 0.6342416223951545; d1 and d3 share no term -> 0
    const c = tfidfCosines('the cat sat', ['the cat cat ran', 'dogs ran']);
    expect(c[0]).toBeCloseTo(0.6342416223951545, 12);
    expect(c[1]).toBe(0);
  });

  it('equals TfidfEmbedder + cosineDense (primacy probe usage)', async () => {
    const summary = 'The battery is great but the screen cracked.';
    const thirds = ['I love the battery life, it lasts days.', 'Setup was fine and quick.', 'Then the screen cracked after a week.'];
    const vecs = await new TfidfEmbedder().embed([summary, ...thirds]);
    const expected = vecs.slice(1).map((v) => cosineDense(vecs[0]!, v));
    const got = tfidfCosines(summary, thirds);
    got.forEach((x, i) => expect(x).toBeCloseTo(expected[i]!, 14));
    expect(got[1]).toBeLessThan(got[0]!);
  });

  it('is 0, not NaN, for an empty summary', () => {
    expect(tfidfCosines('', ['some words here', ''])).toEqual([0, 0]);
  });
});
