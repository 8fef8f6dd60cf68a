import { describe, it, expect } from 'vitest';
import { OfflineCertaintyComparator } from '../../../src/judges/certainty/offline-comparator.js';
import { extractMarkers } from '../../../src/judges/certainty/features.js';
import { pairFeatures } from '../../../src/judges/certainty/pair-features.js';
import { fitPairwiseLogistic } from '../../../src/judges/certainty/fit-pairwise.js';
import { validateCertaintyComparator } from '../../../src/judges/certainty/validate.js';

const c = new OfflineCertaintyComparator();

describe('marker extraction', () => {
  it('finds hedges, radiology phrases and classifies causal claims', () => {
    expect(extractMarkers('Statins reduce mortality.').claimClass).toBe(3);
    expect(extractMarkers('Statins may reduce mortality.').claimClass).toBe(2);
    expect(extractMarkers('Statin use is associated with increased risk of diabetes.').claimClass).toBe(1);
    expect(extractMarkers('The cardiac silhouette is normal.').claimClass).toBe(0);
    const hits = extractMarkers('Opacity, cannot exclude pneumonia; concerning for infection.').hits.map((h) => `${h.phrase}:${h.feature}`);
    expect(hits).toContain('cannot exclude:radiology_hedge');
    expect(hits).toContain('concerning for:radiology_hedge');
  });
  it('does not read adjectival participles as claims', () => {
    expect(extractMarkers('Patients had increased levels of IL-6.').hits.some((h) => h.feature === 'direct_causal')).toBe(false);
  });
});

describe('OfflineCertaintyComparator', () => {
  it('is antisymmetric: d(A, B) = −d(B, A), shared markers cancel', () => {
    const a = 'These findings suggest that exercise may improve memory.';
    const b = 'Exercise improves memory.';
    const d1 = pairFeatures(a, b);
    const d2 = pairFeatures(b, a);
    d1.forEach((v, k) => expect(v).toBeCloseTo(-d2[k]!, 12));
    expect(pairFeatures(a, a).every((v) => v === 0)).toBe(true);
  });
  it('sees hedge removal as an increase, and never reports inconsistency', async () => {
    const j = await c.compare('These findings suggest that exercise may improve memory.', 'Exercise improves memory.');
    expect(j.label).toBeGreaterThan(0);
    const back = await c.compare('Exercise improves memory.', 'These findings suggest that exercise may improve memory.');
    expect(back.label).toBe(-(j.label as number));
    expect((await c.compare('The lungs are clear.', 'The lungs are clear.')).label).toBe(0);
  });
  it('validates against labelled pairs', async () => {
    const v = await validateCertaintyComparator({
      items: [
        { a: 'X may reduce Y.', b: 'X reduces Y.', label: 1 },
        { a: 'X reduces Y.', b: 'X may reduce Y.', label: -1 },
        { a: 'X reduces Y.', b: 'X reduces Y.', label: 0 },
      ],
    });
    expect(v).toMatchObject({ directionAccuracy: 1, n: 2, nTies: 1, tieAccuracy: 1, nAll: 3 });
    expect(v.tauB).toBeCloseTo(1, 12);
    expect(v.confusion.counts).toEqual([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]);
    expect(v.inTraining).toBe(0);
  });
  it('reports order accuracy from δ, which a tie band does not hide', async () => {
    // Only the lexicon's modal hedge counts; a tie band of 5 makes every label "no clear difference".
    const wide = new OfflineCertaintyComparator({ version: 'wide', weights: { modal_hedge: -1 }, tieBand: 5, clearBand: 5 });
    const items = [
      { a: 'X may reduce Y.', b: 'X reduces Y.', label: 1 }, // δ = +1: right
      { a: 'X reduces Y.', b: 'X may reduce Y.', label: -1 }, // δ = −1: right
      { a: 'X reduces Y.', b: 'X may reduce Y.', label: 1 }, // δ = −1: wrong
      { a: 'X reduces Y.', b: 'X lowers Y.', label: 1 }, // δ = 0: a miss
    ];
    const v = await validateCertaintyComparator({ items, comparator: wide });
    expect(v.directionAccuracy).toBe(0);
    expect(v.decided).toBe(0);
    expect(v.orderAccuracy).toBe(0.5);
  });
  it('has no order accuracy for a comparator without a score', async () => {
    const labelOnly = {
      id: 'x',
      version: '1',
      compare: async (a: string, b: string) => {
        const { score: _score, ...labelled } = await c.compare(a, b);
        return labelled;
      },
    };
    const v = await validateCertaintyComparator({ items: [{ a: 'X may reduce Y.', b: 'X reduces Y.', label: 1 }], comparator: labelOnly });
    expect(v.orderAccuracy).toBeNaN();
    expect(v.directionAccuracy).toBe(1);
  });
});

describe('fitPairwiseLogistic', () => {
  it('recovers the sign and rough size of a planted weight', () => {
    // y = 1 iff 2·d0 − d1 > 0 (separable, plus symmetric copies).
    const ex = [];
    for (let i = -5; i <= 5; i++) for (let j = -5; j <= 5; j++) if (2 * i - j !== 0) ex.push({ d: [i, j], y: (2 * i - j > 0 ? 1 : 0) as 0 | 1 });
    const w = fitPairwiseLogistic(ex, 2, { l2: 1e-3, iterations: 3000 });
    expect(w[0]!).toBeGreaterThan(0);
    expect(w[1]!).toBeLessThan(0);
    expect(w[0]! / -w[1]!).toBeCloseTo(2, 0);
  });
});
