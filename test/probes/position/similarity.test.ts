import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/judges/types.js';
import { embeddingSimilarities, rouge1Similarities, tfidfSimilarities } from '../../../src/probes/position/similarity.js';

// Written because mutants of the similarity matrices survived: the offsets that cut one fitted
// corpus back into per-summary rows, the embedder's calls per fitting mode, and its count check.
const article = ['The council approved the budget.', 'Critics protested the plan.', 'The vote comes in June.'];
const summaries = [['Council approves budget.'], ['Critics protest.', 'A June vote on the budget.']];
const rows = (ms: Float64Array[][]) => ms.map((m) => m.map((r) => Array.from(r)));
const close = (xs: number[][][]) => xs.map((m) => m.map((r) => r.map((v) => expect.closeTo(v, 12))));

describe('TF-IDF similarities with several summaries (scikit-learn 1.9 TfidfVectorizer)', () => {
  it('per-article: one fit over the article and every summary sentence, rows cut back per summary', () => {
    // X = TfidfVectorizer().fit_transform(article + all summary sentences).toarray(); X[3:] @ X[:3].T
    expect(rows(tfidfSimilarities(article, summaries, 'per-article'))).toEqual(
      close([[[0.416156551016633, 0, 0]], [[0, 0.2989864881600927, 0], [0.3518983487298827, 0.11355954500594928, 0.49518931344477657]]]),
    );
  });
  it('per-summary: one fit per summary over its sentences and the article', () => {
    // Y = TfidfVectorizer().fit_transform(summary + article).toarray(); Y[:len(summary)] @ Y[len(summary):].T
    expect(rows(tfidfSimilarities(article, summaries, 'per-summary'))).toEqual(
      close([[[0.42178318968204315, 0, 0]], [[0, 0.29404069195145627, 0], [0.35907874524861383, 0.10187509189428474, 0.4706707027419468]]]),
    );
  });
  it('a summary sentence with no term in the vocabulary gets a zero row', () => {
    expect(rows(tfidfSimilarities(article, [['!!!']], 'per-summary'))).toEqual([[[0, 0, 0]]]);
  });
});

describe('ROUGE-1 similarities', () => {
  it('F of each summary sentence against each article sentence', () => {
    // "a b" vs "a c": P = R = 1/2, F = 1/2; vs "b": P = 1/2, R = 1, F = 2/3; vs "d": 0;
    // "c c" vs "a c": one c matched (clipped counts), P = R = 1/2
    expect(rows(rouge1Similarities([['a', 'c'], ['b'], ['d']], [[['a', 'b']], [['d'], ['c', 'c']]]))).toEqual(close([[[0.5, 2 / 3, 0]], [[0, 0, 1], [0.5, 0, 0]]]));
  });
});

describe('embedding similarities', () => {
  // indicator vectors over three keywords: cosines by hand
  const keywords = ['budget', 'protest', 'vote'];
  const vec = (t: string) => keywords.map((k) => (t.toLowerCase().includes(k) ? 1 : 0));
  const art = ['budget vote', 'protest', 'budget'];
  const sums = [['budget'], ['vote protest', 'budget vote']];
  // summary 1: [1,0,0] vs [1,0,1], [0,1,0], [1,0,0] -> 1/√2, 0, 1
  // summary 2: [0,1,1] -> 1/2, 1/√2, 0; [1,0,1] -> 1, 0, 1/√2
  const expected = close([[[Math.SQRT1_2, 0, 1]], [[0.5, Math.SQRT1_2, 0], [1, 0, Math.SQRT1_2]]]);
  const embedder = (mode: Embedder['mode'], calls: { texts: string[]; kind: string | undefined }[], drop = 0): Embedder => ({
    id: 'kw',
    version: '1',
    mode,
    async embed(texts, o) {
      calls.push({ texts: [...texts], kind: o?.kind });
      return texts.slice(drop).map(vec);
    },
  });

  it('independent (e5-style): the article as passages, every summary sentence as queries, one call each', async () => {
    const calls: { texts: string[]; kind: string | undefined }[] = [];
    expect(rows(await embeddingSimilarities(embedder('independent', calls), art, sums, 'per-summary'))).toEqual(expected);
    expect(calls).toEqual([
      { texts: art, kind: 'passage' },
      { texts: ['budget', 'vote protest', 'budget vote'], kind: 'query' },
    ]);
  });

  it('fit-per-call, per-article: one call over the article and every summary', async () => {
    const calls: { texts: string[]; kind: string | undefined }[] = [];
    expect(rows(await embeddingSimilarities(embedder('fit-per-call', calls), art, sums, 'per-article'))).toEqual(expected);
    expect(calls).toEqual([{ texts: [...art, 'budget', 'vote protest', 'budget vote'], kind: undefined }]);
  });

  it('fit-per-call, per-summary: one call per summary, its sentences first', async () => {
    const calls: { texts: string[]; kind: string | undefined }[] = [];
    expect(rows(await embeddingSimilarities(embedder('fit-per-call', calls), art, sums, 'per-summary'))).toEqual(expected);
    expect(calls).toEqual([
      { texts: ['budget', ...art], kind: undefined },
      { texts: ['vote protest', 'budget vote', ...art], kind: undefined },
    ]);
  });

  it('an embedder that returns fewer vectors than texts is an error naming it', async () => {
    await expect(embeddingSimilarities(embedder('fit-per-call', [], 1), art, sums, 'per-summary')).rejects.toThrow('embedder kw returned 3 vectors for 4 texts');
    await expect(embeddingSimilarities(embedder('independent', [], 1), art, sums, 'per-summary')).rejects.toThrow('embedder kw returned 2 vectors for 3 texts');
  });

  it('passes the abort signal on, and sets only the options it has (no kind for a corpus-fitted embedder)', async () => {
    const seen: { keys: string[]; signal: AbortSignal | undefined }[] = [];
    const signal = new AbortController().signal;
    const e = (mode: Embedder['mode']): Embedder => ({ id: 's', version: '1', mode, embed: async (texts, o) => (seen.push({ keys: Object.keys(o ?? {}).sort(), signal: o?.signal }), texts.map(vec)) });
    await embeddingSimilarities(e('fit-per-call'), art, sums, 'per-article', signal);
    await embeddingSimilarities(e('fit-per-call'), art, [['budget']], 'per-summary');
    await embeddingSimilarities(e('independent'), art, [['budget']], 'per-summary');
    expect(seen).toEqual([
      { keys: ['signal'], signal },
      { keys: [], signal: undefined },
      { keys: ['kind'], signal: undefined },
      { keys: ['kind'], signal: undefined },
    ]);
  });
});
