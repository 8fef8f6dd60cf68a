// When a judge's card can correct a probe's rates (mutation testing found these checks untested):
// the card must name exactly the probe's classes, in any order; a statistic without a label is
// shown under its name.
import { describe, expect, it } from 'vitest';
import { correctedMetrics } from '../../src/probes/correction.js';
import { workedFramingCard } from '../helpers/judge-card.js';

const confusion3 = [
  [8, 1, 1],
  [1, 8, 1],
  [1, 1, 8],
];
const input = (card: ReturnType<typeof workedFramingCard>, n = 10) => ({
  card,
  classes: ['a', 'b', 'c'],
  observed: [4, 3, 3],
  n,
  statistics: (c: number[] | number[][]) => ({ first: (c as number[])[0]!, last: (c as number[])[2]! }),
  labels: { first: 'share of a' },
});

describe('correctedMetrics', () => {
  it('corrects with a card whose labels are the classes in another order; an unlabelled statistic keeps its name', () => {
    const ms = correctedMetrics(input(workedFramingCard(['c', 'a', 'b'], confusion3, 0.8)));
    expect(ms.map((m) => [m.name, m.label])).toEqual([
      ['first_corrected', 'share of a, corrected for judge error'],
      ['last_corrected', 'last, corrected for judge error'],
    ]);
    // symmetric 80% judge: p_obs = 0.7·p_true + 0.1, so p_true(a) = (0.4 − 0.1) / 0.7
    expect(ms[0]!.value).toBeCloseTo(3 / 7, 12);
    expect(ms[1]!.value).toBeCloseTo(2 / 7, 12);
  });

  it('a card missing one class, a card with an extra class, or no items: no corrected metrics', () => {
    expect(correctedMetrics(input(workedFramingCard(['a', 'b', 'x'], confusion3, 0.8)))).toEqual([]);
    const confusion4 = [
      [7, 1, 1, 1],
      [1, 7, 1, 1],
      [1, 1, 7, 1],
      [1, 1, 1, 7],
    ];
    expect(correctedMetrics(input(workedFramingCard(['a', 'b', 'c', 'd'], confusion4, 0.7)))).toEqual([]);
    expect(correctedMetrics({ ...input(workedFramingCard(['a', 'b', 'c'], confusion3, 0.8), 0), observed: [0, 0, 0] })).toEqual([]);
  });
});
