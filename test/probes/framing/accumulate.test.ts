/**
 * A run aggregates framing one item at a time (Probe.accumulate), holding only the transition
 * table and the reasons items were left out: it must give exactly what aggregate and corrected give
 * over the same items, unreadable answers and a stored judge card included.
 */
import { describe, expect, it } from 'vitest';
import type { Framing } from '../../../src/core/types.js';
import type { FramingJudge } from '../../../src/judges/types.js';
import { framingProbe, type FramingMeasurement } from '../../../src/probes/framing/index.js';
import { workedFramingCard } from '../../helpers/judge-card.js';

const F: Framing[] = ['positive', 'negative', 'neutral'];

/** Seeded items: every transition, and answers unreadable on either side for different reasons. */
function items(n: number): FramingMeasurement[] {
  let s = 11;
  const next = (k: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
  return Array.from({ length: n }, (): FramingMeasurement => {
    const fC = F[next(3)]!;
    const fS = F[next(3)]!;
    const u = next(20);
    if (u === 0) return { fC: null, fS, changed: false, unreadable: { source: { unreadable: 'no label', answer: 'cannot say', exclusion: 'truncated' } } };
    if (u === 1) return { fC, fS: null, changed: false, unreadable: { output: { unreadable: 'no label', answer: '…' } } };
    if (u === 2) return { fC: null, fS: null, changed: false };
    return { fC, fS, changed: fC !== fS };
  });
}

const card = workedFramingCard(['neutral', 'positive', 'negative'], [[80, 10, 10], [10, 80, 10], [10, 10, 80]], 0.8);
const judge = { id: 'offline-framing', version: '1', card } as unknown as FramingJudge;

describe('framing accumulate', () => {
  it('gives aggregate’s metrics and tables and corrected’s rates, item by item', () => {
    const all = items(997);
    const acc = framingProbe.accumulate!({});
    all.forEach((m, i) => acc.add(m, `r${i}`));
    const rows = all.map((measurement, i) => ({ recordId: `r${i}`, measurement }));
    const whole = framingProbe.aggregate(rows, {});
    expect(acc.aggregate()).toEqual(whole);
    // some items were left out, by reason: the counts travel with every metric
    expect(whole.metrics[0]!.excluded).toBeDefined();
    expect(whole.metrics[0]!.n).toBeLessThan(997);
    const judges = { framing: judge };
    const corrected = framingProbe.corrected!(rows, {}, judges);
    expect(corrected.metrics.length).toBeGreaterThan(0);
    expect(acc.corrected!(judges)).toEqual(corrected);
    // a judge without a card: no corrected rates either way
    const bare = { framing: { id: 'j', version: '1' } as unknown as FramingJudge };
    expect(acc.corrected!(bare)).toEqual(framingProbe.corrected!(rows, {}, bare));
  });

  it('gives the empty group’s numbers when no item was added', () => {
    expect(framingProbe.accumulate!({}).aggregate()).toEqual(framingProbe.aggregate([], {}));
  });
});
