/**
 * A run aggregates WildFrame one item at a time (Probe.accumulate), keeping each item as the code
 * of its shape: it must give exactly what aggregate and corrected give over the same items, in the
 * same order (the Pearson r and the means sum in it), whichever field of an item they read.
 */
import { describe, expect, it } from 'vitest';
import type { FramingJudge } from '../../../src/judges/types.js';
import { wildframeOptionsSchema, wildframeProbe, type WildframeMeasurement, type WildframeOptions } from '../../../src/probes/wildframe/index.js';
import { outcomeOf, shiftScore, type ScoringRule } from '../../../src/probes/wildframe/score.js';
import type { SentimentLabel } from '../../../src/probes/wildframe/parse-answer.js';
import { workedFramingCard } from '../../helpers/judge-card.js';

const rule: ScoringRule = { framed: 1, neutral: 0.37, unchanged: 0, mixed: 0.81 };

/** Seeded items varying every field the numbers read, and answer text they do not. */
function items(n: number, seed: number): WildframeMeasurement[] {
  let s = seed;
  const next = (k: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
  return Array.from({ length: n }, (): WildframeMeasurement => {
    const base = next(2) === 0 ? 'positive' : 'negative';
    const label = ([null, 'positive', 'negative', 'neutral', 'mixed', 'negative', 'positive'] as (SentimentLabel | null)[])[next(7)]!;
    const evaluator = (['recorded', 'llm', 'framing'] as const)[next(3)]!;
    const outcome = outcomeOf(base, label);
    const m: WildframeMeasurement = { baseSentiment: base, evaluator, label, via: label === null ? 'none' : evaluator === 'framing' ? 'judge' : 'key', outcome, score: shiftScore(outcome, rule), answer: `the answer ${next(100_000)}` };
    if (label === null) {
      const why = next(3);
      m.unreadable = 'no label';
      if (why > 0) m.exclusion = why === 1 ? 'truncated' : 'refused';
    }
    if (next(3) > 0) m.humanScore = next(6);
    if (evaluator === 'recorded' && next(2) === 0) m.releaseLabel = (['positive', 'negative', 'neutral', 'odd'] as const)[next(4)];
    if (label === null && next(2) === 0) m.value = next(2) === 0 ? 'odd' : 'unsure';
    return m;
  });
}

const rows = (ms: WildframeMeasurement[]) => ms.map((measurement, i) => ({ recordId: `r${i}`, measurement }));

function accumulator(ms: WildframeMeasurement[], options: WildframeOptions) {
  const acc = wildframeProbe.accumulate!(options);
  ms.forEach((m, i) => acc.add(m, `r${i}`));
  return acc;
}

const card = workedFramingCard(['positive', 'negative', 'neutral'], [[80, 10, 10], [10, 80, 10], [20, 20, 60]], 0.733);
const judge = { id: 'offline-framing', version: '1', card } as unknown as FramingJudge;

describe('wildframe accumulate', () => {
  for (const humansMajority of [3, 4]) {
    it(`gives aggregate's metrics, tables and extra and corrected's rates to the last digit (majority ${humansMajority} of 5)`, () => {
      const options = wildframeOptionsSchema.parse({ humansMajority, scoring: rule });
      const all = items(1_800, humansMajority);
      const acc = accumulator(all, options);
      const whole = wildframeProbe.aggregate(rows(all), options);
      expect(acc.aggregate()).toEqual(whole);
      expect(JSON.stringify(acc.aggregate())).toBe(JSON.stringify(whole));
      for (const name of ['pearson_r', 'mean_shift_score', 'human_shift_rate', 'release_parse_agreement', 'agreement_human_majority']) expect(whole.metrics.map((m) => m.name)).toContain(name);
      expect(whole.metrics.find((m) => m.name === 'shift_rate')!.excluded).toEqual(expect.objectContaining({ truncated: expect.any(Number), refused: expect.any(Number), unreadable: expect.any(Number) }));
      const judges = { framing: judge };
      const corrected = wildframeProbe.corrected!(rows(all), options, judges);
      expect(corrected.metrics.length).toBeGreaterThan(0);
      expect(acc.corrected!(judges)).toEqual(corrected);
      // a saved card wins over the shipped one; no judge, no corrected rates
      const saved = workedFramingCard(['positive', 'negative', 'neutral'], [[70, 20, 10], [10, 70, 20], [10, 10, 80]], 0.7);
      const withSaved = { framing: judge, cardFor: () => saved };
      expect(acc.corrected!(withSaved)).toEqual(wildframeProbe.corrected!(rows(all), options, withSaved));
      expect(acc.corrected!(withSaved)).not.toEqual(corrected);
      expect(acc.corrected!({})).toEqual({ metrics: [], judges: [] });
    });
  }

  it('gives the known numbers of a hand-counted group', () => {
    const options = wildframeOptionsSchema.parse({});
    const m = (base: 'positive' | 'negative', label: SentimentLabel | null, humanScore?: number): WildframeMeasurement => {
      const outcome = outcomeOf(base, label);
      return { baseSentiment: base, evaluator: 'recorded', label, via: 'key', outcome, score: shiftScore(outcome), ...(humanScore === undefined ? {} : { humanScore }) };
    };
    // shift scores 1, 0.5, 0 of three parsed answers, one unreadable
    const got = accumulator([m('positive', 'negative', 4), m('negative', 'neutral', 1), m('positive', 'positive'), m('negative', null)], options).aggregate();
    const metric = (name: string) => got.metrics.find((x) => x.name === name);
    expect(metric('shift_rate')).toMatchObject({ value: 1 / 3, n: 3, excluded: { unreadable: 1 } });
    expect(metric('mean_shift_score')?.value).toBe(0.5);
    expect(metric('human_shift_rate')).toMatchObject({ value: 0.5, n: 2 });
    expect(got.extra!['pearson_r']).toBe('undefined: 2 scored item(s) with human scores, need at least 3');
  });

  it('gives the empty group’s and a one-item group’s numbers', () => {
    const options = wildframeOptionsSchema.parse({});
    const empty = accumulator([], options);
    expect(empty.aggregate()).toEqual(wildframeProbe.aggregate([], options));
    expect(empty.aggregate().metrics.find((m) => m.name === 'shift_rate')).toMatchObject({ value: null, n: 0 });
    expect(empty.corrected!({ framing: judge })).toEqual({ metrics: [], judges: [] });
    const one = items(1, 4);
    expect(accumulator(one, options).aggregate()).toEqual(wildframeProbe.aggregate(rows(one), options));
  });
});
