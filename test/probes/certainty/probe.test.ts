import { describe, it, expect } from 'vitest';
import { certaintyProbe, createCertaintyProbe, brokenTelephone, wordEditDistance, levenshtein } from '../../../src/probes/certainty/index.js';
import { certaintyOptionsSchema } from '../../../src/probes/certainty/schema.js';
import { OfflineCertaintyComparator } from '../../../src/judges/certainty/offline-comparator.js';
import { TfidfEmbedder } from '../../../src/judges/embedders/tfidf-embedder.js';
import { fakeModel, pairOf, tag } from '../../judges/certainty/fake-model.js';

const options = certaintyOptionsSchema.parse({});

describe('certainty probe', () => {
  it('measures with the LLM judge in both orders and aggregates', async () => {
    const judge = fakeModel('judge', (req) => {
      const { a, b } = pairOf(req);
      const hedged = (t: string) => /\bmay\b/.test(t);
      if (hedged(a) === hedged(b)) return tag('same', 'No clear difference');
      return tag('r', hedged(a) ? 'Clearly B' : 'Clearly A');
    });
    const recs = [
      { id: '1', original: 'X may reduce Y.', rewrite: 'X reduces Y.', sourceCertainty: 0.1 },
      { id: '2', original: 'X reduces Y.', rewrite: 'X may reduce Y.', sourceCertainty: 0.9 },
      { id: '3', original: 'X reduces Y.', rewrite: 'Y is reduced by X.', sourceCertainty: 0.5 },
      { id: '4', original: 'X may lower Y.', rewrite: 'X could lower Y, and may help.', sourceCertainty: 0.4 },
    ];
    const ms = [];
    for (const r of recs) ms.push(await certaintyProbe.measure(certaintyProbe.recordSchema.parse(r), { judges: { llm: judge, embedder: new TfidfEmbedder() }, options }));
    expect(ms.map((m) => m.label)).toEqual([2, -2, 0, 0]);
    expect(ms[0]!.comparator).toBe('llm');
    expect(ms[0]!.calls).toHaveLength(2);
    expect(ms[0]!.wed).toBe(2); // x may reduce y → x reduces y: 1 deletion + 1 substitution
    expect(ms[0]!.cosine).toBe(0); // TF-IDF tokens of 2+ chars: {may, reduce} vs {reduces} share nothing
    expect(ms[3]!.cosine).toBeGreaterThan(0);
    const agg = certaintyProbe.aggregate(
      ms.map((m, i) => ({ recordId: String(i), measurement: m })),
      options,
    );
    const cd = agg.metrics.find((m) => m.name === 'cd')!;
    expect(cd).toMatchObject({ value: 0.5, n: 4 });
    expect(agg.metrics.find((m) => m.name === 'cd_up@low')).toMatchObject({ value: 1, n: 1 });
    expect(agg.metrics.find((m) => m.name === 'cd_down@high')).toMatchObject({ value: 1, n: 1 });
    expect(certaintyProbe.itemValues!(ms[0]!, options)).toEqual({ cd: 1, cd_up: 1, cd_down: 0 });
  });

  it('falls back to the offline comparator without a judge model', async () => {
    const m = await certaintyProbe.measure({ id: 'x', original: 'These results suggest that X may reduce Y.', rewrite: 'X clearly reduces Y.' }, { judges: {}, options });
    expect(m.comparator).toBe('offline');
    expect(typeof m.label === 'number' && m.label > 0).toBe(true);
  });

  it('lets the offline tie and clear bands be set (a wide tie band calls everything a tie)', async () => {
    const rec = { id: 'x', original: 'These results suggest that X may reduce Y.', rewrite: 'X clearly reduces Y.' };
    const wide = await certaintyProbe.measure(rec, { judges: {}, options: certaintyOptionsSchema.parse({ offlineTieBand: 100 }) });
    expect(wide.label).toBe(0);
    const clear = await certaintyProbe.measure(rec, { judges: {}, options: certaintyOptionsSchema.parse({ offlineTieBand: 0, offlineClearBand: 0 }) });
    expect(clear.label).toBe(2);
    await expect(certaintyProbe.measure(rec, { judges: {}, options: certaintyOptionsSchema.parse({ offlineTieBand: 2, offlineClearBand: 1 }) })).rejects.toThrow(/at least the tie band/);
  });

  it('demands a judge model when comparator is llm', async () => {
    await expect(certaintyProbe.measure({ id: 'x', original: 'a', rewrite: 'b' }, { judges: {}, options: { ...options, comparator: 'llm' } })).rejects.toThrow(/judge model/);
  });

  it('uses the moderator given to createCertaintyProbe', async () => {
    const judge = fakeModel('judge', () => tag('r', 'Clearly A'));
    const mod = fakeModel('mod', () => tag('m', 'No clear difference'));
    const p = createCertaintyProbe({ moderator: mod });
    const m = await p.measure({ id: 'x', original: 'a b', rewrite: 'a c' }, { judges: { llm: judge }, options });
    expect(m.judgeLabel).toBe('inconsistent');
    expect(m.label).toBe(0);
    expect(m.moderator?.label).toBe(0);
  });
});

describe('preservation', () => {
  it('word edit distance on lowercased words without punctuation', () => {
    expect(wordEditDistance('The lungs, are CLEAR.', 'the lungs are clear')).toBe(0);
    expect(wordEditDistance('It thus does not fit our definition.', 'It thus may not fully fit our definition.')).toBe(2);
    expect(levenshtein([...'kitten'], [...'sitting'])).toBe(3);
  });

  it('the distance equals the textbook recurrence on seeded word lists', () => {
    // the full (|a|+1)×(|b|+1) table, the definition the fast two-row version must match
    const reference = (a: string[], b: string[]): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
      return d[a.length]![b.length]!;
    };
    let seed = 7;
    const rand = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let t = 0; t < 200; t++) {
      const a = Array.from({ length: rand(30) }, () => `w${rand(5)}`);
      const b = Array.from({ length: rand(30) }, () => `w${rand(5)}`);
      expect(levenshtein(a, b), `${a.join(' ')} | ${b.join(' ')}`).toBe(reference(a, b));
    }
  });

  it('texts with more word pairs than maxWedPairs get no WED and say why, instead of a quadratic wait', async () => {
    const original = 'the trial may suggest a modest effect '.repeat(3_000); // 21,000 words
    const rewrite = 'the trial shows a large effect '.repeat(3_000); // 18,000 words
    const m = await certaintyProbe.measure({ id: 'x', original, rewrite }, { judges: {}, options });
    expect(m.wed).toBeUndefined();
    expect(m.wedSkipped).toMatch(/21000 × 18000 words is over the cap of 64000000 word pairs \(certainty option maxWedPairs\)/);
    const small = await certaintyProbe.measure({ id: 'y', original: 'a b c', rewrite: 'a c' }, { judges: {}, options: certaintyOptionsSchema.parse({ maxWedPairs: 6 }) });
    expect(small.wed).toBe(1);
    const over = await certaintyProbe.measure({ id: 'y', original: 'a b c', rewrite: 'a c' }, { judges: {}, options: certaintyOptionsSchema.parse({ maxWedPairs: 5 }) });
    expect(over.wedSkipped).toMatch(/3 × 2 words/);
    // an aggregate says how many items have no WED, even when none has one
    const agg = certaintyProbe.aggregate([{ recordId: 'y', measurement: over }], options);
    const wedMetric = agg.metrics.find((x) => x.name === 'mean_wed');
    expect(wedMetric?.n).toBe(0);
    expect(wedMetric?.label).toContain('1 item(s) over the word-pair cap not counted');
  });
});

describe('brokenTelephone', () => {
  it('rewrites from the previous output and judges every turn against the original', async () => {
    // Each turn strips one hedge word.
    const writer = fakeModel('writer', (req) => {
      const text = req.messages.at(-1)!.content;
      return text.replace(/\b(may|possibly) /, '');
    });
    const seen: string[] = [];
    const judge = {
      id: 'j',
      version: '1',
      compare: async (original: string, modified: string) => {
        seen.push(`${original} | ${modified}`);
        const o = new OfflineCertaintyComparator();
        return o.compare(original, modified);
      },
    };
    const r = await brokenTelephone(writer, judge, [{ id: 'a', original: 'X possibly may reduce Y.' }], 3);
    expect(r.trajectories[0]!.outputs).toEqual(['X may reduce Y.', 'X reduce Y.', 'X reduce Y.']);
    expect(seen.every((s) => s.startsWith('X possibly may reduce Y. |'))).toBe(true);
    expect(writer.requests[1]!.messages.at(-1)!.content).toBe('X may reduce Y.');
    expect(writer.requests[0]!.params).toMatchObject({ temperature: 1, topP: 0.9 });
    expect(r.perTurn).toHaveLength(3);
    expect(r.perTurn[0]!.metrics.find((m) => m.name === 'cd')!.n).toBe(1);
  });
});
