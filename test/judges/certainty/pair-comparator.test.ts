import { describe, it, expect } from 'vitest';
import { PairCertaintyComparator, parsePairWeights, type PairComparatorWeights } from '../../../src/judges/certainty/pair-comparator.js';
import { pairDiffFeatures } from '../../../src/judges/certainty/pair-diff-features.js';
import { fitOrdinalPairs, ordinalPairLoss } from '../../../src/judges/certainty/fit-ordinal-pairs.js';
import { validateCertaintyComparator } from '../../../src/judges/certainty/validate.js';
import { fingerprintSet, packFingerprints, textFingerprint } from '../../../src/judges/fingerprint.js';

const HEDGED = 'Coffee may lower the risk of stroke.';
const PLAIN = 'Coffee lowers the risk of stroke.';

// Two weights only: the unigram "may" and the aligned modal-hedge residual.
const TOY: PairComparatorWeights = { version: 'toy', normalise: false, theta: 0.5, tieBand: 0.4, clearBand: 1.6, weights: { may: -1, 'pair:modal_hedge': -0.5 } };

describe('pairDiffFeatures', () => {
  it('keeps only what one text has and the other lacks (a token diff), B minus A', () => {
    const d = pairDiffFeatures(HEDGED, PLAIN);
    expect(d.get('may')).toBe(-1);
    expect(d.get('lowers')).toBe(1);
    expect(d.get('pair:modal_hedge')).toBe(-1); // log2(1 + 1) of A's unmatched "may"
    expect(d.has('coffee')).toBe(false); // shared words cancel
    expect(d.has('~lower')).toBe(false); // "lower" and "lowers" share a stem
    expect(pairDiffFeatures(PLAIN, PLAIN).size).toBe(0);
  });
  it('is antisymmetric, with and without length normalisation', () => {
    for (const normalise of [false, true]) {
      const ab = pairDiffFeatures(HEDGED, PLAIN, { normalise });
      const ba = pairDiffFeatures(PLAIN, HEDGED, { normalise });
      expect([...ab.keys()].sort()).toEqual([...ba.keys()].sort());
      for (const [k, v] of ab) expect(ba.get(k)).toBeCloseTo(-v, 12);
    }
  });
  it('normalises by √(1 + changed n-grams): 8 changed n-grams here, so 1/3', () => {
    expect(pairDiffFeatures(HEDGED, PLAIN, { normalise: true }).get('may')).toBeCloseTo(-1 / 3, 12);
  });
});

describe('PairCertaintyComparator', () => {
  it('scores a pair with worked numbers: s = (−1)(−1) + (−0.5)(−1) = 1.5, slightly more certain', async () => {
    const c = new PairCertaintyComparator(TOY);
    expect(c.delta(HEDGED, PLAIN)).toBeCloseTo(1.5, 12);
    const j = await c.compare(HEDGED, PLAIN);
    expect(j.label).toBe(1); // 0.4 ≤ 1.5 < 1.6
    expect(j.score).toBeCloseTo(1.5, 12);
    expect(j.calls.map((k) => k.canonical)).toEqual([1, 1]);
    const norm = new PairCertaintyComparator({ ...TOY, normalise: true });
    expect(norm.delta(HEDGED, PLAIN)).toBeCloseTo(0.5, 12); // (1 + 0.5) / 3
    expect((await new PairCertaintyComparator(TOY, { tieBand: 2, clearBand: 3 }).compare(HEDGED, PLAIN)).label).toBe(0);
    expect((await new PairCertaintyComparator(TOY, { tieBand: 0.1, clearBand: 1 }).compare(HEDGED, PLAIN)).label).toBe(2);
  });
  it('is antisymmetric: f(a, b) = −f(b, a), with n-gram, stem, hand and marker weights', async () => {
    const wide: PairComparatorWeights = { ...TOY, normalise: true, tieBand: 0.1, weights: { ...TOY.weights, might: -1.2, likely: 0.7, 'cannot exclude': -0.9, '~improv': 0.4, grp_causal_plain: 0.3, 'pair:radiology_hedge': -0.6, 'a study': 0.2 } };
    const toy = new PairCertaintyComparator(TOY);
    let nonzero = 0;
    for (const c of [toy, new PairCertaintyComparator(wide)]) {
      for (const [a, b] of [
        [HEDGED, PLAIN],
        ['These findings suggest that exercise might improve memory in older adults.', 'Exercise improves memory in older adults, a study shows.'],
        ['Patchy opacity at the right lung base, likely pneumonia.', 'Patchy opacity at the right lung base, cannot exclude pneumonia.'],
      ] as const) {
        expect(c.delta(b, a)).toBeCloseTo(-c.delta(a, b), 12);
        const fwd = await c.compare(a, b);
        const back = await c.compare(b, a);
        expect((back.label as number) + (fwd.label as number)).toBe(0);
        if (c !== toy) nonzero += fwd.label === 0 ? 0 : 1;
      }
    }
    expect(nonzero).toBe(3);
  });
  it('reads weights from JSON and names the file when they are malformed', () => {
    const back = parsePairWeights(JSON.parse(JSON.stringify(TOY)) as unknown, 'w.json');
    expect(new PairCertaintyComparator(back).delta(HEDGED, PLAIN)).toBeCloseTo(1.5, 12);
    expect(() => parsePairWeights({ ...TOY, theta: 'x' }, 'w.json')).toThrow(/w\.json: expected pair-comparator weights/);
    expect(() => parsePairWeights({ ...TOY, weights: { may: null } }, 'w.json')).toThrow(/"may" is not a finite number/);
    expect(() => parsePairWeights({ ...TOY, weights: { 'emb:3': 1 } }, 'w.json')).toThrow(/does not compute/);
  });
  it('is validated like any comparator, with in-sample pairs flagged by a fingerprint set', async () => {
    const items = [
      { a: HEDGED, b: PLAIN, label: 1 },
      { a: 'X reduces Y.', b: 'X reduces Y.', label: 0 },
    ];
    const c = new PairCertaintyComparator(TOY);
    const seen = fingerprintSet(packFingerprints([PLAIN]));
    const v = await validateCertaintyComparator({ items, comparator: c, inTraining: (t) => seen.has(textFingerprint(t)) });
    expect(v).toMatchObject({ directionAccuracy: 1, orderAccuracy: 1, tieAccuracy: 1, inTraining: 1, nAll: 2 });
    expect((await validateCertaintyComparator({ items, comparator: c })).inTraining).toBe(0);
  });
  it('rejects a clear band below the tie band', () => {
    expect(() => new PairCertaintyComparator(TOY, { tieBand: 2, clearBand: 1 })).toThrow(/clear band/);
  });
});

describe('fitOrdinalPairs', () => {
  it('has the cumulative-logit likelihood (worked numbers, s = 1, θ = 0.5)', () => {
    expect(ordinalPairLoss(1, 0.5, 1).loss).toBeCloseTo(0.474077, 6); // −ln σ(0.5)
    expect(ordinalPairLoss(1, 0.5, -1).loss).toBeCloseTo(1.701413, 6); // −ln σ(−1.5)
    expect(ordinalPairLoss(1, 0.5, 0).loss).toBeCloseTo(1.634165, 6); // −ln(1 − σ(0.5) − σ(−1.5))
  });
  it('matches its derivatives (finite differences)', () => {
    for (const y of [-1, 0, 1] as const) {
      const r = ordinalPairLoss(0.3, 0.7, y);
      const h = 1e-6;
      expect(r.ds).toBeCloseTo((ordinalPairLoss(0.3 + h, 0.7, y).loss - ordinalPairLoss(0.3 - h, 0.7, y).loss) / (2 * h), 5);
      expect(r.dtheta).toBeCloseTo((ordinalPairLoss(0.3, 0.7 + h, y).loss - ordinalPairLoss(0.3, 0.7 - h, y).loss) / (2 * h), 5);
    }
  });
  it('learns the sign of a feature and a tie threshold from ties', () => {
    // feature 0 points to B when +1; feature 1 is noise that appears in ties
    const ex = [
      ...Array.from({ length: 20 }, () => ({ idx: [0], val: [1], y: 1 as const })),
      ...Array.from({ length: 20 }, () => ({ idx: [0], val: [-1], y: -1 as const })),
      ...Array.from({ length: 20 }, () => ({ idx: [1], val: [1], y: 0 as const })),
      ...Array.from({ length: 20 }, () => ({ idx: [1], val: [-1], y: 0 as const })),
    ];
    const f = fitOrdinalPairs(ex, 2, { l2: 1e-3, iterations: 500 });
    expect(f.w[0]!).toBeGreaterThan(f.theta + 1);
    expect(Math.abs(f.w[1]!)).toBeLessThan(f.theta);
  });
});
