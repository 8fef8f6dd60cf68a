import { describe, expect, it } from 'vitest';
import ttest from '@stdlib/stats-ttest';
import { mean, variance } from '../../src/stats/mean.js';
import { oneSampleTTest, pairedTTest, pairedTTestOfMoments, welchTTest } from '../../src/stats/ttest.js';

// R's `sleep` data set: extra hours of sleep under two drugs for the same 10 patients.
const group1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const group2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

describe('pairedTTestOfMoments', () => {
  it('is pairedTTest of the differences whose mean and variance it is given, with its options', () => {
    const d = group1.map((x, i) => x - (group2[i] as number));
    for (const opts of [{}, { alternative: 'less' as const, level: 0.9 }, { mu: -1 }]) expect(pairedTTestOfMoments(mean(d), variance(d), d.length, opts)).toEqual(pairedTTest(group1, group2, opts));
    // every difference equal: no variance
    expect(pairedTTestOfMoments(1, 0, 3)).toEqual(pairedTTest([2, 3, 4], [1, 2, 3]));
  });

  it('refuses fewer than 2 pairs and bad options, as pairedTTest', () => {
    expect(() => pairedTTestOfMoments(1, NaN, 1)).toThrow('pairedTTestOfMoments: need at least 2 pairs, got 1');
    expect(pairedTTestOfMoments(1, 0.5, 2).df).toBe(1);
    expect(() => pairedTTestOfMoments(1, 0.5, 2, { level: 1 })).toThrow(RangeError);
    expect(() => pairedTTestOfMoments(1, 0.5, 2, { mu: Infinity })).toThrow('pairedTTestOfMoments: mu must be finite');
  });
});

describe('pairedTTest', () => {
  it("matches R: t.test(extra ~ group, data = sleep, paired = TRUE)", () => {
    // R output: t = -4.0621, df = 9, p-value = 0.002833
    // 95 percent confidence interval: -2.4598858 -0.7001142; mean difference -1.58
    const r = pairedTTest(group1, group2);
    expect(r.statistic).toBeCloseTo(-4.0621, 4);
    expect(r.df).toBe(9);
    expect(r.pValue).toBeCloseTo(0.002833, 6);
    expect(r.ci.low).toBeCloseTo(-2.4598858, 6);
    expect(r.ci.high).toBeCloseTo(-0.7001142, 6);
    expect(r.meanDifference).toBeCloseTo(-1.58, 12);
    expect(r).toMatchObject({ name: 'paired t-test', alternative: 'two-sided' });
    expect(r.ci).toMatchObject({ level: 0.95, method: 't' });
  });

  it('agrees with @stdlib/stats-ttest on the paired differences', () => {
    const d = group1.map((v, i) => v - (group2[i] as number));
    const ref = ttest(d);
    const r = pairedTTest(group1, group2);
    expect(r.statistic).toBeCloseTo(ref.statistic, 10);
    expect(r.pValue).toBeCloseTo(ref.pValue, 10);
  });

  it('one-sided alternatives give a halved p and a one-sided interval', () => {
    // scipy ttest_rel(g1, g2, alternative='less'): p = 0.0014164450986921364, CI (-inf, -0.8669947329707163)
    const r = pairedTTest(group1, group2, { alternative: 'less' });
    expect(r.pValue).toBeCloseTo(0.0014164450986921364, 10);
    expect(r.ci.low).toBe(-Infinity);
    expect(r.ci.high).toBeCloseTo(-0.8669947329707163, 8);
    const g = pairedTTest(group1, group2, { alternative: 'greater' });
    expect(g.pValue).toBeCloseTo(1 - 0.0014164450986921364, 10);
    expect(g.ci.high).toBe(Infinity);
  });

  it('rejects unequal lengths, n < 2 and non-finite values', () => {
    expect(() => pairedTTest([1, 2], [1])).toThrow(/same length/);
    expect(() => pairedTTest([1], [2])).toThrow(RangeError);
    expect(() => pairedTTest([1, NaN], [2, 3])).toThrow(/x\[1\]/);
  });

  it('zero variance of differences: t = ±Infinity or NaN', () => {
    const r = pairedTTest([2, 3, 4], [1, 2, 3]); // every difference is 1
    expect(r.statistic).toBe(Infinity);
    expect(r.pValue).toBe(0);
    expect(r.ci).toMatchObject({ low: 1, high: 1 });
    const s = pairedTTest([1, 2, 3], [1, 2, 3]);
    expect(s.statistic).toBeNaN();
    expect(s.pValue).toBeNaN();
    expect(pairedTTest([1, 2, 3], [2, 3, 4], { alternative: 'greater' }).pValue).toBe(1);
  });
});

describe('welchTTest', () => {
  it("matches R: t.test(extra ~ group, data = sleep)", () => {
    // R output: t = -1.8608, df = 17.776, p-value = 0.07939
    // 95 percent confidence interval: -3.3654832  0.2054832
    const r = welchTTest(group1, group2);
    expect(r.statistic).toBeCloseTo(-1.8608, 4);
    expect(r.df).toBeCloseTo(17.776, 3);
    expect(r.pValue).toBeCloseTo(0.07939, 5);
    expect(r.ci.low).toBeCloseTo(-3.3654832, 6);
    expect(r.ci.high).toBeCloseTo(0.2054832, 6);
    expect(r.meanDifference).toBeCloseTo(-1.58, 12);
  });

  it('needs two values per group', () => {
    expect(() => welchTTest([1], [1, 2])).toThrow(/x/);
    expect(() => welchTTest([1, 2], [1])).toThrow(/y/);
  });

  it('both groups constant: t infinite, df NaN', () => {
    const r = welchTTest([1, 1, 1], [2, 2]);
    expect(r.statistic).toBe(-Infinity);
    expect(r.df).toBeNaN();
    expect(r.pValue).toBe(0);
  });
});

describe('oneSampleTTest', () => {
  it('matches scipy ttest_1samp(group1, 0.5)', () => {
    // scipy: statistic 0.44190338023794046, p 0.6689866236146746, CI (-0.52978041, 2.02978041)
    const r = oneSampleTTest(group1, { mu: 0.5 });
    expect(r.statistic).toBeCloseTo(0.44190338023794046, 10);
    expect(r.pValue).toBeCloseTo(0.6689866236146746, 10);
    expect(r.ci.low).toBeCloseTo(-0.5297804135262321, 8);
    expect(r.meanDifference).toBeCloseTo(0.75, 12);
    expect(r.df).toBe(9);
  });

  it('rejects bad options', () => {
    expect(() => oneSampleTTest([1, 2, 3], { level: 0 })).toThrow(RangeError);
    expect(() => oneSampleTTest([1, 2, 3], { mu: NaN })).toThrow(RangeError);
    expect(() => oneSampleTTest([])).toThrow(/at least 2/);
  });
});

// Mutation-found gap: the one-sided intervals' finite bound (a `greater` low of estimate + half
// survived, since the tests checked only the p-value and the infinite bound).
describe('one-sided t intervals: the finite bound against scipy', () => {
  const x = [0.31, 0.52, 0.18, 0.77, 0.45, 0.63, 0.29, 0.58];
  const y = [0.2, 0.41, 0.25, 0.5, 0.3, 0.61, 0.12, 0.4];
  it('one-sample, greater and less (scipy.stats.ttest_1samp(x, 0.3, alternative=…).confidence_interval(0.95))', () => {
    const g = oneSampleTTest(x, { mu: 0.3, alternative: 'greater' });
    expect(g.statistic).toBeCloseTo(2.382882891668615, 10);
    expect(g.pValue).toBeCloseTo(0.024337685408513384, 10);
    expect(g.ci.low).toBeCloseTo(0.3340682238004768, 10);
    expect(g.ci.high).toBe(Infinity);
    const l = oneSampleTTest(x, { mu: 0.3, alternative: 'less' });
    expect(l.pValue).toBeCloseTo(0.9756623145914867, 10);
    expect(l.ci.low).toBe(-Infinity);
    expect(l.ci.high).toBeCloseTo(0.5984317761995233, 10);
  });
  it('paired, greater at level 0.90 (scipy.stats.ttest_rel(x, y, alternative="greater").confidence_interval(0.90))', () => {
    const r = pairedTTest(x, y, { alternative: 'greater', level: 0.9 });
    expect(r.statistic).toBeCloseTo(3.1947770908259012, 10);
    expect(r.pValue).toBeCloseTo(0.007587770248883392, 10);
    expect(r.ci.low).toBeCloseTo(0.06546082581900714, 10);
  });
  it('Welch, greater (scipy.stats.ttest_ind(x, y, equal_var=False, alternative="greater"))', () => {
    const r = welchTTest(x, y, { alternative: 'greater' });
    expect(r.statistic).toBeCloseTo(1.3011526824130504, 10);
    expect(r.df).toBeCloseTo(13.493255762319336, 9);
    expect(r.pValue).toBeCloseTo(0.10749325151920701, 10);
    expect(r.ci.low).toBeCloseTo(-0.04197745718375637, 10);
  });
});

// Mutation-found gaps (Stryker on ttest.ts: 80.1% before these): the zero-standard-error paths of
// every alternative, the smallest n each test accepts, the names, and every error message.
describe('t-tests: constant differences, the smallest samples, names and messages', () => {
  it('zero standard error: t = ±∞ with p 0 or 1 by direction, NaN when the estimate is mu; a point interval', () => {
    const up = oneSampleTTest([2, 2, 2], { mu: 1, alternative: 'greater' });
    expect(up.statistic).toBe(Infinity);
    expect(up.pValue).toBe(0);
    expect(up.ci).toMatchObject({ low: 2, high: Infinity });
    expect(oneSampleTTest([2, 2, 2], { mu: 1, alternative: 'less' }).pValue).toBe(1);
    expect(oneSampleTTest([2, 2, 2], { mu: 1 }).pValue).toBe(0);
    const down = oneSampleTTest([2, 2, 2], { mu: 3, alternative: 'less' });
    expect(down.statistic).toBe(-Infinity);
    expect(down.pValue).toBe(0);
    expect(down.ci).toMatchObject({ low: -Infinity, high: 2 });
    expect(oneSampleTTest([2, 2, 2], { mu: 3, alternative: 'greater' }).pValue).toBe(1);
    expect(oneSampleTTest([2, 2, 2], { mu: 3 }).ci).toMatchObject({ low: 2, high: 2 });
    const flat = oneSampleTTest([2, 2, 2], { mu: 2 });
    expect(flat.statistic).toBeNaN();
    expect(flat.pValue).toBeNaN();
    expect(pairedTTest([3, 4, 5], [1, 2, 3]).statistic).toBe(Infinity);
  });
  it('accepts two values (df 1; scipy.stats.ttest_1samp([1, 3], 0): t = 2, p = 0.2951672353008665)', () => {
    const r = oneSampleTTest([1, 3]);
    expect(r.df).toBe(1);
    expect(r.statistic).toBeCloseTo(2, 12);
    expect(r.pValue).toBeCloseTo(0.2951672353008665, 10);
    expect(welchTTest([1, 3], [2, 6]).df).toBeGreaterThan(0);
  });
  it('names each test', () => {
    expect(oneSampleTTest([1, 3]).name).toBe('one-sample t-test');
    expect(pairedTTest([1, 3], [0, 1]).name).toBe('paired t-test');
    expect(welchTTest([1, 3], [0, 1]).name).toBe('Welch two-sample t-test');
  });
  it('says what is wrong with its input', () => {
    expect(() => oneSampleTTest([1])).toThrow(/oneSampleTTest: need at least 2 values, got 1/);
    expect(() => oneSampleTTest([1, NaN])).toThrow(/oneSampleTTest: x\[1\] is not a finite number \(NaN\)/);
    expect(() => oneSampleTTest([1, 2], { mu: Infinity })).toThrow(/oneSampleTTest: mu must be finite/);
    expect(() => oneSampleTTest([1, 2], { level: 1.5 })).toThrow(/oneSampleTTest/);
    expect(() => pairedTTest([1, 2], [1, 2, 3])).toThrow(/pairedTTest: x and y must have the same length, got 2 and 3/);
    expect(() => pairedTTest([1], [2])).toThrow(/pairedTTest: need at least 2 pairs, got 1/);
    expect(() => pairedTTest([1, Infinity], [1, 2])).toThrow(/pairedTTest: x\[1\] is not a finite number/);
    expect(() => pairedTTest([1, 2], [1, NaN])).toThrow(/pairedTTest: y\[1\] is not a finite number/);
    expect(() => welchTTest([1], [1, 2])).toThrow(/welchTTest: need at least 2 values in x, got 1/);
    expect(() => welchTTest([1, 2], [1])).toThrow(/welchTTest: need at least 2 values in y, got 1/);
    expect(() => welchTTest([NaN, 2], [1, 2])).toThrow(/welchTTest: x\[0\] is not a finite number/);
    expect(() => welchTTest([1, 2], [1, NaN])).toThrow(/welchTTest: y\[1\] is not a finite number/);
    // the level's check names the function it was given to
    expect(() => pairedTTest([1, 2], [1, 3], { level: 1.5 })).toThrow('pairedTTest: level must be in (0, 1), got 1.5');
    expect(() => welchTTest([1, 2], [1, 3], { level: 0 })).toThrow('welchTTest: level must be in (0, 1), got 0');
  });
});
