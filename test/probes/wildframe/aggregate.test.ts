import { describe, expect, it } from 'vitest';
import { aggregateWildframe } from '../../../src/probes/wildframe/aggregate.js';
import type { WildframeMeasurement } from '../../../src/probes/wildframe/schema.js';
import { outcomeOf, shiftScore, type Polarity } from '../../../src/probes/wildframe/score.js';
import type { SentimentLabel } from '../../../src/probes/wildframe/parse-answer.js';

function m(base: Polarity, label: SentimentLabel | null, humanScore?: number): WildframeMeasurement {
  const outcome = outcomeOf(base, label);
  const x: WildframeMeasurement = { baseSentiment: base, evaluator: 'recorded', label, via: label ? 'key' : 'none', outcome, score: shiftScore(outcome) };
  if (humanScore !== undefined) x.humanScore = humanScore;
  return x;
}

describe('aggregateWildframe', () => {
  // model shift scores x = [1, 0.5, 0, 1, 0, 0], human scores y = [5, 3, 1, 4, 0, 2]; item 7 unparseable.
  const items = [
    m('positive', 'negative', 5),
    m('negative', 'neutral', 3),
    m('positive', 'positive', 1),
    m('negative', 'positive', 4),
    m('negative', 'negative', 0),
    m('positive', 'positive', 2),
    m('negative', null, 5),
  ];
  // computed inside each test (not once in the describe body), so that mutation testing's
  // per-test coverage sees these tests reach the aggregate and runs them against its mutants
  const result = () => aggregateWildframe(items, { humansMajority: 3 });
  const get = (name: string) => result().metrics.find((x) => x.name === name);

  it('gives shift rates overall and by base polarity over parsed answers', () => {
    expect(get('shift_rate')).toMatchObject({ value: 2 / 6, n: 6 });
    expect(get('shift_rate_base_positive')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(get('shift_rate_base_negative')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(get('neutral_rate')).toMatchObject({ value: 1 / 6, n: 6 });
    expect(get('unparseable')).toMatchObject({ value: 1, n: 7, kind: 'count' });
    expect(get('mean_shift_score')?.value).toBeCloseTo(2.5 / 6, 12);
    expect(get('shift_rate')?.ci?.method).toBe('wilson');
  });

  it('pins Pearson r, its Fisher-z interval and p-value', () => {
    // x̄ = 2.5/6, ȳ = 2.5; Sxy = 4.25, Sxx = 1.208333, Syy = 17.5
    // r = 4.25 / sqrt(1.208333 · 17.5) = 0.9242225; t = r·sqrt(4/(1−r²)) = 4.840706
    // Fisher: tanh(atanh(r) ± 1.959964/sqrt(3)) = [0.450759, 0.991841]; scipy.stats.pearsonr p = 0.0083958
    const r = get('pearson_r');
    expect(r?.value).toBeCloseTo(0.9242225, 6);
    expect(r?.n).toBe(6);
    expect(r?.ci?.low).toBeCloseTo(0.450759, 5);
    expect(r?.ci?.high).toBeCloseTo(0.991841, 5);
    expect(r?.test?.statistic).toBeCloseTo(4.840706, 5);
    expect(r?.test?.df).toBe(4);
    expect(r?.test?.pValue).toBeCloseTo(0.0083958, 6);
  });

  it('reports the human majority shift and the agreement with the model', () => {
    // humans >= 3: items 1, 2, 4
    expect(get('human_shift_rate')).toMatchObject({ value: 0.5, n: 6 });
    expect(get('human_shift_rate_base_positive')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(get('human_shift_rate_base_negative')).toMatchObject({ value: 2 / 3, n: 3 });
    // model shift (framed) vs human majority: disagree only on item 2 (neutral vs 3 of 5)
    expect(get('agreement_human_majority')).toMatchObject({ value: 5 / 6, n: 6 });
    expect(get('mean_human_score')?.value).toBeCloseTo(15 / 6, 12);
    expect(result().extra?.['human_items_unparseable']).toBe(1);
  });

  it('tabulates outcomes by base polarity', () => {
    const t = result().tables?.find((x) => x.name === 'outcomes');
    expect(t?.columns).toEqual(['base', 'framed', 'neutral', 'mixed', 'unchanged', 'unparseable', 'n']);
    expect(t?.rows).toEqual([
      ['positive', 1, 0, 0, 2, 0, 3],
      ['negative', 1, 1, 0, 1, 1, 4],
      ['all', 2, 1, 0, 3, 1, 7],
    ]);
  });

  it('leaves r out, saying why, when it is undefined', () => {
    const res = aggregateWildframe([m('positive', 'negative', 5), m('positive', 'positive', 1)], { humansMajority: 3 });
    expect(res.metrics.find((x) => x.name === 'pearson_r')).toBeUndefined();
    expect(String(res.extra?.['pearson_r'])).toContain('need at least 3');
    const constant = aggregateWildframe([m('positive', 'negative', 5), m('positive', 'negative', 1), m('negative', 'positive', 2)], { humansMajority: 3 });
    expect(String(constant.extra?.['pearson_r'])).toContain('constant');
  });

  it('measures parser agreement with release labels', () => {
    const a = { ...m('positive', 'negative'), releaseLabel: 'negative' };
    const b = { ...m('positive', 'neutral'), releaseLabel: 'mixed' };
    const res = aggregateWildframe([a, b], { humansMajority: 3 });
    expect(res.metrics.find((x) => x.name === 'release_parse_agreement')).toMatchObject({ value: 0.5, n: 2 });
  });
});
