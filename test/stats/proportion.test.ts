import { describe, expect, it } from 'vitest';
import { clopperPearsonInterval, proportionMetric, wilsonInterval } from '../../src/stats/proportion.js';

describe('wilsonInterval', () => {
  it('81 of 263 -> (0.2553, 0.3662)', () => {
    // By formula, z = 1.959964, p = 81/263 = 0.307985, z²/n = 0.014606:
    //   centre = (0.307985 + 0.007303) / 1.014606 = 0.310750
    //   half   = 1.959964/1.014606 · sqrt(0.307985·0.692015/263 + 3.841459/(4·263²))
    //          = 1.931747 · sqrt(0.00081036 + 0.00001388) = 0.055461
    //   -> (0.255289, 0.366210); scipy binomtest(81, 263).proportion_ci('wilson')
    //   = (0.2552885198782742, 0.36620957698280004)
    const ci = wilsonInterval(81, 263);
    expect(ci.low).toBeCloseTo(0.2552885198782742, 10);
    expect(ci.high).toBeCloseTo(0.36620957698280004, 10);
    expect(ci).toMatchObject({ level: 0.95, method: 'wilson' });
  });

  it('stays inside [0,1] at the edges and is non-degenerate', () => {
    const zero = wilsonInterval(0, 10);
    expect(zero.low).toBe(0);
    // 0 of 10: high = z²/n / (1 + z²/n) = 0.384146/1.384146 = 0.277533
    expect(zero.high).toBeCloseTo(0.2775328, 6);
    const all = wilsonInterval(10, 10);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - 0.2775328, 6);
  });

  it('narrows with a lower level', () => {
    const a = wilsonInterval(30, 100, 0.95);
    const b = wilsonInterval(30, 100, 0.8);
    expect(b.high - b.low).toBeLessThan(a.high - a.low);
  });

  it('rejects bad counts', () => {
    expect(() => wilsonInterval(1, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(5, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(-1, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 4)).toThrow(RangeError);
  });
});

describe('clopperPearsonInterval', () => {
  it("matches R's binom.test(81, 263)$conf.int", () => {
    // scipy binomtest(81, 263).proportion_ci('exact') = (0.25273674558504267, 0.36762192260134746)
    const ci = clopperPearsonInterval(81, 263);
    expect(ci.low).toBeCloseTo(0.25273674558504267, 8);
    expect(ci.high).toBeCloseTo(0.36762192260134746, 8);
    expect(ci.method).toBe('clopper-pearson');
  });

  it('0 of 10 -> (0, 1 − 0.025^(1/10))', () => {
    // closed form at x = 0: high = 1 − (α/2)^(1/n) = 0.30849710781876294
    const ci = clopperPearsonInterval(0, 10);
    expect(ci.low).toBe(0);
    expect(ci.high).toBeCloseTo(1 - Math.pow(0.025, 1 / 10), 10);
    expect(clopperPearsonInterval(10, 10).high).toBe(1);
  });
});

describe('proportionMetric', () => {
  it('is a rate with a Wilson interval', () => {
    const m = proportionMetric('phi', 'φ', 81, 263);
    expect(m).toMatchObject({ name: 'phi', label: 'φ', n: 263, kind: 'rate' });
    expect(m.value).toBeCloseTo(81 / 263, 12);
    expect(m.ci?.method).toBe('wilson');
  });

  it('n = 0 gives value null (undefined, docs/results.md), n 0 and no interval', () => {
    const m = proportionMetric('phi', 'φ', 0, 0);
    expect(m).toEqual({ name: 'phi', label: 'φ', value: null, n: 0, kind: 'rate' });
    expect(() => proportionMetric('phi', 'φ', 1, 0)).toThrow(RangeError);
  });
});

// Mutation-found gaps: the upper bound at x = n taken as exactly 1 (at n = 5 the formula's
// centre + half rounds to 1 − 2⁻⁵³), and the checks and messages.
describe('proportion edges', () => {
  it('the Wilson upper bound at x = n is exactly 1', () => {
    // at p̂ = 1: centre + half = (1 + z²/2n)/(1 + z²/n) + (z²/2n)/(1 + z²/n) = 1 by hand;
    // R: prop.test(5, 5, correct = FALSE)$conf.int = 0.5655175 1.0000000; prop.test(0, 5, ...) = 0 0.4344825
    expect(wilsonInterval(5, 5).high).toBe(1);
    expect(wilsonInterval(0, 5).low).toBe(0);
  });
  it('refuses n that is not a positive integer and successes outside [0, n], naming the function', () => {
    expect(() => wilsonInterval(0, 0)).toThrow('wilsonInterval: n must be a positive integer, got 0');
    expect(() => wilsonInterval(1, 2.5)).toThrow('wilsonInterval: n must be a positive integer, got 2.5');
    expect(() => wilsonInterval(3, 2)).toThrow('wilsonInterval: successes must be an integer in [0, 2], got 3');
    expect(() => wilsonInterval(1, 2, 0)).toThrow('wilsonInterval: level must be in (0, 1), got 0');
    expect(() => clopperPearsonInterval(0, 0)).toThrow('clopperPearsonInterval: n must be a positive integer, got 0');
    expect(() => clopperPearsonInterval(1, 2, 1)).toThrow('clopperPearsonInterval: level must be in (0, 1), got 1');
    expect(() => proportionMetric('shift', 'shift rate', 1, 0)).toThrow('proportionMetric(shift): successes 1 with n = 0');
  });
});
