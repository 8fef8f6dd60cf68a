import { describe, expect, it } from 'vitest';
import { itemDetail } from '../../src/report/items/registry.js';
import { forgetPairViews, MAX_MAPPED_SENTENCE_PAIRS } from '../../src/probes/item-view-common.js';
import { tfidfSimilarities } from '../../src/probes/position/similarity.js';
import { topIndices } from '../../src/probes/position/mapping.js';
import { textReads } from '../../src/text/text-reads.js';

describe('item view sentence mapping', () => {
  const input = (source: string, output: string) => ({ probe: 'framing', labels: {}, recordId: 'r', measurement: { source: 'neutral', summary: 'neutral' }, options: {}, fields: { source, output } });

  it('maps the sentences of an ordinary item', () => {
    const d = itemDetail(input('The budget rose. Parks got money. Critics objected.', 'Parks got money.'));
    expect(d.mapping).toEqual([{ sentence: 0, targets: [1], score: expect.closeTo(1, 9) }]);
  });

  it('an item with more sentence pairs than the cap is shown without the mapping, and says why', () => {
    // 5,000 × 1,000 = 5 million pairs: the quadratic mapping would allocate 40 MB of scores and
    // compare every pair; the view skips it instead
    const d = itemDetail(input('Sentence one here. '.repeat(5_000), 'Short one. '.repeat(1_000)));
    expect(MAX_MAPPED_SENTENCE_PAIRS).toBe(4_000_000);
    expect(d.mapping).toBeUndefined();
    expect(d.sections[0]).toEqual({ title: 'sentence mapping', text: 'not drawn: 5000 source sentences × 1000 output sentences is over the 4000000 pairs an item view maps' });
    expect(d.texts.map((t) => t.sentences?.length)).toEqual([5_000, 1_000]);
  });
});

describe("the mapping reads each text's one tokenisation", () => {
  // sentences cut inside whitespace-free runs, non-breaking spaces, tabs, accents, digits, a final sigma
  const source = 'Café prices rose 5%.Then\u00a0they fell\tsharply! «Why?» asked Zoë, twice. ΟΔΟΣ ends here. The budget rose, and the budget fell. Parks got money;parks got trees.';
  const outputs = ['Prices rose.Then they fell sharply!', 'Zoë asked why. Parks got trees and money.', 'Nothing in common at all.'];
  const input = (output: string) => ({ probe: 'primacy', labels: {}, recordId: 'r', measurement: { sB: 0.1, sM: 0.2, sE: 0.3, primacy: false, recency: true }, options: {}, fields: { source, output } });
  /** the mapping as each sentence tokenised on its own gives it */
  const reference = (detail: ReturnType<typeof itemDetail>) => {
    const [src, out] = detail.texts.map((t) => (t.sentences ?? []).map(([a, b]) => t.text.slice(a, b)));
    const [sims] = tfidfSimilarities(src!, [out!], 'per-summary');
    return sims!.map((row, i) => {
      const targets = topIndices(row, 1);
      return { sentence: i, targets, score: targets.length ? row[targets[0]!]! : 0 };
    });
  };

  it('gives the mapping of the sentences tokenised one by one, scanning the source once for all its outputs', () => {
    forgetPairViews();
    const before = textReads.pieces;
    const details = outputs.map((o) => itemDetail(input(o)));
    // the source once (its thirds and its sentences), each output once
    expect(textReads.pieces - before).toBe(1 + outputs.length);
    for (const d of details) expect(d.mapping).toEqual(reference(d));
    expect(details[0]!.mapping!.some((m) => m.targets.length > 0)).toBe(true);
    expect(details[2]!.mapping!.every((m) => m.targets.length === 0)).toBe(true);
    forgetPairViews();
  });
});

describe('item views of one record share its texts and mapping', () => {
  const fields = { source: 'The budget rose. Parks got money. Critics objected to the plan.', output: 'Critics objected. Parks got money.' };
  const item = (probe: string) => ({ probe, labels: {}, recordId: 'r', measurement: probe === 'framing' ? { source: 'neutral', summary: 'neutral' } : { sB: 0.1, sM: 0.2, sE: 0.3, primacy: false, recency: true }, options: {}, fields });

  it('framing and primacy of the same record: the thirds, sentences and mapping are made once and are what each would make alone', () => {
    forgetPairViews();
    const framing = itemDetail(item('framing'));
    const primacy = itemDetail(item('primacy'));
    // the same objects: computed for the first item, found for the second
    expect(primacy.texts[0]).toBe(framing.texts[0]);
    expect(primacy.mapping).toBe(framing.mapping);
    forgetPairViews();
    const alone = itemDetail(item('primacy'));
    expect(alone.texts[0]).not.toBe(framing.texts[0]);
    expect(alone.texts).toEqual(primacy.texts);
    expect(alone.mapping).toEqual(primacy.mapping);
    expect(alone.mapping).toEqual([
      { sentence: 0, targets: [2], score: expect.closeTo(alone.mapping![0]!.score, 12) },
      { sentence: 1, targets: [1], score: expect.closeTo(1, 9) },
    ]);
    // each detail has its own sections (a probe adds its own)
    expect(primacy.sections).not.toBe(framing.sections);
  });

  it('a different output of the same source is a different view', () => {
    forgetPairViews();
    const a = itemDetail(item('framing'));
    const b = itemDetail({ ...item('framing'), fields: { ...fields, output: 'The budget rose.' } });
    expect(b.texts[0]).toBe(a.texts[0]);
    expect(b.texts[1]!.text).toBe('The budget rose.');
    expect(b.mapping).toEqual([{ sentence: 0, targets: [0], score: expect.closeTo(1, 9) }]);
  });
});

describe('item view of a reasoning model\'s answer', () => {
  it('shows the reasoning beside the output (not as the output) and marks a cut answer', () => {
    const d = itemDetail({
      probe: 'framing',
      labels: {},
      recordId: 'r',
      measurement: { source: 'neutral', summary: 'neutral' },
      options: {},
      fields: { source: 'The budget rose. Parks got money.' },
      output: { text: 'Parks got money.', reasoning: 'The article says the budget rose.', finishReason: 'length' },
    });
    expect(d.texts.find((t) => t.title === 'output')?.text).toBe('Parks got money.');
    expect(d.sections).toEqual([
      { title: 'answer cut at the token limit', text: expect.stringMatching(/generation\.maxTokens/) },
      { title: "model's reasoning (not measured)", text: 'The article says the budget rose.' },
    ]);
  });
});
