import { describe, it, expect } from 'vitest';
import { modelProbabilities, predictFraming, type FramingModel } from '../../../src/judges/framing/model.js';
import { FEATURE_NAMES } from '../../../src/judges/framing/features.js';

const d = FEATURE_NAMES.length;
const zeros = new Array<number>(d).fill(0);
const ones = new Array<number>(d).fill(1);

describe('framing models', () => {
  it('ordinal: P(neg)=σ(t0−s), P(neu)=σ(t1−s)−σ(t0−s), P(pos)=1−σ(t1−s)', () => {
    const m: FramingModel = { kind: 'ordinal-logistic', mean: zeros, sd: ones, weights: [1, ...zeros.slice(1)], thresholds: [-1, 1] };
    // s = 0: σ(-1) = 0.268941, σ(1) − σ(-1) = 0.462117
    const p = modelProbabilities(m, zeros);
    expect(p[0]).toBeCloseTo(0.268941, 6);
    expect(p[1]).toBeCloseTo(0.462117, 6);
    expect(p[2]).toBeCloseTo(0.268941, 6);
    expect(predictFraming(m, zeros)).toBe('neutral');
    // s = 3 (first feature 3): σ(-4) = 0.017986, σ(-2) = 0.119203 -> P(pos) = 0.880797
    expect(modelProbabilities(m, [3, ...zeros.slice(1)])[2]).toBeCloseTo(0.880797, 6);
    expect(predictFraming(m, [3, ...zeros.slice(1)])).toBe('positive');
  });

  it('multinomial: softmax of bias + weights·z, standardised with mean and sd', () => {
    const m: FramingModel = {
      kind: 'multinomial-logistic',
      mean: ones,
      sd: ones.map(() => 2),
      bias: [0, Math.log(2), 0],
      weights: [zeros, zeros, [1, ...zeros.slice(1)]],
    };
    // z = 0 -> softmax(0, ln 2, 0) = (1/4, 1/2, 1/4)
    const p = modelProbabilities(m, zeros);
    expect(p[0]).toBeCloseTo(0.25, 12);
    expect(p[1]).toBeCloseTo(0.5, 12);
    // raw x1 = 5 -> z1 = (5 − 1)/2 = 2 -> logits (0, ln 2, 2) -> positive wins
    expect(predictFraming(m, [5, ...ones.slice(1)])).toBe('positive');
    expect(predictFraming(m, ones)).toBe('neutral');
  });
});
