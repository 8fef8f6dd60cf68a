import { describe, it, expect } from 'vitest';
import { ClaimStrengthScorer, groupCounts, ngrams, softmax, stem, strengthTokens } from '../../../src/judges/certainty/claim-strength.js';
import { fitSoftmax } from '../../../src/judges/certainty/claim-strength-fit.js';
import { CLAIM_STRENGTH_MODEL } from '../../../src/judges/certainty/claim-strength-weights.js';
import { OfflineCertaintyComparator, CLAIM_STRENGTH_WEIGHT } from '../../../src/judges/certainty/offline-comparator.js';

describe('claim-strength features', () => {
  it('tokenises like CountVectorizer with the hyphen/apostrophe pattern and builds bigrams', () => {
    expect(strengthTokens('Low-dose aspirin’s effect: 25% lower.')).toEqual(['low-dose', "aspirin's", 'effect', '25', 'lower']);
    expect([...ngrams('X may reduce Y')]).toEqual(['x', 'may', 'reduce', 'y', 'x may', 'may reduce', 'reduce y']);
  });
  it('stems inflections together and counts claim-word groups', () => {
    expect(new Set(['regulates', 'regulated', 'regulating'].map(stem)).size).toBe(1);
    expect(Object.fromEntries(groupCounts('Coffee may lead to lower risk, and is associated with sleep.'))).toEqual({ conditional: 1, causal: 1, association: 2 });
  });
  it('softmax matches a hand computation', () => {
    // e^0, e^1, e^2 normalised: 1/(1+e+e²) = 0.09003057
    const p = softmax([0, 1, 2]);
    expect(p[0]!).toBeCloseTo(0.09003057, 7);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('ClaimStrengthScorer', () => {
  it('computes probabilities and the expected strength from a hand model', () => {
    // "reduces" present: z = bias + w = [0, 0, 0, ln 3] → p = [1, 1, 1, 3] / 6, E = (1 + 2 + 9) / 6 = 2.
    const s = new ClaimStrengthScorer({ version: 't', bias: [0, 0, 0, 0], weights: { reduces: [0, 0, 0, Math.log(3)] } });
    expect(s.expectedStrength('Drug reduces pain')).toBeCloseTo(2, 12);
    expect(s.expectedStrength('Drug and pain')).toBeCloseTo(1.5, 12);
  });
  it('the fitted model orders the causal-strength scale on clear examples', () => {
    const s = new ClaimStrengthScorer(CLAIM_STRENGTH_MODEL);
    const direct = s.expectedStrength('Eating breakfast improves memory in children.');
    const conditional = s.expectedStrength('Eating breakfast may improve memory in children.');
    const correlational = s.expectedStrength('Eating breakfast was associated with better memory in children.');
    expect(direct).toBeGreaterThan(conditional);
    expect(direct).toBeGreaterThan(correlational);
  });
});

describe('fitSoftmax', () => {
  it('recovers a planted 3-class rule and converges to a smaller objective', () => {
    // feature k present ⇒ class k (plus an always-on feature 3 carrying no information).
    const ex = [];
    for (let r = 0; r < 20; r++) for (let k = 0; k < 3; k++) ex.push({ idx: [k, 3], val: [1, 1], y: k });
    const short = fitSoftmax(ex, 4, 3, { l2: 1e-3, iterations: 5 });
    const fit = fitSoftmax(ex, 4, 3, { l2: 1e-3, iterations: 500 });
    expect(fit.loss).toBeLessThan(short.loss);
    for (let k = 0; k < 3; k++) {
      const z = [0, 1, 2].map((c) => fit.bias[c]! + fit.w[k * 3 + c]! + fit.w[3 * 3 + c]!);
      expect(z.indexOf(Math.max(...z))).toBe(k);
    }
  });

  it('weighs an example with weight 2 exactly like the example given twice', () => {
    const base = [
      { idx: [0], val: [1], y: 0 },
      { idx: [1], val: [1], y: 1 },
      { idx: [0, 1], val: [1, 1], y: 1 },
    ];
    const twice = fitSoftmax([...base, base[2]!], 2, 2, { l2: 1e-2, iterations: 300 });
    const weighted = fitSoftmax([base[0]!, base[1]!, { ...base[2]!, weight: 2 }], 2, 2, { l2: 1e-2, iterations: 300 });
    const plain = fitSoftmax(base, 2, 2, { l2: 1e-2, iterations: 300 });
    for (let i = 0; i < 4; i++) expect(weighted.w[i]).toBeCloseTo(twice.w[i]!, 9);
    expect(weighted.loss).toBeCloseTo(twice.loss, 9);
    // and it does change the fit: the doubled mixed example pulls feature 0 towards class 1
    expect(Math.abs(weighted.w[1]! - plain.w[1]!)).toBeGreaterThan(1e-3);
  });

  it('rejects a non-positive weight', () => {
    expect(() => fitSoftmax([{ idx: [0], val: [1], y: 0, weight: 0 }], 1, 2)).toThrow(/example 0 has weight 0/);
  });
});

describe('OfflineCertaintyComparator with a claim-strength term', () => {
  it('adds w_cs · (E[s_B] − E[s_A]) and stays antisymmetric', () => {
    const model = { version: 't', bias: [0, 0, 0, 0], weights: { reduces: [0, 0, 0, Math.log(3)] } };
    const c = new OfflineCertaintyComparator({ version: 'v', weights: { [CLAIM_STRENGTH_WEIGHT]: 2 }, tieBand: 0.1, clearBand: 0.9 }, model);
    // E = 2 for B, 1.5 for A: δ = 2 · 0.5 = 1.
    expect(c.delta('Drug and pain.', 'Drug reduces pain.')).toBeCloseTo(1, 12);
    expect(c.delta('Drug reduces pain.', 'Drug and pain.')).toBeCloseTo(-1, 12);
    expect(c.version).toBe('v+t');
  });
});
