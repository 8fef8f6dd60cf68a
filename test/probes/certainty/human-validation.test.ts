import { describe, it, expect } from 'vitest';
import { FLEISS_WIKIPEDIA, KRIPPENDORFF_2011 } from '../../helpers/agreement-examples.js';
import { humanValidation, type HumanLabelRow } from '../../../src/probes/certainty/human-validation.js';

function fromMatrix(coders: Record<string, (number | null)[]>): HumanLabelRow[] {
  const rows: HumanLabelRow[] = [];
  for (const [annotator, vals] of Object.entries(coders)) vals.forEach((v, u) => v !== null && rows.push({ item: `u${u + 1}`, annotator, label: v }));
  return rows;
}

describe('humanValidation', () => {
  it("Krippendorff's α on Krippendorff (2011)'s worked example: interval 0.849, ordinal 0.815", () => {
    const [A, B, C, D] = KRIPPENDORFF_2011 as [(number | null)[], (number | null)[], (number | null)[], (number | null)[]];
    const rows = fromMatrix({ A, B, C, D });
    const r = humanValidation(rows);
    expect(r.alphaInterval).toBeCloseTo(0.849, 3);
    expect(r.alphaOrdinal).toBeCloseTo(0.815, 3);
  });

  it("Fleiss' κ on Fleiss' worked example (14 raters, 10 items): 0.210", () => {
    const counts = FLEISS_WIKIPEDIA;
    const rows: HumanLabelRow[] = [];
    counts.forEach((row, i) => {
      let a = 0;
      row.forEach((c, j) => {
        for (let k = 0; k < c; k++) rows.push({ item: `i${i}`, annotator: `r${a++}`, label: j - 2 });
      });
    });
    const r = humanValidation(rows);
    expect(r.fleissRaters).toBe(14);
    expect(r.fleissItems).toBe(10);
    expect(r.fleissKappa).toBeCloseTo(0.20993, 4);
  });

  it('pairwise human–human τ_b matches scipy.stats.kendalltau([12,2,1,12,2],[1,4,7,1,0]) = −0.47140', () => {
    const rows = fromMatrix({ h1: [12, 2, 1, 12, 2], h2: [1, 4, 7, 1, 0] });
    const r = humanValidation(rows);
    expect(r.humanHuman.n).toBe(1);
    expect(r.humanHuman.mean).toBeCloseTo(-0.4714045207910317, 12);
    // With two annotators, the leave-one-out consensus of each is the other one.
    expect(r.annotators.map((a) => a.tauB)).toEqual([r.humanHuman.mean, r.humanHuman.mean]);
  });

  it('leave-one-out consensus and the judge', () => {
    // 3 humans, 4 items; judge = 'llm'.
    const rows = fromMatrix({
      h1: [2, 1, 0, -1],
      h2: [1, 1, 0, -2],
      h3: [2, 0, -1, -1],
      llm: [2, 1, -1, -2],
    });
    const r = humanValidation(rows, { judges: ['llm'] });
    // h1 vs mean(h2, h3) = [1.5, 0.5, −0.5, −1.5]: concordant everywhere → τ_b = 1.
    expect(r.annotators.find((a) => a.annotator === 'h1')!.tauB).toBeCloseTo(1, 12);
    // h2 vs mean(h1, h3) = [2, 0.5, −0.5, −1]; h2 = [1, 1, 0, −2] has a tie (1, 1): n0 = 6, n1 = 1,
    // C = 5, D = 0 → τ_b = 5 / sqrt(5 · 6) = 0.91287.
    expect(r.annotators.find((a) => a.annotator === 'h2')!.tauB).toBeCloseTo(5 / Math.sqrt(30), 12);
    // judge vs mean of all humans [5/3, 2/3, −1/3, −4/3]: concordant → 1.
    expect(r.judges).toEqual([{ judge: 'llm', tauB: 1, n: 4 }]);
    expect(r.humanJudge.llm!.n).toBe(3);
    expect(r.items).toBe(4);
  });

  it('rejects duplicate labels', () => {
    expect(() => humanValidation([{ item: 'x', annotator: 'a', label: 1 }, { item: 'x', annotator: 'a', label: 2 }])).toThrow(/twice/);
  });
});
