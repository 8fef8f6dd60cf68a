import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/judges/types.js';
import { measurePosition, positionOptionsSchema, positionRecordSchema, type PositionRecord } from '../../../src/probes/position/index.js';
import { tfidfSimilarities } from '../../../src/probes/position/similarity.js';
import { topIndices } from '../../../src/probes/position/mapping.js';

const article = [
  'The city council approved a new budget on Monday.',
  'The budget raises spending on schools and parks.',
  'Critics said the plan ignores rising housing costs.',
  'The mayor defended the plan at a press conference.',
  'Teachers welcomed the extra money for classrooms.',
  'Park officials plan to repair old playgrounds.',
  'Housing advocates will protest outside city hall.',
  'The protest is planned for next Friday evening.',
  'Council members expect a second vote in June.',
  'Residents can comment on the budget online.',
];
const gold = ['Council approves budget raising school and park spending.', 'Housing advocates plan a protest on Friday.'];
const model = ['The council approved a budget on Monday.', 'The mayor defended the plan.', 'Zebras quietly graze.'];
const record: PositionRecord = { id: 'a1', source: article, references: [gold], outputs: { m: model } };
const opts = (o: Record<string, unknown> = {}) => positionOptionsSchema.parse({ K: 4, ...o });

describe('TF-IDF mapping against the released code (scikit-learn)', () => {
  it('similarity row equals sklearn TfidfVectorizer fitted on summary + article sentences', () => {
    // Released get_overlap_scores(model, article) with sklearn 1.9: row 0
    const expected = [0.805746553723, 0.259180493284, 0.045201718168, 0.095264457005, 0.04697028523, 0, 0, 0.044284060301, 0.126853798249, 0.283205025675];
    const [m] = tfidfSimilarities(article, [model], 'per-summary');
    expect(Array.from(m![0]!)).toEqual(expected.map((v) => expect.closeTo(v, 10)));
    // gold row 0 (argmax 1, max 0.325635935368)
    const [g] = tfidfSimilarities(article, [gold], 'per-summary');
    expect(g![0]![1]).toBeCloseTo(0.325635935368, 10);
    expect(g![0]![0]).toBeCloseTo(0.177091608316, 10);
  });

  it('maps, drops zero-similarity sentences and counts segments (K = 4: [0-2] [3-5] [6-7] [8-9])', async () => {
    // sklearn argmax: gold -> [1, 6]; model -> [0, 3] and "Zebras quietly graze." has similarity 0
    const m = await measurePosition(record, opts());
    expect(m.articleSentences).toBe(10);
    expect(m.references[0]!.counts).toEqual([1, 0, 1, 0]);
    expect(m.outputs.m!.counts).toEqual([1, 1, 0, 0]);
    expect(m.outputs.m!.dropped).toBe(1);
    expect(m.outputs.m!.mapped).toBe(2);
    expect(m.outputs.m!.sentences).toBe(3);
  });

  it('per-article fitting shares one vocabulary (values differ, mapping here does not)', async () => {
    const [perArticle] = tfidfSimilarities(article, [model, gold], 'per-article');
    expect(perArticle![0]![0]).not.toBeCloseTo(0.805746553723, 6);
    const m = await measurePosition(record, opts({ tfidfFit: 'per-article' }));
    expect(m.outputs.m!.counts).toEqual([1, 1, 0, 0]);
  });
});

describe('top-k and unique targets', () => {
  it('topIndices: largest positive first, earlier index on ties', () => {
    expect(topIndices(Float64Array.from([0.2, 0.5, 0.5, 0, 0.1]), 2)).toEqual([1, 2]);
    expect(topIndices(Float64Array.from([0.2, 0.5, 0.5, 0, 0.1]), 4)).toEqual([1, 2, 0, 4]);
    expect(topIndices(Float64Array.from([0, 0, -0.3]), 1)).toEqual([]);
  });

  it('top-2 adds the second-best article sentence (Appendix I)', async () => {
    // model row 0: best 0 (0.806), second 9 (0.283) -> segments 0 and 3
    // model row 1 ("The mayor defended the plan."): best 3; second-best computed by the same code
    const m = await measurePosition({ ...record, outputs: { m: [model[0]!] } }, opts({ topK: 2 }));
    expect(m.outputs.m!.counts).toEqual([1, 0, 0, 1]);
  });

  it('uniqueTargets counts an article sentence once per summary, as np.unique in the released code', async () => {
    const twice = { ...record, outputs: { m: [model[0]!, 'The city council approved the new budget.'] } };
    expect((await measurePosition(twice, opts())).outputs.m!.counts).toEqual([2, 0, 0, 0]);
    expect((await measurePosition(twice, opts({ uniqueTargets: true }))).outputs.m!.counts).toEqual([1, 0, 0, 0]);
  });
});

describe('other mappers', () => {
  it('ROUGE-1 mapper (Appendix D) maps to the sentence with the highest ROUGE-1 F', async () => {
    const m = await measurePosition(
      { ...record, outputs: { m: ['Residents comment on the budget online.', 'Zebras quietly graze.'] } },
      opts({ mapper: 'rouge1' }),
    );
    expect(m.outputs.m!.counts).toEqual([0, 0, 0, 1]);
    expect(m.outputs.m!.dropped).toBe(1);
  });

  it('embedding mapper uses the Embedder (query for summaries, passage for article sentences)', async () => {
    const kinds: (string | undefined)[] = [];
    const keywords = ['budget', 'protest', 'mayor', 'vote'];
    const embedder: Embedder = {
      id: 'kw',
      version: '1',
      mode: 'independent',
      async embed(texts, o) {
        kinds.push(o?.kind);
        return texts.map((t) => keywords.map((k) => (t.toLowerCase().includes(k) ? 1 : 0)));
      },
    };
    const m = await measurePosition({ ...record, outputs: { m: ['A vote comes later.'] } }, opts({ mapper: 'embedding' }), { embedder });
    // "vote" only in sentence 8 -> segment 3
    expect(m.outputs.m!.counts).toEqual([0, 0, 0, 1]);
    expect(kinds).toEqual(['passage', 'query']);
    await expect(measurePosition(record, opts({ mapper: 'embedding' }))).rejects.toThrow(/embedder/);
  });
});

describe('short articles and ROUGE in the measurement', () => {
  it('N < K: released puts sentences in the first bins, slant spreads them, exclude leaves the article out', async () => {
    const short: PositionRecord = { id: 's', source: article.slice(0, 3), references: [[article[2]!]], outputs: { m: [article[2]!] } };
    const released = await measurePosition(short, opts({ K: 10, shortArticleMode: 'released' }));
    expect(released.outputs.m!.counts.indexOf(1)).toBe(2);
    const slant = await measurePosition(short, opts({ K: 10 }));
    expect(slant.outputs.m!.counts.indexOf(1)).toBe(8); // ⌊2.5·10/3⌋ = 8
    expect(slant.short).toBe(true);
    const excluded = await measurePosition(short, opts({ K: 10, shortArticleMode: 'exclude' }));
    expect(excluded.excluded).toBe(true);
    expect(excluded.outputs.m!.counts).toEqual(new Array(10).fill(0));
    // ROUGE is still measured for excluded articles
    expect(excluded.outputs.m!.rouge.rouge1.fmeasure).toBe(1);
  });

  it('ROUGE against several references takes the best one by default, the mean on request', async () => {
    const r: PositionRecord = { id: 'r', source: article, references: ['the cat sat', 'a dog ran'], outputs: { m: 'the cat sat' } };
    expect((await measurePosition(r, opts())).outputs.m!.rouge.rouge1.fmeasure).toBe(1);
    expect((await measurePosition(r, opts({ rougeMultiReference: 'mean' }))).outputs.m!.rouge.rouge1.fmeasure).toBeCloseTo(0.5, 12);
  });
});

describe('record schema', () => {
  it('accepts one reference or several, text or sentences, output or outputs', () => {
    const a = positionRecordSchema.parse({ id: '1', source: 'A. B.', reference: 'A.', output: 'B.' });
    expect(a).toEqual({ id: '1', source: 'A. B.', references: ['A.'], outputs: { output: 'B.' } });
    const b = positionRecordSchema.parse({ id: '2', source: ['A.', 'B.'], references: [['A.'], 'B.'], outputs: { x: ['B.'] }, model: 'ignored' });
    expect(b.references).toEqual([['A.'], 'B.']);
    expect(b.outputs).toEqual({ x: ['B.'] });
  });
  it('rejects missing or doubled fields with a message naming them', () => {
    const r1 = positionRecordSchema.safeParse({ id: '1', source: 'A.', output: 'B.' });
    expect(r1.success).toBe(false);
    expect(JSON.stringify(r1.error?.issues)).toContain('reference');
    expect(positionRecordSchema.safeParse({ id: '1', source: 'A.', reference: 'A.', references: ['A.'], output: 'B.' }).success).toBe(false);
    expect(positionRecordSchema.safeParse({ id: '1', source: 'A.', reference: 'A.' }).success).toBe(false);
    expect(positionRecordSchema.safeParse({ id: '1', source: '  ', reference: 'A.', output: 'B.' }).success).toBe(false);
  });
});

describe('work caps', () => {
  it('an article whose sentence pairs are over maxSentencePairs is left out with the reason, not mapped', async () => {
    // 20 × 3 + 20 × 2 = 100 sentence pairs: the cap of 99 is passed, 100 is not
    const long = Array.from({ length: 20 }, (_, i) => `Sentence number ${i} talks about the budget.`);
    const r: PositionRecord = { id: 'big', source: long, references: [gold], outputs: { m: model } };
    const over = await measurePosition(r, opts({ maxSentencePairs: 99 }));
    expect(over.excluded).toBe(true);
    expect(over.overCap).toBe('20 article sentences × 5 summary sentences is over the cap of 99 sentence pairs (position option maxSentencePairs)');
    expect(over.outputs.m!.counts).toEqual([0, 0, 0, 0]);
    // ROUGE is within its cap: still computed
    expect(over.outputs.m!.rouge.rouge1.fmeasure).toBeGreaterThan(0);
    const within = await measurePosition(r, opts({ maxSentencePairs: 100 }));
    expect(within.excluded).toBe(false);
    expect(within.overCap).toBeUndefined();
  });

  it('ROUGE-L over maxRougeWordPairs is not computed and not averaged', async () => {
    const m = await measurePosition(record, opts({ maxRougeWordPairs: 10 }));
    expect(m.rougeOverCap).toBe(true);
    expect(m.excluded).toBe(true);
    expect(m.overCap).toMatch(/gold × output word pairs is over the cap of 10 for ROUGE-L \(position option maxRougeWordPairs\)/);
  });

  it('a record of 100,000 sentences is left out at once under the default cap', async () => {
    const source = 'The budget rose. '.repeat(100_000);
    const summary = Array.from({ length: 50 }, (_, i) => `Point ${i} on the budget.`).join(' ');
    const m = await measurePosition({ id: 'huge', source, references: [summary], outputs: { m: summary } }, opts());
    expect(m.articleSentences).toBe(100_000);
    expect(m.overCap).toMatch(/100000 article sentences × 100 summary sentences is over the cap of 4000000 sentence pairs/);
  });
});
