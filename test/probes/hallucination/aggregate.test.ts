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
