import { describe, expect, it } from 'vitest';
import { itemDetail } from '../../src/report/items/registry.js';
import { MAX_MAPPED_SENTENCE_PAIRS } from '../../src/probes/item-view-common.js';

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
