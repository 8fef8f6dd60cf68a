/** A run aggregates primacy one item at a time (Probe.accumulate): typed columns and counts must give aggregate's exact digits. */
import { describe, expect, it } from 'vitest';
import { measurePrimacy, primacyOptionsSchema, primacyProbe } from '../../../src/probes/primacy/index.js';

function items(n: number, seed: number): ReturnType<typeof measurePrimacy>[] {
  let s = seed;
  const u = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return Array.from({ length: n }, () => measurePrimacy([u(), u() * 0.9, u() - 0.2], 0.05));
}

describe('primacy accumulate', () => {
  for (const options of [primacyOptionsSchema.parse({}), primacyOptionsSchema.parse({ rhoAlpha: 0.1 })]) {
    it(`gives aggregate's metrics to the last digit (rhoAlpha ${options.rhoAlpha}), past the columns' first growth`, () => {
      const all = items(2_500, 5 + options.rhoAlpha * 100);
      const acc = primacyProbe.accumulate!(options);
      all.forEach((m, i) => acc.add(m, `r${i}`));
      const whole = primacyProbe.aggregate(all.map((measurement, i) => ({ recordId: `r${i}`, measurement })), options);
      expect(acc.aggregate()).toEqual(whole);
      expect(whole.metrics.find((m) => m.name === 'mean_s_b_minus_s_m')?.test).toBeDefined();
    });
  }

  it('gives the rates alone for no item, and no t-test for one', () => {
    const options = primacyOptionsSchema.parse({});
    expect(primacyProbe.accumulate!(options).aggregate()).toEqual(primacyProbe.aggregate([], options));
    const one = primacyProbe.accumulate!(options);
    const [m] = items(1, 9);
    one.add(m!, 'a');
    expect(one.aggregate()).toEqual(primacyProbe.aggregate([{ recordId: 'a', measurement: m! }], options));
  });
});
