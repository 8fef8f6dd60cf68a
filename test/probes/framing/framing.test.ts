import { describe, expect, it } from 'vitest';
import { aggregateFraming, framingExcluded, framingProbe, isReadFraming, type FramingMeasurement } from '../../../src/probes/framing/index.js';
import { correctedFramingMetrics } from '../../../src/probes/framing/corrected.js';
import { transitionCounts } from '../../../src/probes/framing/transitions.js';
import type { Framing, UnreadableAnswer } from '../../../src/core/types.js';
import { workedFramingCard } from '../../helpers/judge-card.js';
import type { FramingJudge } from '../../../src/judges/types.js';

const m = (fC: Framing, fS: Framing): FramingMeasurement => ({ fC, fS, changed: fC !== fS });

describe('framing probe (seed 000, eq. 1)', () => {
  // 10 items: 3 changed (neu→pos, pos→neu, neg→pos), 7 unchanged.
  // φ_frame = (1/n) Σ 𝕀(f_c ≠ f_s) = 3/10 = 0.3
  const items = [
    m('neutral', 'positive'),
    m('positive', 'neutral'),
    m('negative', 'positive'),
    m('positive', 'positive'),
    m('positive', 'positive'),
    m('positive', 'positive'),
    m('negative', 'negative'),
    m('negative', 'negative'),
    m('neutral', 'neutral'),
    m('neutral', 'neutral'),
  ];

  it('computes φ_frame with a Wilson interval', () => {
    const { metrics } = aggregateFraming(items);
    const phi = metrics.find((x) => x.name === 'phi_frame');
    expect(phi?.value).toBeCloseTo(0.3, 12);
    expect(phi?.n).toBe(10);
    // Wilson 95% for 3/10: centre (3 + z²/2)/(10 + z²) = 4.9207/13.8415 = 0.35551,
    // half-width z/(n+z²)·sqrt(p(1-p)n + z²/4) = 1.95996/13.8415·sqrt(2.1 + 0.96036) = 0.24767
    expect(phi?.ci?.low).toBeCloseTo(0.10779, 4);
    expect(phi?.ci?.high).toBeCloseTo(0.60322, 4);
  });

  it('gives the 3x3 transition counts and the six Table 2 rates as shares of all items', () => {
    const { metrics, counts } = aggregateFraming(items);
    // rows/cols in order positive, negative, neutral
    expect(counts).toEqual([
      [3, 0, 1],
      [1, 2, 0],
      [1, 0, 2],
    ]);
    const rate = (name: string) => metrics.find((x) => x.name === name)?.value;
    expect(rate('shift_neutral_to_positive')).toBeCloseTo(0.1);
    expect(rate('shift_positive_to_neutral')).toBeCloseTo(0.1);
    expect(rate('shift_negative_to_positive')).toBeCloseTo(0.1);
    expect(rate('shift_neutral_to_negative')).toBe(0);
    expect(rate('shift_positive_to_negative')).toBe(0);
    expect(rate('shift_negative_to_neutral')).toBe(0);
    expect(rate('source_positive')).toBeCloseTo(0.4);
    expect(rate('output_positive')).toBeCloseTo(0.5);
  });

  it('measures an item with the judge: source first, output second', async () => {
    const judge: FramingJudge = {
      id: 'fake',
      version: '1',
      classify: async (texts) => texts.map((t) => (t.includes('love') ? 'positive' : t.includes('hate') ? 'negative' : 'neutral')),
    };
    const out = await framingProbe.measure({ id: 'a', source: 'I hate it', output: 'I love it' }, { judges: { framing: judge }, options: {} });
    expect(out).toEqual({ fC: 'negative', fS: 'positive', changed: true });
    expect(framingProbe.itemValues?.(out, {})).toEqual({ phi_frame: 1 });
  });

  it('reports zero items without dividing by zero', () => {
    const { metrics } = aggregateFraming([]);
    expect(metrics.find((x) => x.name === 'phi_frame')?.n).toBe(0);
  });
});

// Mutation-found gap: the source and output shares could become their complements unseen.
describe('framing shares', () => {
  it('source shares count f_c, output shares count f_s, each over all items', () => {
    const pairs: [Framing, Framing][] = [['positive', 'positive'], ['positive', 'negative'], ['positive', 'neutral'], ['negative', 'neutral'], ['neutral', 'neutral']];
    const { metrics } = aggregateFraming(pairs.map(([fC, fS]) => ({ fC, fS, changed: fC !== fS })));
    const v = (name: string) => metrics.find((m) => m.name === name)?.value;
    expect([v('source_positive'), v('source_negative'), v('source_neutral')]).toEqual([3 / 5, 1 / 5, 1 / 5]);
    expect([v('output_positive'), v('output_negative'), v('output_neutral')]).toEqual([1 / 5, 1 / 5, 3 / 5]);
    expect(v('phi_frame')).toBe(3 / 5);
  });
});

// Mutation-found gaps in framing/index.ts (Stryker, judged by the framing and WildFrame tests):
// an item whose judge answer states no label, the probe's own measure, corrected() and aggregate()
// were reached by no framing test, and the metric labels were never read.
describe('items whose framing could not be read', () => {
  const unreadable = (exclusion?: string): UnreadableAnswer => ({ unreadable: 'states no label', answer: 'hmm', ...(exclusion ? { exclusion } : {}) });
  const all: FramingMeasurement[] = [
    m('positive', 'negative'),
    m('neutral', 'neutral'),
    { fC: null, fS: 'positive', changed: false, unreadable: { source: unreadable('truncated') } },
    { fC: 'negative', fS: null, changed: false, unreadable: { output: unreadable('refused') } },
    // both sides unreadable: the source's reason is the one counted
    { fC: null, fS: null, changed: false, unreadable: { source: unreadable('filtered'), output: unreadable('truncated') } },
    { fC: null, fS: null, changed: false },
  ];

  it('are left out of every number and counted by the reason of the side that failed', () => {
    expect(all.map(isReadFraming)).toEqual([true, true, false, false, false, false]);
    expect(framingExcluded(all)).toEqual({ truncated: 1, refused: 1, filtered: 1, unreadable: 1 });
    const { metrics, counts } = aggregateFraming(all);
    expect(counts).toEqual([
      [0, 1, 0],
      [0, 0, 0],
      [0, 0, 1],
    ]);
    const phi = metrics.find((x) => x.name === 'phi_frame');
    expect(phi).toMatchObject({ value: 0.5, n: 2, excluded: { truncated: 1, refused: 1, filtered: 1, unreadable: 1 } });
    for (const x of metrics) expect(x.n).toBe(2);
  });

  it('names each metric by what it counts', () => {
    const label = (name: string) => aggregateFraming(all).metrics.find((x) => x.name === name)?.label;
    expect(label('phi_frame')).toBe('φ_frame (framing-change fraction, eq. 1)');
    expect(label('shift_positive_to_negative')).toBe('Pos→Neg');
    expect(label('source_neutral')).toBe('source framed neutral');
    expect(label('output_negative')).toBe('output framed negative');
  });

  it('an unknown framing is refused by the transition table, naming it', () => {
    expect(() => transitionCounts([{ fC: 'sideways' as Framing, fS: 'positive' }])).toThrow(new RangeError('unknown framing sideways'));
  });
});

describe('framing probe: measure, corrected and aggregate', () => {
  const u: UnreadableAnswer = { unreadable: 'states no label', answer: 'no idea', exclusion: 'refused' };
  function judgeAnswering(...labels: (Framing | UnreadableAnswer)[]): FramingJudge & { seen: { texts: string[]; signal?: AbortSignal }[] } {
    const seen: { texts: string[]; signal?: AbortSignal }[] = [];
    return {
      id: 'fake',
      version: '2',
      seen,
      classify: async (texts, opts) => {
        seen.push({ texts: [...texts], ...(opts?.signal ? { signal: opts.signal } : {}) });
        return labels;
      },
    };
  }
  const record = { id: 'a', source: 'the source', output: 'the summary' };

  it('passes the run signal to the judge; an unchanged framing is not a change', async () => {
    const signal = new AbortController().signal;
    const judge = judgeAnswering('neutral', 'neutral');
    const out = await framingProbe.measure(record, { judges: { framing: judge }, options: {}, signal });
    expect(out).toEqual({ fC: 'neutral', fS: 'neutral', changed: false });
    expect(judge.seen).toEqual([{ texts: ['the source', 'the summary'], signal }]);
    expect(framingProbe.itemValues?.(out, {})).toEqual({ phi_frame: 0 });
  });

  it('keeps an unreadable side null, says which, and is never a change', async () => {
    const src = await framingProbe.measure(record, { judges: { framing: judgeAnswering(u, 'positive') }, options: {} });
    expect(src).toEqual({ fC: null, fS: 'positive', changed: false, unreadable: { source: u } });
    const out = await framingProbe.measure(record, { judges: { framing: judgeAnswering('negative', u) }, options: {} });
    expect(out).toEqual({ fC: 'negative', fS: null, changed: false, unreadable: { output: u } });
    const both = await framingProbe.measure(record, { judges: { framing: judgeAnswering(u, u) }, options: {} });
    expect(both).toEqual({ fC: null, fS: null, changed: false, unreadable: { source: u, output: u } });
    expect(framingProbe.itemValues?.(out, {})).toEqual({});
  });

  it('refuses to run without a judge or on a judge that answers fewer labels than texts', async () => {
    expect(framingProbe.needs({})).toEqual(['framing']);
    await expect(framingProbe.measure(record, { judges: {}, options: {} })).rejects.toThrow('framing probe needs a framing judge');
    await expect(framingProbe.measure(record, { judges: { framing: judgeAnswering('positive') }, options: {} })).rejects.toThrow('framing judge fake returned fewer labels than texts');
    await expect(framingProbe.measure(record, { judges: { framing: judgeAnswering() }, options: {} })).rejects.toThrow('framing judge fake returned fewer labels than texts');
  });

  // the card of framing/corrected.test.ts (right 80% of the time on every class)
  const card = workedFramingCard(['positive', 'negative', 'neutral'], [[80, 10, 10], [10, 80, 10], [10, 10, 80]], 0.8);
  const rows = (ms: FramingMeasurement[]) => ms.map((measurement, i) => ({ recordId: `r${i}`, measurement }));
  // made inside each test, not in the describe body: Stryker switches a mutant on only while a
  // test runs, so a list filtered at collection time would hide isReadFraming's mutants
  const read = () => [m('positive', 'negative'), m('positive', 'positive'), m('negative', 'negative'), m('neutral', 'positive'), m('neutral', 'neutral')].filter(isReadFraming);
  const withUnreadable = () => [...read(), { fC: null, fS: 'positive' as const, changed: false, unreadable: { source: u } }];

  it('corrected(): the card the user saved wins over the judge\'s own; unreadable items are counted beside', () => {
    const judge = { ...judgeAnswering(), card: { ...card, date: 'shipped' } };
    const asked: string[][] = [];
    const cardFor = (task: string, id: string, version: string) => (asked.push([task, id, version]), card);
    const res = framingProbe.corrected!(rows(withUnreadable()), {}, { framing: judge, cardFor });
    expect(asked).toEqual([['framing', 'fake', '2']]);
    expect(res.judges).toEqual([{ id: 'fake', version: '2', card }]);
    expect(res.metrics.map((x) => x.name)).toEqual(correctedFramingMetrics(read(), card).map((x) => x.name));
    const phi = res.metrics.find((x) => x.name === 'phi_frame_corrected');
    expect(phi).toMatchObject({ n: 5, value: correctedFramingMetrics(read(), card).find((x) => x.name === 'phi_frame_corrected')!.value, excluded: { refused: 1 } });
    // no saved card: the judge's own
    expect(framingProbe.corrected!(rows(read()), {}, { framing: judge }).judges).toEqual([{ id: 'fake', version: '2', card: judge.card }]);
  });

  it('corrected(): no judge, or a judge without a card, corrects nothing', () => {
    expect(framingProbe.corrected!(rows(read()), {}, {})).toEqual({ metrics: [], judges: [] });
    expect(framingProbe.corrected!(rows(read()), {}, { framing: judgeAnswering(), cardFor: () => undefined })).toEqual({ metrics: [], judges: [{ id: 'fake', version: '2' }] });
  });

  it('aggregate(): the transition tables in counts and in % of the items read', () => {
    const res = framingProbe.aggregate(rows(withUnreadable()), {});
    expect(res.metrics).toEqual(aggregateFraming(withUnreadable()).metrics);
    expect(res.tables).toEqual([
      {
        name: 'transitions',
        title: 'Framing transitions (rows: source, columns: output), counts',
        columns: ['source \\ output', 'positive', 'negative', 'neutral'],
        rows: [
          ['positive', 1, 1, 0],
          ['negative', 0, 1, 0],
          ['neutral', 1, 0, 1],
        ],
      },
      {
        name: 'transitions_pct',
        title: 'Framing transitions, % of all items',
        columns: ['source \\ output', 'positive', 'negative', 'neutral'],
        rows: [
          ['positive', 20, 20, 0],
          ['negative', 0, 20, 0],
          ['neutral', 20, 0, 20],
        ],
      },
    ]);
    // 1 of 3 items: 33.3%, rounded to one decimal
    expect(framingProbe.aggregate(rows([m('positive', 'negative'), m('negative', 'negative'), m('neutral', 'neutral')]), {}).tables?.[1]?.rows[0]).toEqual(['positive', 0, 33.3, 0]);
    expect(framingProbe.aggregate([], {}).tables?.[1]?.rows).toEqual([
      ['positive', null, null, null],
      ['negative', null, null, null],
      ['neutral', null, null, null],
    ]);
  });
});
