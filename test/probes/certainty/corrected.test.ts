/**
 * CD, CD↑ and CD↓ corrected for the comparator's error, on a worked example (mutation testing
 * found this file reached by no probe test). Reference, numpy, in the card's label order
 * ['+', '0', '−'] (rows true, columns judged):
 *   C = np.array([[70, 20, 10], [15, 70, 15], [5, 15, 80]]); M = C / C.sum(axis=1, keepdims=True)
 *   p_true = np.linalg.solve(M.T, np.array([25, 40, 35]) / 100)
 *   -> [0.2411347517730497, 0.4326241134751773, 0.326241134751773]
 * so CD = p₊ + p₋ = 0.5673758865248227, CD↑ = p₊, CD↓ = p₋.
 */
import { describe, expect, it } from 'vitest';
import { correctedCertaintyMetrics } from '../../../src/probes/certainty/corrected.js';
import type { ItemLabel } from '../../../src/probes/certainty/metrics.js';
import { workedFramingCard } from '../../helpers/judge-card.js';

const card = {
  ...workedFramingCard(
    ['+', '0', '−'],
    [
      [70, 20, 10],
      [15, 70, 15],
      [5, 15, 80],
    ],
    0.733,
  ),
  task: 'certainty' as const,
};

// 25 rewrites more certain (+1 or +2), 40 ties, 35 less certain (−1 or −2), and answers that are
// no direction at all (inconsistent across orders, unreadable, finding dropped): left out
const labels: ItemLabel[] = [
  ...Array<ItemLabel>(15).fill(1),
  ...Array<ItemLabel>(10).fill(2),
  ...Array<ItemLabel>(40).fill(0),
  ...Array<ItemLabel>(20).fill(-1),
  ...Array<ItemLabel>(15).fill(-2),
  ...Array<ItemLabel>(5).fill('inconsistent'),
  ...Array<ItemLabel>(3).fill('invalid'),
  ...Array<ItemLabel>(2).fill('dropped'),
];

describe('correctedCertaintyMetrics', () => {
  it('inverts the card on the shares of −, 0 and + among the consistent items (numpy reference)', () => {
    const ms = correctedCertaintyMetrics(labels, card);
    const v = (name: string) => ms.find((m) => m.name === name)!.value;
    expect(ms.map((m) => m.name)).toEqual(['cd_corrected', 'cd_up_corrected', 'cd_down_corrected']);
    expect(v('cd_corrected')).toBeCloseTo(0.5673758865248227, 12);
    expect(v('cd_up_corrected')).toBeCloseTo(0.2411347517730497, 12);
    expect(v('cd_down_corrected')).toBeCloseTo(0.326241134751773, 12);
  });

  it('n is the consistent items, and the labels say what was corrected', () => {
    const ms = correctedCertaintyMetrics(labels, card);
    expect(ms.map((m) => m.n)).toEqual([100, 100, 100]);
    expect(ms.map((m) => m.label)).toEqual([
      'CD (certainty distortion, eq. 2), corrected for judge error',
      'CD↑ (certainty increased), corrected for judge error',
      'CD↓ (certainty decreased), corrected for judge error',
    ]);
    for (const m of ms) {
      expect(m.kind).toBe('rate');
      expect(m.ci!.low).toBeLessThanOrEqual(m.value!);
      expect(m.ci!.high).toBeGreaterThanOrEqual(m.value!);
    }
  });

  it('no consistent item, or a card for other labels: nothing to correct', () => {
    expect(correctedCertaintyMetrics(['inconsistent', 'invalid'], card)).toEqual([]);
    expect(correctedCertaintyMetrics(labels, { ...card, labels: ['a', 'b', 'c'] })).toEqual([]);
  });
});
