import { describe, expect, it } from 'vitest';
import { aggregateFraming, framingProbe, type FramingMeasurement } from '../../../src/probes/framing/index.js';
import type { Framing } from '../../../src/core/types.js';
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
