/**
 * Paired effects of a condition against its baseline, read from the store a page of each cell at a
 * time (src/pipeline/paired-cells.ts), and Holm's adjustment across them.
 */
import { describe, expect, it } from 'vitest';
import type { EffectJson } from '../../src/results/schema.js';
import { addHolm } from '../../src/pipeline/effects.js';
import { comparedCells as cell, effectsOf } from '../helpers/paired-cells.js';

describe('paired effects against the baseline', () => {
  it('rates: paired on the same records, McNemar exact, Newcombe interval; records missing on one side are left out', async () => {
    // baseline phi = [1,1,1,0,0]; mitigated = [0,0,1,0,1] (+ one record the baseline lacks)
    // b (1→0) = 2, c (0→1) = 1 → binomtest(1, 3) p = 1; baseline 3/5, mitigated 2/5, difference −0.2
    const base = cell('baseline', { r1: { phi_frame: 1 }, r2: { phi_frame: 1 }, r3: { phi_frame: 1 }, r4: { phi_frame: 0 }, r5: { phi_frame: 0 } });
    const mit = cell('sa', { r1: { phi_frame: 0 }, r2: { phi_frame: 0 }, r3: { phi_frame: 1 }, r4: { phi_frame: 0 }, r5: { phi_frame: 1 }, r9: { phi_frame: 1 } });
    const [e] = await effectsOf(base, mit);
    expect(e).toMatchObject({ metric: 'phi_frame', label: 'φ_frame', n: 5, baseline: 0.6, mitigated: 0.4, labels: { condition: 'sa' } });
    expect(e?.difference).toBeCloseTo(-0.2, 12);
    expect(e?.test?.pValue).toBe(1);
    expect(e?.ci?.method).toBe('newcombe-paired-score');
    expect(e!.ci!.low!).toBeLessThan(-0.2);
    expect(e!.ci!.high!).toBeGreaterThan(-0.2);
  });

  it('means: paired t-test and the paired t interval of the differences', async () => {
    const x = [0.8, 0.7, 0.9, 0.6, 0.75];
    const y = [0.7, 0.72, 0.8, 0.5, 0.7];
    const base = cell('baseline', Object.fromEntries(x.map((v, i) => [`r${i}`, { coverage: v }])));
    const mit = cell('ws', Object.fromEntries(y.map((v, i) => [`r${i}`, { coverage: v }])));
    const [e] = await effectsOf(base, mit);
    expect(e?.difference).toBeCloseTo(-0.066, 12);
    // scipy.stats.ttest_rel(y, x): t = −2.799023467943904, p = 0.04886016543355395
    expect(e?.test?.statistic).toBeCloseTo(-2.799023467943904, 10);
    expect(e?.test?.pValue).toBeCloseTo(0.04886016543355395, 10);
    // scipy: ttest_rel(y, x).confidence_interval() = (−0.13146761005818297, −0.0005323899418170769)
    expect(e?.ci?.method).toBe('paired t');
    expect(e!.ci!.low!).toBeCloseTo(-0.13146761005818297, 12);
    expect(e!.ci!.high!).toBeCloseTo(-0.0005323899418170769, 12);
    expect(e?.kind).toBe('mean');
  });

  it('the kind is the declared one, not read off the values: a mean of 0/1 values gets the t-test; an undeclared value is refused', async () => {
    const base = cell('baseline', { r1: { coverage: 1 }, r2: { coverage: 0 }, r3: { coverage: 1 } });
    const mit = cell('ws', { r1: { coverage: 1 }, r2: { coverage: 1 }, r3: { coverage: 0 } });
    const [e] = await effectsOf(base, mit);
    expect(e?.test?.name).toMatch(/paired t-test/);
    expect(e?.ci?.method).toMatch(/^paired t/);
    await expect(effectsOf(cell('baseline', { r1: { other: 1 } }), cell('ws', { r1: { other: 0 } }))).rejects.toThrow(/item value "other" has no declared kind/);
  });

  it('Holm-adjusts across the effects and leaves raw p-values beside', () => {
    const effects: EffectJson[] = [0.01, 0.04, 0.03, 0.005].map((p) => ({ labels: {}, metric: 'x', label: 'x', baseline: 0, mitigated: 0, difference: 0, n: 1, test: { name: 't', statistic: 0, pValue: p } }));
    addHolm(effects);
    expect(effects.map((e) => e.pHolm)).toEqual([0.03, 0.06, 0.06, 0.02].map((v) => expect.closeTo(v, 12)));
    expect(effects.map((e) => e.test?.pValue)).toEqual([0.01, 0.04, 0.03, 0.005]);
  });
});
