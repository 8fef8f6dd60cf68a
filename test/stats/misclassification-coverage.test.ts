// The misclassification bootstrap's calibration: a slow test (400 simulations of 200 resamples,
// about 2 s), kept apart from misclassification.test.ts so that mutation testing, which leaves it
// out (vitest.mutation.config.ts), judges the file's mutants by the fast tests that pin intervals.
import { describe, expect, it } from 'vitest';
import { multinomialCounts } from '../../src/stats/binomial.js';
import { correctedStatistics } from '../../src/stats/misclassification.js';
import { createRng } from '../../src/stats/rng.js';

describe('bootstrap over items and confusion counts', () => {
  it('the 95% interval covers the true prevalence at the nominal rate (400 simulations)', () => {
    const rng = createRng(2026);
    const truth = 0.3;
    const se = 0.8;
    const sp = 0.9;
    const nItems = 400;
    const nVal = 150;
    const sims = 400;
    let covered = 0;
    for (let s = 0; s < sims; s++) {
      // the judge's validation rows: nVal true positives and nVal true negatives
      const pos = multinomialCounts(nVal, [se, 1 - se], rng);
      const neg = multinomialCounts(nVal, [1 - sp, sp], rng);
      // the measured items: true class drawn, then judged with the same error rates
      let judgedPos = 0;
      for (let i = 0; i < nItems; i++) {
        const isPos = rng() < truth;
        if (rng() < (isPos ? se : 1 - sp)) judgedPos++;
      }
      const est = correctedStatistics({
        observed: [judgedPos, nItems - judgedPos],
        confusion: [pos, neg],
        statistics: (p) => ({ prevalence: (p as number[])[0]! }),
        resamples: 200,
        seed: s + 1,
      })!;
      const ci = est.prevalence!.ci;
      if (ci.low <= truth && truth <= ci.high) covered++;
    }
    const rate = covered / sims;
    expect(rate).toBeGreaterThanOrEqual(0.92);
    expect(rate).toBeLessThanOrEqual(0.98);
  });

});
