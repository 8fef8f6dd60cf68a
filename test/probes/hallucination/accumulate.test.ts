/**
 * A run aggregates hallucination one item at a time (Probe.accumulate), keeping each item as the
 * code of its shape: it must give exactly what aggregate gives over the same items, whichever field
 * of an item the numbers read.
 */
import { describe, expect, it } from 'vitest';
import { hallucinationOptionsSchema, hallucinationProbe, type HallucinationMeasurement, type HallucinationOptions } from '../../../src/probes/hallucination/index.js';

/** Seeded pairs varying every field the numbers read: period, both verdicts, confidence tags, exclusion reasons, model and cutoff; and fields they do not (date, answer). */
function items(n: number, seed: number, tagged: boolean): HallucinationMeasurement[] {
  let s = seed;
  const next = (k: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
  const verdict = (): HallucinationMeasurement['actual'] => {
    const v = next(7);
    const confidence = tagged ? ([null, 'high', 'low'] as const)[next(3)]! : null;
    if (v === 0) return { verdict: null, confidence, via: 'unreadable', unreadable: 'no verdict', answer: `maybe ${next(1000)}` };
    if (v === 1) return { verdict: null, confidence, via: 'unreadable', unreadable: 'cut off', exclusion: 'truncated', answer: '…' };
    if (v === 2) return { verdict: null, confidence, via: 'unreadable', unreadable: 'refused', exclusion: 'refused' };
    return { verdict: v % 2 === 0, confidence, via: 'first-line', answer: `answer ${next(1000)}` };
  };
  return Array.from({ length: n }, (_, i): HallucinationMeasurement => {
    const m = next(3);
    return {
      model: ['m1', 'm2', 'm3'][m]!,
      strategy: 'baseline',
      date: `2024-0${1 + (i % 9)}-1${i % 10}`,
      cutoff: ['2023-10', '2024-04', '2023-10'][m]!,
      cutoffSource: m === 2 ? 'config' : 'known',
      period: next(2) === 0 ? 'pre' : 'post',
      evaluator: 'recorded',
      actual: verdict(),
      falsified: verdict(),
    };
  });
}

const rows = (ms: HallucinationMeasurement[]) => ms.map((measurement, i) => ({ recordId: `r${i}`, measurement }));

function accumulated(ms: HallucinationMeasurement[], options: HallucinationOptions) {
  const acc = hallucinationProbe.accumulate!(options);
  ms.forEach((m, i) => acc.add(m, `r${i}`));
  return acc.aggregate();
}

describe('hallucination accumulate', () => {
  for (const unparseable of ['exclude', 'incorrect'] as const) {
    for (const tagged of [false, true]) {
      it(`gives aggregate's metrics, tables and extra (unparseable ${unparseable}, ${tagged ? 'with' : 'without'} confidence tags)`, () => {
        const options = hallucinationOptionsSchema.parse({ unparseable });
        const all = items(1_500, tagged ? 7 : 3, tagged);
        const whole = hallucinationProbe.aggregate(rows(all), options);
        const got = accumulated(all, options);
        expect(got).toEqual(whole);
        // the same key order too: results.json is written from it
        expect(JSON.stringify(got)).toBe(JSON.stringify(whole));
        expect(whole.metrics.some((m) => m.name === 'delta_h')).toBe(true);
        expect(whole.tables!.some((t) => t.name === 'confidence')).toBe(tagged);
        if (unparseable === 'exclude') expect(whole.metrics.find((m) => m.name === 'strict_acc')!.excluded).toEqual(expect.objectContaining({ truncated: expect.any(Number), refused: expect.any(Number), unreadable: expect.any(Number) }));
        expect((whole.extra!['cutoffs'] as string[]).length).toBe(3);
      });
    }
  }

  it('gives the known numbers of a hand-counted group', () => {
    const options = hallucinationOptionsSchema.parse({});
    const [a, b, c] = items(3, 1, false).map((m) => ({ ...m, period: 'pre' as const }));
    const right = { ...a!, actual: { verdict: true, confidence: null, via: 'first-line' as const }, falsified: { verdict: false, confidence: null, via: 'first-line' as const } };
    const wrong = { ...b!, actual: { verdict: true, confidence: null, via: 'first-line' as const }, falsified: { verdict: true, confidence: null, via: 'first-line' as const } };
    const unread = { ...c!, actual: { verdict: null, confidence: null, via: 'unreadable' as const, exclusion: 'truncated' }, falsified: { verdict: false, confidence: null, via: 'first-line' as const } };
    const got = accumulated([right, wrong, unread], options);
    const metric = (name: string) => got.metrics.find((m) => m.name === name);
    // strict: 1 of the 2 scored pairs; actual: 2 of 2 read; falsified: 2 of 3
    expect(metric('strict_acc_pre')).toMatchObject({ value: 0.5, n: 2, excluded: { truncated: 1 } });
    expect(metric('actual_acc_pre')).toMatchObject({ value: 1, n: 2 });
    expect(metric('falsified_acc_pre')?.value).toBeCloseTo(2 / 3, 15);
    expect(metric('unparseable_pre')).toMatchObject({ value: 1, n: 6 });
    expect(got).toEqual(hallucinationProbe.aggregate(rows([right, wrong, unread]), options));
  });

  it('gives the empty group’s and a one-item group’s numbers (δ_H undefined)', () => {
    const options = hallucinationOptionsSchema.parse({});
    const empty = accumulated([], options);
    expect(empty).toEqual(hallucinationProbe.aggregate([], options));
    expect(empty.extra!['delta_h']).toBe('undefined: 0 scored pre-cutoff pair(s), 0 post-cutoff');
    const one = items(1, 5, true);
    expect(accumulated(one, options)).toEqual(hallucinationProbe.aggregate(rows(one), options));
  });
});
