import { describe, expect, it } from 'vitest';
import { itemDetail } from '../../src/report/items/registry.js';
import { forgetPairViews, pairMarks, pairSpec } from '../../src/probes/item-view-common.js';
import { pairMarksKey, viewOfMarks, type PairMarks } from '../../src/probes/item-marks.js';
import type { ItemInput } from '../../src/probes/item-view.js';
import { Store } from '../../src/runtime/store.js';

const SOURCE = 'The budget rose sharply this year. Parks got new money for trees. Critics objected to the plan at once. The mayor said the plan would stand.';
const OUTPUT = 'Critics objected. Parks got money for trees. Nothing else.';
const framing = (fields: Record<string, unknown>): ItemInput => ({ probe: 'framing', labels: { model: 'm', dataset: 'd' }, recordId: 'r1', measurement: { fC: 'neutral', fS: 'negative', changed: true }, options: {}, fields });
const primacy = (fields: Record<string, unknown>, split?: string): ItemInput => ({ probe: 'primacy', labels: { model: 'm', dataset: 'd' }, recordId: 'r1', measurement: { sB: 0.4, sM: 0.2, sE: 0.1, primacy: true, recency: false }, options: split ? { split } : {}, fields });

/** An item's detail as the report made it before (everything computed at the end). */
const computed = (input: ItemInput) => {
  forgetPairViews();
  return itemDetail(input);
};

describe("item views' marks made ahead (stored while measuring)", () => {
  it.each([
    ['framing, source and output', framing({ source: SOURCE, output: OUTPUT })],
    ['primacy cut by sentences', primacy({ source: SOURCE, output: OUTPUT }, 'sentences')],
    ['primacy cut by characters', primacy({ source: SOURCE, output: OUTPUT }, 'characters')],
    ['a source without an output', framing({ source: SOURCE })],
    ['an output without a source', framing({ output: OUTPUT })],
    ['a source of one word', framing({ source: 'Word', output: 'Word.' })],
  ])('%s: the detail made from stored marks equals the one computed from the texts', (_, input) => {
    const spec = pairSpec(input, input.probe === 'primacy' ? { unit: (input.options.split as 'sentences') ?? 'words' } : {});
    const marks = JSON.parse(JSON.stringify(pairMarks(spec))) as PairMarks;
    const want = computed(input);
    forgetPairViews();
    const got = itemDetail({ ...input, marks });
    expect(got).toEqual(want);
    // the same JSON text: the page embeds it
    expect(JSON.stringify(got)).toBe(JSON.stringify(want));
  });

  it('an item whose mapping is not drawn keeps its reason', () => {
    const input = framing({ source: 'Sentence one here. '.repeat(5_000), output: 'Short one. '.repeat(1_000) });
    const marks = pairMarks(pairSpec(input));
    expect(marks.m).toBeUndefined();
    expect(marks.u).toMatch(/^not drawn: 5000 source sentences × 1000 output sentences/);
    forgetPairViews();
    expect(itemDetail({ ...input, marks })).toEqual(computed(input));
  });

  it('stores offsets as differences and the mapping as flat numbers', () => {
    const marks = pairMarks(pairSpec(framing({ source: 'Ab cd. Ef gh.', output: 'Ef gh.' })));
    // sentences [0,6] [7,13]: 0 from 0, 6 long; 1 after, 6 long
    expect(marks.s).toEqual([0, 6, 1, 6]);
    expect(marks.o).toEqual([0, 6]);
    // output sentence 0 → one target, source sentence 1, cosine 1
    expect(marks.m?.slice(0, 3)).toEqual([0, 1, 1]);
    expect(marks.m?.[3]).toBeCloseTo(1, 12);
  });

  it('marks that cannot be read are ignored: the detail is computed', () => {
    const input = framing({ source: SOURCE, output: OUTPUT });
    const want = computed(input);
    for (const bad of [{ s: 'x' }, { p: [0, 1], s: [0, 1] }, { p: [], s: [], o: [], m: [0, -3, 1] }, null] as unknown[]) {
      forgetPairViews();
      expect(itemDetail({ ...input, marks: bad as PairMarks })).toEqual(want);
    }
    expect(viewOfMarks(pairSpec(input), { p: [], s: [], o: [], m: [0, 2.5] })).toBeUndefined();
  });

  it('the key changes with every input of the marks, and only with them', () => {
    const base = { source: SOURCE, output: OUTPUT, unit: 'words' as const, topK: 1 };
    const key = pairMarksKey(base);
    expect(key).toMatch(/^#marks\|[A-Za-z0-9_-]{32}$/);
    expect(pairMarksKey({ ...base })).toBe(key);
    const others = [{ ...base, source: `${SOURCE} ` }, { ...base, output: undefined }, { ...base, source: undefined }, { ...base, unit: 'sentences' as const }, { ...base, topK: 2 }, { ...base, source: `${SOURCE}${OUTPUT}`, output: '' }];
    expect(new Set([key, ...others.map(pairMarksKey)]).size).toBe(others.length + 1);
  });
});

describe('stored marks beside the outputs', () => {
  it('are not listed as model outputs (an annotation study reads listRunOutputs)', () => {
    const s = Store.open(':memory:');
    try {
      const run = s.createRun({ configJson: '{}', configHash: 'h' });
      s.putOutput(run.id, 'm|d', 'r1', { text: 'a summary' });
      s.putOutput(run.id, pairMarksKey(pairSpec(framing({ source: SOURCE, summary: OUTPUT }))), 'r1', { p: [0, 1] });
      expect(s.listRunOutputs(run.id)).toEqual([{ cellKey: 'm|d', recordId: 'r1', output: { text: 'a summary' } }]);
    } finally {
      s.close();
    }
  });
});
