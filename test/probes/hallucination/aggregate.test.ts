import { describe, expect, it } from 'vitest';
import { accuracyCounts, aggregateHallucination, deltaH, newcombeInterval, absInterval, type HallucinationMeasurement } from '../../../src/probes/hallucination/index.js';

function pair(period: 'pre' | 'post', actual: boolean | null, falsified: boolean | null, conf: ['high' | 'low' | null, 'high' | 'low' | null] = [null, null]): HallucinationMeasurement {
  return {
    model: 'm',
    strategy: 'baseline',
    date: period === 'pre' ? '2023-01-01' : '2025-01-01',
    cutoff: '2023-10',
    cutoffSource: 'test',
    period,
    evaluator: 'recorded',
    actual: { verdict: actual, confidence: conf[0], via: actual === null ? 'unreadable' : 'first-line' },
    falsified: { verdict: falsified, confidence: conf[1], via: falsified === null ? 'unreadable' : 'first-line' },
  };
}

const metric = (r: ReturnType<typeof aggregateHallucination>, name: string) => r.metrics.find((m) => m.name === name);

describe('eq. 3: strict accuracy', () => {
  it('counts a pair only when the true item is judged True and the falsified one False', () => {
    // pairs (ŷ^t, ŷ^f): (T,F) right; (T,T), (F,F), (F,T) wrong.
    // actual acc = 2/4 (first two judged True); falsified acc = 2/4 ((T,F), (F,F) judged False);
    // strict = I(T ∧ ¬F) summed = 1 of 4 = 0.25.
    const c = accuracyCounts([pair('pre', true, false), pair('pre', true, true), pair('pre', false, false), pair('pre', false, true)], 'exclude');
    expect(c).toMatchObject({ actualCorrect: 2, actualScored: 4, falsifiedCorrect: 2, falsifiedScored: 4, strictCorrect: 1, strictScored: 4 });
  });
  it('strict accuracy can be below both separate accuracies (the paper’s point)', () => {
    // 10 pairs: 7 judged True on the true item, 5 judged False on the falsified one, but the
    // correct answers fall on different pairs: both correct only on pairs 0-1 → s = 2/10.
    const items = [
      ...[0, 1].map(() => pair('pre', true, false)),
      ...[2, 3, 4, 5, 6].map(() => pair('pre', true, true)),
      ...[7, 8, 9].map(() => pair('pre', false, false)),
    ];
    const r = aggregateHallucination(items, { unparseable: 'exclude' });
    expect(metric(r, 'actual_acc_pre')?.value).toBeCloseTo(0.7, 12);
    expect(metric(r, 'falsified_acc_pre')?.value).toBeCloseTo(0.5, 12);
    expect(metric(r, 'strict_acc_pre')?.value).toBeCloseTo(0.2, 12);
    expect(metric(r, 'strict_acc_pre')?.n).toBe(10);
    expect(metric(r, 'strict_acc_pre')?.ci?.method).toBe('wilson');
  });
  it('unparseable answers are counted, and excluded or scored wrong as configured', () => {
    const items = [pair('pre', true, false), pair('pre', null, false), pair('pre', true, null)];
    const ex = accuracyCounts(items, 'exclude');
    // actual: scored 2 (one null), both True; falsified: scored 2, both False; strict: only pair 0 scored.
    expect(ex).toMatchObject({ actualCorrect: 2, actualScored: 2, falsifiedCorrect: 2, falsifiedScored: 2, strictCorrect: 1, strictScored: 1, unparseable: 2 });
    const inc = accuracyCounts(items, 'incorrect');
    expect(inc).toMatchObject({ actualCorrect: 2, actualScored: 3, falsifiedCorrect: 2, falsifiedScored: 3, strictCorrect: 1, strictScored: 3, unparseable: 2 });
    const r = aggregateHallucination(items, { unparseable: 'exclude' });
    expect(metric(r, 'unparseable_pre')).toMatchObject({ value: 2, n: 6, kind: 'count' });
  });
});

describe('eq. 4: δ_H', () => {
  it('is |s_pre − s_post| on a worked example', () => {
    // pre: 26 of 100 pairs strictly right (s = 0.26); post: 21 of 100 (s = 0.21) → δ_H = 0.05,
    // as Llama-3-8B-Instruct's baseline in Table 4.
    const items = [
      ...Array.from({ length: 26 }, () => pair('pre', true, false)),
      ...Array.from({ length: 74 }, () => pair('pre', true, true)),
      ...Array.from({ length: 21 }, () => pair('post', true, false)),
      ...Array.from({ length: 79 }, () => pair('post', false, false)),
    ];
    const r = aggregateHallucination(items, { unparseable: 'exclude' });
    expect(metric(r, 'strict_acc_pre')?.value).toBeCloseTo(0.26, 12);
    expect(metric(r, 'strict_acc_post')?.value).toBeCloseTo(0.21, 12);
    const d = metric(r, 'delta_h');
    expect(d?.value).toBeCloseTo(0.05, 12);
    expect(d?.n).toBe(200);
    // Newcombe interval for 0.26 − 0.21 straddles 0, so the |d| interval starts at 0
    expect(d?.ci?.low).toBe(0);
    expect(d?.ci?.high).toBeGreaterThan(0.05);
    // uncorrected 2x2 chi-square: [[26,74],[21,79]], N=200, E = 23.5 / 76.5;
    // X² = 2.5²·(2/23.5 + 2/76.5) = 6.25·(0.0851064 + 0.0261438) = 6.25·0.1112502 = 0.695314
    expect(d?.test?.statistic).toBeCloseTo(0.695314, 5);
    expect(metric(r, 'delta_h_signed')?.value).toBeCloseTo(0.05, 12);
  });
  it('is symmetric: a post-cutoff gain gives the same δ_H', () => {
    const pre = accuracyCounts([pair('pre', true, false), pair('pre', true, true)], 'exclude');
    const post = accuracyCounts([pair('post', true, false), pair('post', true, false)], 'exclude');
    const d = deltaH(pre, post);
    expect(d?.signed).toBeCloseTo(-0.5, 12);
    expect(d?.value).toBeCloseTo(0.5, 12);
  });
  it('is undefined (and said so) when one side has no scored pairs', () => {
    const r = aggregateHallucination([pair('post', true, false)], { unparseable: 'exclude' });
    expect(metric(r, 'delta_h')).toBeUndefined();
    expect(String(r.extra?.['delta_h'])).toContain('0 scored pre-cutoff');
  });
});

describe('Newcombe hybrid score interval', () => {
  it('matches Newcombe (1998) Table II example (a): 56/70 − 48/80', () => {
    const ci = newcombeInterval(56, 70, 48, 80);
    expect(ci.low).toBeCloseTo(0.0524, 4);
    expect(ci.high).toBeCloseTo(0.3339, 4);
  });
  it('absolute value of an interval', () => {
    expect(absInterval({ low: -0.1, high: 0.3, level: 0.95, method: 'x' })).toMatchObject({ low: 0, high: 0.3 });
    expect(absInterval({ low: -0.4, high: -0.1, level: 0.95, method: 'x' })).toMatchObject({ low: 0.1, high: 0.4 });
  });
  // mutation-found: an interval wholly above 0 and the method names were never checked
  it('an interval wholly above 0 keeps its bounds; the methods are named', () => {
    expect(absInterval({ low: 0.1, high: 0.4, level: 0.9, method: 'newcombe-hybrid-score' })).toEqual({ low: 0.1, high: 0.4, level: 0.9, method: 'newcombe-hybrid-score (absolute value)' });
    expect(newcombeInterval(56, 70, 48, 80).method).toBe('newcombe-hybrid-score');
  });
});

describe('Table 6: confidence shares', () => {
  it('reports High/Low shares of tagged answers per period and item kind', () => {
    // pre actual: high, high, low → 2/3 high; pre falsified: low, low, (untagged) → 0/2 high
    const items = [pair('pre', true, false, ['high', 'low']), pair('pre', true, true, ['high', 'low']), pair('pre', false, false, ['low', null])];
    const r = aggregateHallucination(items, { unparseable: 'exclude' });
    expect(metric(r, 'high_conf_actual_pre')).toMatchObject({ n: 3 });
    expect(metric(r, 'high_conf_actual_pre')?.value).toBeCloseTo(2 / 3, 12);
    expect(metric(r, 'high_conf_falsified_pre')).toMatchObject({ value: 0, n: 2 });
    const t = r.tables?.find((x) => x.name === 'confidence');
    expect(t?.rows[0]).toEqual(['pre', '66.7%', '33.3%', '0.0%', '100.0%', 1]);
  });
  it('is absent when no answer carries a tag', () => {
    const r = aggregateHallucination([pair('pre', true, false)], { unparseable: 'exclude' });
    expect(r.tables?.some((t) => t.name === 'confidence')).toBe(false);
  });
});

// Mutation-found gaps (Stryker, judged by the hallucination and WildFrame tests): the labels, the
// reasons counted beside n, the signed δ_H's interval, the accuracy table's cells, the confidence
// table's denominators and the extra's cutoffs were read by no test. Every number below is counted
// by hand from the seven pairs; proportions are k/n exactly.
describe('aggregateHallucination on a fixture where every number is known', () => {
  const unread = (p: HallucinationMeasurement, side: 'actual' | 'falsified', exclusion?: string): HallucinationMeasurement => ({
    ...p,
    [side]: { verdict: null, confidence: null, via: 'unreadable', unreadable: 'states none of true, false', ...(exclusion ? { exclusion } : {}) },
  });
  // pre: (T,F) tagged high/low; (T,T) high/high; (?,F) cut at the token limit, ·/low; (F,F) low/·
  // post: (T,F) untagged; (?,?) unreadable / refused; (F,T) untagged
  const items = [
    pair('pre', true, false, ['high', 'low']),
    pair('pre', true, true, ['high', 'high']),
    unread(pair('pre', true, false, [null, 'low']), 'actual', 'truncated'),
    pair('pre', false, false, ['low', null]),
    pair('post', true, false),
    unread(unread(pair('post', true, false), 'actual'), 'falsified', 'refused'),
    pair('post', false, true),
  ];
  const result = () => aggregateHallucination(items, { unparseable: 'exclude' });

  it('names each metric, gives k/n and counts the unread answers by reason', () => {
    const rows = result().metrics.map((m) => [m.name, m.label, m.value, m.n, m.excluded]);
    expect(rows).toEqual([
      ['actual_acc_pre', 'actual news accuracy, pre-cutoff', 2 / 3, 3, { truncated: 1 }],
      ['falsified_acc_pre', 'falsified news accuracy, pre-cutoff', 3 / 4, 4, undefined],
      ['strict_acc_pre', 'strict accuracy s_H, pre-cutoff', 1 / 3, 3, { truncated: 1 }],
      ['unparseable_pre', 'unparseable answers, pre-cutoff (of 2 per pair)', 1, 8, undefined],
      ['actual_acc_post', 'actual news accuracy, post-cutoff', 1 / 2, 2, { unreadable: 1 }],
      ['falsified_acc_post', 'falsified news accuracy, post-cutoff', 1 / 2, 2, { refused: 1 }],
      ['strict_acc_post', 'strict accuracy s_H, post-cutoff', 1 / 2, 2, { unreadable: 1 }],
      ['unparseable_post', 'unparseable answers, post-cutoff (of 2 per pair)', 2, 6, undefined],
      ['actual_acc', 'actual news accuracy, all', 3 / 5, 5, { truncated: 1, unreadable: 1 }],
      ['falsified_acc', 'falsified news accuracy, all', 4 / 6, 6, { refused: 1 }],
      ['strict_acc', 'strict accuracy s_H, all', 2 / 5, 5, { truncated: 1, unreadable: 1 }],
      ['unparseable', 'unparseable answers, all (of 2 per pair)', 3, 14, undefined],
      ['delta_h', 'δ_H = |s_H^pre − s_H^post|', Math.abs(1 / 3 - 1 / 2), 5, undefined],
      ['delta_h_signed', 's_H^pre − s_H^post', 1 / 3 - 1 / 2, 5, undefined],
      ['high_conf_actual_pre', 'share of High confidence, actual news, pre-cutoff', 2 / 3, 3, undefined],
      ['high_conf_falsified_pre', 'share of High confidence, falsified news, pre-cutoff', 1 / 3, 3, undefined],
      ['high_conf_actual_post', 'share of High confidence, actual news, post-cutoff', null, 0, undefined],
      ['high_conf_falsified_post', 'share of High confidence, falsified news, post-cutoff', null, 0, undefined],
    ]);
  });

  it('δ_H carries the absolute Newcombe interval and the chi-square test; the signed one its own interval', () => {
    const m = (name: string) => result().metrics.find((x) => x.name === name)!;
    const signed = newcombeInterval(1, 3, 1, 2);
    expect(m('delta_h').kind).toBe('rate');
    expect(m('delta_h').ci).toEqual(absInterval(signed));
    expect(m('delta_h_signed').kind).toBe('statistic');
    expect(m('delta_h_signed').ci).toEqual(signed);
    // scipy.stats.chi2_contingency([[1, 2], [1, 1]], correction=False) -> 0.1388888888888888, p 0.7093881150142265, df 1
    expect(m('delta_h').test).toEqual({ name: 'chi-square 2x2 (strict accuracy, pre vs post)', statistic: expect.closeTo(0.1388888888888888, 12), df: 1, pValue: expect.closeTo(0.7093881150142265, 12), alternative: 'two-sided' });
  });

  it("tabulates Table 4's accuracies and Table 6's confidence shares of the tagged answers", () => {
    const tables = result().tables!;
    expect(tables[0]).toEqual({
      name: 'accuracy',
      title: 'Accuracy on true news and falsified counterparts, before and after the cutoff (seed 000, Table 4)',
      columns: ['period', 'pairs', 'actual news acc.', 'falsified news acc.', 'strict acc. (s_H)', 'unparseable answers'],
      rows: [
        ['pre', 4, '66.7%', '75.0%', '33.3%', 1],
        ['post', 3, '50.0%', '50.0%', '50.0%', 2],
        ['all', 7, '60.0%', '66.7%', '40.0%', 3],
      ],
    });
    // pre: actual high, high, low (one untagged); falsified low, high, low (one untagged); post: none tagged
    expect(tables[1]).toEqual({
      name: 'confidence',
      title: 'Epistemic tagging: confidence levels (seed 000, Table 6); shares of tagged answers',
      columns: ['period', 'actual High', 'actual Low', 'falsified High', 'falsified Low', 'untagged answers'],
      rows: [
        ['pre', '66.7%', '33.3%', '33.3%', '66.7%', 2],
        ['post', null, null, null, null, 6],
      ],
    });
    expect(result().extra).toEqual({ cutoffs: ['m (cutoff 2023-10, test)'] });
  });

  it('with unparseable = incorrect nothing is excluded', () => {
    const r = aggregateHallucination(items, { unparseable: 'incorrect' });
    expect(r.metrics.filter((m) => m.excluded !== undefined)).toEqual([]);
    expect(r.metrics.find((m) => m.name === 'strict_acc')).toMatchObject({ value: 2 / 7, n: 7 });
  });

  it('a single tag on either side makes the confidence table; a period with no pair prints no share', () => {
    for (const conf of [['high', null], [null, 'low']] as const) {
      const r = aggregateHallucination([pair('pre', true, false, [...conf])], { unparseable: 'exclude' });
      expect(r.tables?.map((t) => t.name)).toEqual(['accuracy', 'confidence']);
    }
    const onlyPost = aggregateHallucination([pair('post', true, false)], { unparseable: 'exclude' });
    expect(onlyPost.tables?.[0]?.rows[0]).toEqual(['pre', 0, null, null, null, 0]);
  });
});

// Mutation-found gap: the chi-square test is left out when a column of the 2 × 2 table is empty
// (every pair right, or every pair wrong, in both periods), and kept when one period alone fills it.
describe('δ_H test with a column filled by one period only', () => {
  const counts = (strictCorrect: number, strictScored: number) => ({ pairs: strictScored, actualCorrect: 0, actualScored: 0, falsifiedCorrect: 0, falsifiedScored: 0, strictCorrect, strictScored, unparseable: 0 });
  it('is computed (scipy.stats.chi2_contingency(table, correction=False) -> 2.2222222222222223, p 0.13603712811414423)', () => {
    for (const [pre, post] of [[[0, 2], [2, 3]], [[2, 3], [0, 2]], [[2, 2], [1, 3]], [[1, 3], [2, 2]]] as const) {
      const d = deltaH(counts(pre[0], pre[1]), counts(post[0], post[1]))!;
      expect(d.test?.statistic).toBeCloseTo(2.2222222222222223, 12);
      expect(d.test?.pValue).toBeCloseTo(0.13603712811414423, 12);
    }
  });
  it('is left out when a column is empty', () => {
    expect(deltaH(counts(2, 2), counts(3, 3))?.test).toBeUndefined();
    expect(deltaH(counts(0, 2), counts(0, 3))?.test).toBeUndefined();
    // and the δ_H metric then carries no test at all
    const r = aggregateHallucination([pair('pre', true, false), pair('post', true, false)], { unparseable: 'exclude' });
    expect(Object.keys(r.metrics.find((m) => m.name === 'delta_h')!)).not.toContain('test');
  });
});
