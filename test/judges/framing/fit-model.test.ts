import { describe, it, expect } from 'vitest';
import {
  balancedClassWeights, columnStats, fitMultinomial, fitOrdinal, multinomialLossGrad, ordinalLossGrad,
} from '../../../src/judges/framing/fit-model.js';
import { modelProbabilities, standardise } from '../../../src/judges/framing/model.js';

/** central finite differences */
function numericGrad(f: (t: number[]) => number, theta: number[], h = 1e-6): number[] {
  return theta.map((_, i) => {
    const a = [...theta];
    const b = [...theta];
    a[i] = (a[i] as number) + h;
    b[i] = (b[i] as number) - h;
    return (f(a) - f(b)) / (2 * h);
  });
}

const z = [[0.5, -1], [1.5, 0.2], [-0.3, 0.7], [2, -0.4], [-1.2, 1.1]];
const y = [0, 1, 2, 1, 0];
const rw = [1, 2, 0.5, 1, 1.5];

describe('fitting the framing models', () => {
  it('balanced class weights are n / (K · n_k) (sklearn class_weight="balanced")', () => {
    // n = 6, counts (3, 1, 2): 6/9, 6/3, 6/6
    const w = balancedClassWeights([0, 0, 0, 1, 2, 2]);
    expect(w[0]).toBeCloseTo(2 / 3, 12);
    expect(w[1]).toBeCloseTo(2, 12);
    expect(w[2]).toBeCloseTo(1, 12);
  });

  it('columnStats: mean and population sd; a constant column gets sd 1', () => {
    const s = columnStats([[1, 5], [3, 5]]);
    expect(s.mean).toEqual([2, 5]);
    expect(s.sd).toEqual([1, 1]);
  });

  it('ordinal loss gradient matches finite differences', () => {
    const theta = [0.3, -0.7, -0.5, Math.log(1.3)];
    const [, g] = ordinalLossGrad(z, y, rw, 0.01, theta);
    const ng = numericGrad((t) => ordinalLossGrad(z, y, rw, 0.01, t)[0], theta);
    g.forEach((v, i) => expect(v).toBeCloseTo(ng[i] as number, 6));
  });

  it('multinomial loss gradient matches finite differences', () => {
    const theta = [0.1, 0.2, -0.3, -0.2, 0.5, 0.1, 0.05, -0.4, 0.3];
    const [, g] = multinomialLossGrad(z, y, rw, 0.01, theta);
    const ng = numericGrad((t) => multinomialLossGrad(z, y, rw, 0.01, t)[0], theta);
    g.forEach((v, i) => expect(v).toBeCloseTo(ng[i] as number, 6));
  });

  it('both fitters separate three ordered clusters and are deterministic', () => {
    const x: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 30; i++) {
      const k = i % 3;
      x.push([(k - 1) * 3 + ((i * 7) % 5) / 10, ((i * 13) % 7) / 7]);
      labels.push(k);
    }
    for (const fit of [fitOrdinal, fitMultinomial]) {
      const m = fit(x, labels, { iterations: 500 });
      const pred = x.map((r) => {
        const p = modelProbabilities(m, standardise(r, m));
        return p.indexOf(Math.max(...p));
      });
      expect(pred).toEqual(labels);
      expect(fit(x, labels, { iterations: 500 })).toEqual(m);
    }
  });

  it('rejects sample weights of the wrong length', () => {
    expect(() => fitOrdinal([[1], [2]], [0, 2], { sampleWeights: [1] })).toThrow(/one weight per row/);
  });
});
