/**
 * The framing rates corrected for the judge's error, on a worked example: a judge that is right
 * 80% of the time on every class, (Mᵀ)⁻¹ P_obs M⁻¹ computed independently with numpy
 * (np.linalg.inv(M.T) @ P @ np.linalg.inv(M), M the row-normalised confusion, P the observed
 * source × output shares). The 199 observed pairs are the rounded forward image of a true table
 * with every cell positive, so no cell is clipped and each figure is exact.
 */
import { describe, expect, it } from 'vitest';
import type { Framing } from '../../../src/core/types.js';
import { workedFramingCard } from '../../helpers/judge-card.js';
import { correctedFramingMetrics } from '../../../src/probes/framing/corrected.js';

const F: Framing[] = ['positive', 'negative', 'neutral'];
// rows: source framing, columns: output framing
const OBSERVED = [
  [43, 19, 22],
  [16, 36, 15],
  [15, 15, 18],
];

// the card lists its labels in its own order (mapped by name onto the probe's)
const card = workedFramingCard(
  ['neutral', 'positive', 'negative'],
  [
    [80, 10, 10],
    [10, 80, 10],
    [10, 10, 80],
  ],
  0.8,
);

const items = OBSERVED.flatMap((row, i) => row.flatMap((count, j) => Array.from({ length: count }, () => ({ fC: F[i]!, fS: F[j]!, changed: i !== j }))));

describe('correctedFramingMetrics', () => {
  // computed in each test, not once in the describe body, so per-test coverage reaches it
  const metrics = () => correctedFramingMetrics(items, card);
  const value = (name: string): number => metrics().find((m) => m.name === name)!.value!;

  it('inverts the judge on both sides of the joint table (numpy reference)', () => {
    expect(items).toHaveLength(199);
    expect(value('phi_frame_corrected')).toBeCloseTo(0.3521690083068404, 12); // raw φ_frame 0.5126
    expect(value('shift_positive_to_negative_corrected')).toBeCloseTo(0.057327453594503114, 12);
    expect(value('shift_positive_to_neutral_corrected')).toBeCloseTo(0.10347656650599936, 12);
    expect(value('shift_negative_to_positive_corrected')).toBeCloseTo(0.039893344272382315, 12);
    expect(value('shift_negative_to_neutral_corrected')).toBeCloseTo(0.04912316685468154, 12);
    expect(value('shift_neutral_to_positive_corrected')).toBeCloseTo(0.04912316685468155, 12);
    expect(value('shift_neutral_to_negative_corrected')).toBeCloseTo(0.053225310224592336, 12);
  });

  it('gives the corrected source (row) and output (column) shares, not each other', () => {
    expect(value('source_positive_corrected')).toBeCloseTo(0.46015793251974146, 12);
    expect(value('source_negative_corrected')).toBeCloseTo(0.3381191672648959, 12);
    expect(value('source_neutral_corrected')).toBeCloseTo(0.2017229002153625, 12);
    expect(value('output_positive_corrected')).toBeCloseTo(0.38837042354630286, 12);
    expect(value('output_negative_corrected')).toBeCloseTo(0.3596554199569274, 12);
    expect(value('output_neutral_corrected')).toBeCloseTo(0.25197415649676946, 12);
  });

  it('each metric is a rate with n = the items and a bootstrap interval around its value', () => {
    const all = metrics();
    expect(all).toHaveLength(13);
    for (const m of all) {
      expect(m.n).toBe(199);
      expect(m.kind).toBe('rate');
      expect(m.ci!.low).toBeLessThanOrEqual(m.value! + 1e-12);
      expect(m.ci!.high).toBeGreaterThanOrEqual(m.value! - 1e-12);
      expect(m.ci!.low).toBeGreaterThanOrEqual(0);
      expect(m.ci!.high).toBeLessThanOrEqual(1);
      expect(m.label).toMatch(/corrected for judge error$/);
    }
  });

  it('a card for other labels gives no corrected metrics', () => {
    expect(correctedFramingMetrics(items, { ...card, labels: ['yes', 'no', 'maybe'] })).toEqual([]);
  });

  // mutation-found: the labels were never checked
  it('labels each corrected metric as the raw one, corrected for judge error', () => {
    const label = (name: string) => metrics().find((m) => m.name === name)!.label;
    expect(label('phi_frame_corrected')).toBe('φ_frame (framing-change fraction, eq. 1), corrected for judge error');
    expect(label('shift_positive_to_neutral_corrected')).toBe('Pos→Neu, corrected for judge error');
    expect(label('source_negative_corrected')).toBe('source framed negative, corrected for judge error');
    expect(label('output_neutral_corrected')).toBe('output framed neutral, corrected for judge error');
  });
});
