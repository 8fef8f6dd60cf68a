import { describe, expect, it } from 'vitest';
import { pearson } from '../../src/stats/correlation.js';

describe('pearson', () => {
  it("matches R's cor.test documentation example", () => {
    // R ?cor.test (Hollander & Wolfe 1973, p. 187):
    //   x <- c(44.4, 45.9, 41.9, 53.3, 44.7, 44.1, 50.7, 45.2, 60.1)
    //   y <- c( 2.6,  3.1,  2.5,  5.0,  3.6,  4.0,  5.2,  2.8,  3.8)
    //   cor.test(x, y) -> t = 1.8411, df = 7, p-value = 0.1082
    //   95 percent confidence interval: -0.1497426  0.8955795;  cor 0.5711816
    // (scipy pearsonr agrees: r 0.5711815575638287, p 0.108173054349494)
    const x = [44.4, 45.9, 41.9, 53.3, 44.7, 44.1, 50.7, 45.2, 60.1];
    const y = [2.6, 3.1, 2.5, 5.0, 3.6, 4.0, 5.2, 2.8, 3.8];
    const r = pearson(x, y);
    expect(r.r).toBeCloseTo(0.5711815575638287, 12);
    expect(r.t).toBeCloseTo(1.8411, 4);
    expect(r.df).toBe(7);
    expect(r.n).toBe(9);
    expect(r.pValue).toBeCloseTo(0.108173054349494, 10);
    expect(r.ci.low).toBeCloseTo(-0.1497426, 6);
    expect(r.ci.high).toBeCloseTo(0.8955795, 6);
    expect(r.ci).toMatchObject({ level: 0.95, method: 'fisher-z' });
  });

  it('Fisher z and t by hand for n = 4', () => {
    // x = [1,2,3,4], y = [1,3,2,4]: r = 0.8 (Sxy = 4, Sxx = Syy = 5), t = 0.8·sqrt(2/0.36) = 1.885618,
    // z = atanh(0.8) = 1.098612, se = 1/sqrt(1) = 1 -> CI tanh(1.098612 ± 1.959964) = (-0.6616, 0.9953)
    const r = pearson([1, 2, 3, 4], [1, 3, 2, 4]);
    expect(r.r).toBeCloseTo(0.8, 12);
    expect(r.t).toBeCloseTo(1.885618, 6);
    expect(r.ci.low).toBeCloseTo(Math.tanh(Math.atanh(0.8) - 1.959963985), 8);
    expect(r.ci.high).toBeCloseTo(Math.tanh(Math.atanh(0.8) + 1.959963985), 8);
  });

  it('handles degenerate input', () => {
    expect(() => pearson([1, 2], [1, 2])).toThrow(RangeError);
    expect(() => pearson([1, 2, 3], [1, 2])).toThrow(/length/);
    expect(() => pearson([1, 2, NaN], [1, 2, 3])).toThrow(/pair 2/);
    const c = pearson([1, 1, 1, 1], [1, 2, 3, 4]);
    expect(c.r).toBeNaN();
    expect(c.pValue).toBeNaN();
    const perfect = pearson([1, 2, 3, 4], [2, 4, 6, 8]);
    expect(perfect).toMatchObject({ r: 1, t: Infinity, pValue: 0 });
    expect(perfect.ci).toMatchObject({ low: 1, high: 1 });
    const neg = pearson([1, 2, 3, 4], [8, 6, 4, 2]);
    expect(neg).toMatchObject({ r: -1, t: -Infinity });
    const three = pearson([1, 2, 3], [1, 3, 2]);
    expect(three.ci).toMatchObject({ low: -1, high: 1 });
  });
});

// Mutation-found gap: the messages were never checked.
describe('pearson messages', () => {
  it('names the function and what was wrong', () => {
    expect(() => pearson([1, 2, 3], [1, 2, 3], { level: 1 })).toThrow('pearson: level must be in (0, 1), got 1');
    expect(() => pearson([1, 2], [1, 2])).toThrow('pearson: need at least 3 pairs, got 2');
  });
});
