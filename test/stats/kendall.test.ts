import { describe, expect, it } from 'vitest';
import { kendallTauB } from '../../src/stats/kendall.js';
import { createRng } from '../../src/stats/rng.js';

/** O(n²) reference: tau-b = (C − D) / sqrt((n0 − n1)(n0 − n2)) counting every pair. */
function bruteTauB(x: number[], y: number[]): number {
  let s = 0;
  let tx = 0;
  let ty = 0;
  let pairs = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      pairs++;
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      s += dx * dy;
      if (dx === 0) tx++;
      if (dy === 0) ty++;
    }
  }
  return s / Math.sqrt((pairs - tx) * (pairs - ty));
}

describe('kendallTauB', () => {
  it("scipy's kendalltau documentation example (with ties: asymptotic p)", () => {
    // scipy.stats.kendalltau docs: x = [12, 2, 1, 12, 2], y = [1, 4, 7, 1, 0]
    //   -> statistic -0.47140452079103173, pvalue 0.2827454599327748.
    // The data have ties, so scipy's method='auto' uses the asymptotic p-value; we implement that one.
    // Hand check: n = 5, n0 = 10; x ties {12,12},{2,2} -> n1 = 2, y ties {1,1} -> n2 = 1, joint (12,1) twice -> n3 = 1;
    //   C = 2, D = 6 -> S = −4; tau = −4/sqrt(8·9) = −0.471405.
    //   var(S) = (20·15 − 2·18 − 18)/18 + 0 + (2·2·1)/(2·20) = 13.5 + 0.1 = 13.6; z = −4/√13.6 = −1.084652,
    //   p = 2Φ(−1.084652) = 0.282745.
    const r = kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]);
    expect(r.tau).toBeCloseTo(-0.4714045207910317, 14);
    expect(r.pValue).toBeCloseTo(0.2827454599327748, 12);
    expect(r.n).toBe(5);
  });

  it('no ties: asymptotic p equals scipy method="asymptotic"', () => {
    // R ?cor.test data; scipy kendalltau(x, y, method='asymptotic') -> 0.4444444444444444, 0.09529283802345664
    // (scipy's default exact p here is 0.11943893298059964; we always report the asymptotic one).
    const x = [44.4, 45.9, 41.9, 53.3, 44.7, 44.1, 50.7, 45.2, 60.1];
    const y = [2.6, 3.1, 2.5, 5.0, 3.6, 4.0, 5.2, 2.8, 3.8];
    const r = kendallTauB(x, y);
    expect(r.tau).toBeCloseTo(4 / 9, 14);
    expect(r.pValue).toBeCloseTo(0.09529283802345664, 12);
  });

  it('agrees with the O(n²) definition on random data, with and without ties', () => {
    const rng = createRng(2024);
    for (let trial = 0; trial < 20; trial++) {
      const n = 2 + Math.floor(rng() * 300);
      const ties = trial % 2 === 1;
      const draw = (): number => (ties ? Math.floor(rng() * 6) : rng());
      const x = Array.from({ length: n }, draw);
      const y = x.map((v) => (rng() < 0.5 ? v + (ties ? Math.floor(rng() * 3) : rng()) : draw()));
      const expected = bruteTauB(x, y);
      const got = kendallTauB(x, y).tau;
      if (Number.isNaN(expected)) expect(got).toBeNaN();
      else expect(got).toBeCloseTo(expected, 12);
    }
  });

  it('perfect agreement and reversal', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40]).tau).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1]).tau).toBe(-1);
  });

  it('degenerate input', () => {
    expect(kendallTauB([], []).tau).toBeNaN();
    expect(kendallTauB([1], [2]).pValue).toBeNaN();
    expect(kendallTauB([1, 1, 1], [1, 2, 3]).tau).toBeNaN();
    expect(() => kendallTauB([1, 2], [1])).toThrow(/length/);
    expect(() => kendallTauB([1, Infinity], [1, 2])).toThrow(/pair 1/);
    const two = kendallTauB([1, 2], [1, 2]);
    expect(two.tau).toBe(1);
    expect(Number.isFinite(two.pValue)).toBe(true);
  });
});

// Mutation-found gap: the tie-corrected variance's third term, Σt(t−1)(t−2)·Σu(u−1)(u−2), is zero
// unless both variables have a tie of three or more, so ties of size 2 never tested it.
describe('Kendall tau-b p-value with ties of three and four in both variables', () => {
  it('positive association (scipy.stats.kendalltau(x, y, method="asymptotic"))', () => {
    const r = kendallTauB([1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 5, 5], [2, 2, 1, 3, 3, 3, 1, 4, 4, 5, 5, 5]);
    expect(r.tau).toBeCloseTo(0.7501196076875477, 12);
    expect(r.pValue).toBeCloseTo(0.002282527089033124, 12);
  });
  it('negative association (scipy.stats.kendalltau(x, y, method="asymptotic"))', () => {
    const r = kendallTauB([1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4], [4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]);
    expect(r.tau).toBeCloseTo(-0.8847790053297434, 12);
    expect(r.pValue).toBeCloseTo(0.0005607290349557972, 12);
  });
});

// Mutation-found gap: with one side constant τ_b is 0/0, and without the early return the
// p-value came out as 1 (the variance rounds to a tiny positive number).
// scipy.stats.kendalltau([1, 1, 1, 1, 1], [0, 2, 1, 2, 2]) -> (nan, nan), and the same swapped.
describe('Kendall tau-b with one constant side', () => {
  it('is undefined, and so is its p-value, whichever side is constant', () => {
    for (const [x, y] of [
      [[1, 1, 1, 1, 1], [0, 2, 1, 2, 2]],
      [[0, 2, 1, 2, 2], [1, 1, 1, 1, 1]],
    ]) {
      const r = kendallTauB(x!, y!);
      expect(r.tau).toBeNaN();
      expect(r.pValue).toBeNaN();
      expect(r.n).toBe(5);
    }
  });
});
