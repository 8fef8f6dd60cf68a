import { describe, expect, it } from 'vitest';
import { byId, compareMeanMoments, comparePaired, declaredKind, matchPairs } from '../../src/stats/paired-comparison.js';
import { mean, variance } from '../../src/stats/mean.js';

/** Paired 0/1 samples with a = both 1, b = 1 → 0, c = 0 → 1, d = both 0. */
function table(a: number, b: number, c: number, d: number): { x: number[]; y: number[] } {
  const x = [...Array(a + b).fill(1), ...Array(c + d).fill(0)] as number[];
  const y = [...Array(a).fill(1), ...Array(b).fill(0), ...Array(c).fill(1), ...Array(d).fill(0)] as number[];
  return { x, y };
}

describe('one paired comparison, chosen by the declared kind', () => {
  it('a rate: McNemar exact test and Newcombe paired score interval (Altman et al. 2000, Table 6.2)', () => {
    const { x, y } = table(14, 5, 0, 22);
    const c = comparePaired({ kind: 'rate' }, x, y);
    expect(c).toMatchObject({ kind: 'rate', n: 41, baseline: 19 / 41, other: 14 / 41 });
    expect(c.difference).toBe(-5 / 41);
    // Newcombe 1998 method 10: −0.2265 to −0.0115
    expect(c.ci?.low).toBeCloseTo(-0.2265, 4);
    expect(c.ci?.high).toBeCloseTo(-0.0115, 4);
    expect(c.ci?.method).toBe('newcombe-paired-score');
    // scipy.stats.binomtest(0, 5).pvalue = 0.0625
    expect(c.test?.name).toMatch(/McNemar/);
    expect(c.test?.pValue).toBeCloseTo(0.0625, 15);
  });

  it("a rate's interval stays within [−1, 1] (−100 to +100 pp), even when every pair flips", () => {
    for (const [a, b, cc, d] of [[0, 3, 0, 0], [0, 0, 3, 0], [0, 40, 0, 0], [1, 8, 0, 1]] as const) {
      const { x, y } = table(a, b, cc, d);
      const c = comparePaired({ kind: 'rate' }, x, y);
      expect(c.ci!.low).toBeGreaterThanOrEqual(-1);
      expect(c.ci!.high).toBeLessThanOrEqual(1);
      expect(c.ci!.low).toBeLessThanOrEqual(c.difference!);
      expect(c.ci!.high).toBeGreaterThanOrEqual(c.difference!);
    }
  });

  it('a mean whose values happen to be all 0 or 1 is still a mean: paired t-test and t interval, never McNemar', () => {
    const x = [1, 0, 1, 1, 0, 1, 0, 1];
    const y = [1, 1, 1, 0, 1, 1, 1, 1];
    const c = comparePaired({ kind: 'mean', range: [0, 1] }, x, y);
    // scipy.stats.ttest_rel(y, x): t = 1.0, p = 0.3506166628202074, df = 7; CI −0.341156062898196 to 0.841156062898196
    expect(c.test?.name).toMatch(/paired t-test/);
    expect(c.test?.statistic).toBeCloseTo(1, 12);
    expect(c.test?.df).toBe(7);
    expect(c.test?.pValue).toBeCloseTo(0.3506166628202074, 12);
    expect(c.difference).toBeCloseTo(0.25, 15);
    expect(c.ci?.low).toBeCloseTo(-0.341156062898196, 12);
    expect(c.ci?.high).toBeCloseTo(0.841156062898196, 12);
    expect(c.ci?.method).toBe('paired t');
    // the same values declared a rate: McNemar on b = 1, c = 3 (scipy binomtest(1, 4) p = 0.625)
    expect(comparePaired({ kind: 'rate' }, x, y).test?.pValue).toBeCloseTo(0.625, 15);
  });

  it("a mean's t interval is kept within the difference's range when the metric declares its values' range", () => {
    // scipy.stats.ttest_rel([1, 0.2], [0, 1]): CI −11.3356 to 11.5356; values in [0, 1] differ by at most 1
    const c = comparePaired({ kind: 'mean', range: [0, 1] }, [0, 1], [1, 0.2]);
    expect(c.test?.pValue).toBeCloseTo(0.9295534250454455, 12);
    expect(c.ci).toMatchObject({ low: -1, high: 1, method: 'paired t, within [-1, 1]' });
    const free = comparePaired({ kind: 'mean' }, [0, 1], [1, 0.2]);
    expect(free.ci?.low).toBeCloseTo(-11.335584262557225, 10);
  });

  it('undefined parts stay undefined: no pairs; one pair; equal differences (no test, the interval is that difference)', () => {
    expect(comparePaired({ kind: 'rate' }, [], [])).toEqual({ kind: 'rate', n: 0, baseline: null, other: null, difference: null });
    const one = comparePaired({ kind: 'mean' }, [0.5], [0.75]);
    expect(one).toEqual({ kind: 'mean', n: 1, baseline: 0.5, other: 0.75, difference: 0.25 });
    const equal = comparePaired({ kind: 'count' }, [1, 2, 3], [2, 3, 4]);
    expect(equal.test).toBeUndefined();
    expect(equal.ci).toMatchObject({ low: 1, high: 1 });
  });

  it("refuses a rate's item value that is not 0 or 1, and an item value without a declared kind", () => {
    expect(() => comparePaired({ kind: 'rate' }, [0, 1], [0.5, 1])).toThrow(/0 or 1, the other has 0.5 at pair 1/);
    expect(() => declaredKind({ phi: { kind: 'rate' } }, 'psi', 'framing')).toThrow(/probe framing: item value "psi" has no declared kind/);
  });

  it('pairs by record id in code-unit order, whatever order the items were stored in', () => {
    const a = new Map([['r2', { v: 0.2 }], ['r10', { v: 0.1 }], ['r1', { v: 0.3 }], ['r3', { v: Number.NaN }]]);
    const b = new Map([['r1', { v: 0.5 }], ['r10', { v: 0.7 }], ['r2', { v: 0.4 }], ['r3', { v: 1 }], ['r9', { v: 1 }]]);
    expect(matchPairs(a, b, 'v')).toEqual({ ids: ['r1', 'r10', 'r2'], x: [0.3, 0.1, 0.2], y: [0.5, 0.7, 0.4] });
    const reversed = new Map([...a].reverse());
    expect(matchPairs(reversed, new Map([...b].reverse()), 'v')).toEqual(matchPairs(a, b, 'v'));
    expect(['b', 'B', 'a', 'é'].sort(byId)).toEqual(['B', 'a', 'b', 'é']);
  });
});

// Mutation-found gap: the messages were matched in part.
describe('paired comparison messages', () => {
  it('say which sample, which pair and what to declare', () => {
    expect(() => comparePaired({ kind: 'mean' }, [1, 2], [1])).toThrow('comparePaired: samples differ in length (2 and 1)');
    expect(() => comparePaired({ kind: 'rate' }, [0, 2], [0, 1])).toThrow("comparePaired: a rate's item values must be 0 or 1, the baseline has 2 at pair 2");
    expect(declaredKind({ phi: { kind: 'rate' }, psi: { kind: 'mean', range: [0, 1] } }, 'psi', 'framing')).toEqual({ kind: 'mean', range: [0, 1] });
    expect(() => declaredKind(undefined, 'psi', 'framing')).toThrow('probe framing: item value "psi" has no declared kind (Probe.itemKinds), so no paired test can be chosen for it');
  });
});

// Mutation-found gaps: the level reaching both intervals, an interval that ends exactly on the
// range's bound (no clipping, so no ", within" in its method), the equal-differences method, the
// alternative, byId's equal ids, and ids one side lacks or holds as NaN.
describe('paired comparison edges', () => {
  it('every pair flips (b = 3): Newcombe [−1, −1 + √2·(1 − l₁)] ends on −1 and is not clipped', () => {
    // φ = 0 (c + d = 0), θ = −1, the lower distance 0; the upper √((u₂ − 0)² + (1 − l₁)²) with
    // u₂ = 1 − l₁ and l₁ the Wilson lower bound of 3/3 (R: prop.test(3, 3, correct = FALSE):
    // 0.43850296824495466 at 95%, 0.52580442584248743 at conf.level = 0.9)
    const { x, y } = table(0, 3, 0, 0);
    const c = comparePaired({ kind: 'rate' }, x, y);
    expect(c.ci).toMatchObject({ low: -1, level: 0.95, method: 'newcombe-paired-score' });
    expect(c.ci?.high).toBeCloseTo(-0.20592328245977831, 12);
    const c90 = comparePaired({ kind: 'rate' }, x, y, 0.9);
    expect(c90.ci).toMatchObject({ low: -1, level: 0.9, method: 'newcombe-paired-score' });
    expect(c90.ci?.high).toBeCloseTo(-0.32938618780914897, 12);
  });
  it('a mean at level 0.90 (scipy.stats.ttest_rel(y, x).confidence_interval(0.9))', () => {
    const x = [1, 0, 1, 1, 0, 1, 0, 1];
    const y = [1, 1, 1, 0, 1, 1, 1, 1];
    const c = comparePaired({ kind: 'mean' }, x, y, 0.9);
    expect(c.ci?.low).toBeCloseTo(-0.22364465127250172, 12);
    expect(c.ci?.high).toBeCloseTo(0.7236446512725015, 12);
    expect(c.ci?.level).toBe(0.9);
    expect(c.test?.alternative).toBe('two-sided');
    expect(c.test?.name).toBe('paired t-test (two-sided)');
  });
  it('from its moments, at level 0.90 too: the same comparison as from the pairs', () => {
    const x = [1, 0, 1, 1, 0, 1, 0, 1];
    const y = [1, 1, 1, 0, 1, 1, 1, 1];
    const d = y.map((v, i) => v - (x[i] as number));
    const moments = { n: 8, baseline: mean(x), other: mean(y), firstDifference: d[0] as number, meanDifference: mean(d), varianceDifference: variance(d) };
    for (const level of [0.9, 0.95]) expect(compareMeanMoments({ kind: 'mean' }, moments, level)).toEqual(comparePaired({ kind: 'mean' }, x, y, level));
    expect(compareMeanMoments({ kind: 'mean' }, moments, 0.9).ci?.level).toBe(0.9);
  });
  it('equal differences: the interval says why it has no width', () => {
    expect(comparePaired({ kind: 'count' }, [1, 2, 3], [2, 3, 4]).ci).toEqual({ low: 1, high: 1, level: 0.95, method: 'paired t (all differences equal)' });
  });
  it('byId: equal ids compare 0; pairs need a finite value on both sides', () => {
    expect([byId('r1', 'r1'), byId('a', 'b'), byId('b', 'a')]).toEqual([0, -1, 1]);
    const a = new Map([['r1', { v: 0.3 }], ['r4', { v: 0.1 }], ['r5', { v: 0.2 }]]);
    const b = new Map([['r1', { v: 0.5 }], ['r5', { v: Number.NaN }], ['r6', { v: 1 }]]);
    expect(matchPairs(a, b, 'v')).toEqual({ ids: ['r1'], x: [0.3], y: [0.5] });
  });
});

// Mutation-found gaps (Stryker on this file: 92.1% before these): the other side's rate with
// c ≠ 0, a range that does not start at 0, and an interval clipped on one side only or ending
// exactly on the upper bound.
describe('paired comparison ranges', () => {
  it("the other side's rate counts a + c (c ≠ 0)", () => {
    const { x, y } = table(1, 2, 3, 4);
    expect(comparePaired({ kind: 'rate' }, x, y)).toMatchObject({ baseline: 3 / 10, other: 4 / 10, difference: 1 / 10 });
  });
  it('every pair flips the other way (c = 3): [1 − √2·(1 − l₁), 1] ends on 1 and is not clipped', () => {
    const { x, y } = table(0, 0, 3, 0);
    const c = comparePaired({ kind: 'rate' }, x, y);
    expect(c.ci).toMatchObject({ high: 1, method: 'newcombe-paired-score' });
    expect(c.ci?.low).toBeCloseTo(0.20592328245977831, 12);
  });
  it('only the bound beyond the range is clipped (scipy.stats.ttest_rel(y, x).confidence_interval(): 0.050385868187444505 to 1.3496141318125554)', () => {
    const c = comparePaired({ kind: 'mean', range: [0, 1] }, [0.1, 0, 0.2, 0.1], [0.9, 1, 0.3, 1]);
    expect(c.ci?.low).toBeCloseTo(0.050385868187444505, 12);
    expect(c.ci).toMatchObject({ high: 1, method: 'paired t, within [-1, 1]' });
    // the same pairs the other way round: −1.3496141318125554 to −0.050385868187444505, the low clipped
    const d = comparePaired({ kind: 'mean', range: [0, 1] }, [0.9, 1, 0.3, 1], [0.1, 0, 0.2, 0.1]);
    expect(d.ci?.high).toBeCloseTo(-0.050385868187444505, 12);
    expect(d.ci).toMatchObject({ low: -1, method: 'paired t, within [-1, 1]' });
  });
  it('a range from 1 to 3 bounds a difference by 2 (scipy: −3.1279163669300925 to 4.4612497002634255)', () => {
    const c = comparePaired({ kind: 'mean', range: [1, 3] }, [1, 1.5, 2], [3, 2.5, 1]);
    expect(c.ci).toMatchObject({ low: -2, high: 2, method: 'paired t, within [-2, 2]' });
    expect(comparePaired({ kind: 'mean' }, [1, 1.5, 2], [3, 2.5, 1]).ci?.high).toBeCloseTo(4.4612497002634255, 12);
  });
});
