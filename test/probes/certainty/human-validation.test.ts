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

  // Written for the mutant that gives the default judge list an element (Stryker's is the name
  // "Stryker was here"): without `judges`, every annotator is a human, whatever its name, the
  // default list's placeholder name and names that look like models among them.
  it('names no judge unless told: every annotator is a human, whatever its name', () => {
    const r = humanValidation(fromMatrix({ 'gpt-4o': [2, 1, 0, -1], judge: [2, 1, -1, -1], 'Stryker was here': [1, 1, 0, -2] }));
    expect(r.judges).toEqual([]);
    expect(r.humanHuman.n).toBe(3);
    expect(r.fleissRaters).toBe(3);
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

// Written because mutants survived: the judge summaries (mean, sd, skipped pairs, constant judges),
// leave-one-out over items only one human labelled, Fleiss' κ on the modal number of raters (ties
// between counts, items with one rater), and the row named in each error.
describe('humanValidation: every summary on a fixture with partial overlap', () => {
  // h4 shares one item with h2 and with h3 (skipped pairs); the judge 'llm' labels u7, which no
  // human labelled (left out); 'flat' labels everything 0 (τ_b undefined, counted as skipped).
  const rows: HumanLabelRow[] = (
    [
      ['u1', 'h1', 2], ['u2', 'h1', 1], ['u3', 'h1', 0], ['u4', 'h1', -1], ['u5', 'h1', -2], ['u6', 'h1', 1],
      ['u1', 'h2', 1], ['u2', 'h2', 1], ['u3', 'h2', -1], ['u4', 'h2', -1], ['u5', 'h2', -2],
      ['u1', 'h3', 2], ['u2', 'h3', 0], ['u4', 'h3', -2],
      ['u6', 'h4', 0], ['u1', 'h4', 1],
      ['u1', 'llm', 2], ['u2', 'llm', 1], ['u3', 'llm', -1], ['u4', 'llm', -2], ['u5', 'llm', -1], ['u6', 'llm', 0], ['u7', 'llm', 2],
      ['u1', 'flat', 0], ['u2', 'flat', 0], ['u3', 'flat', 0],
    ] as const
  ).map(([item, annotator, label]) => ({ item, annotator, label }));
  // computed inside each test, so that a mutation tool's per-test coverage sees which tests reach the code
  const result = () => humanValidation(rows, { judges: ['llm', 'flat'] });

  it('annotators against the leave-one-out consensus (scipy.stats.kendalltau on the means of the others)', () => {
    const r = result();
    // /tmp reference: for each human, xs = own labels on items another human labelled, ys = mean of the others;
    // kendalltau(xs, ys).statistic: h1 0.9660917830792959 (n 6), h2 0.8944271909999157 (5), h3 1 (3), h4 1 (2)
    expect(r.annotators.map((a) => a.annotator)).toEqual(['h1', 'h2', 'h3', 'h4']);
    expect(r.annotators[0]!.tauB).toBeCloseTo(0.9660917830792959, 12);
    expect(r.annotators[1]!.tauB).toBeCloseTo(0.8944271909999157, 12);
    expect(r.annotators.map((a) => a.n)).toEqual([6, 5, 3, 2]);
    expect(r.humanConsensus.mean).toBeCloseTo((0.9660917830792959 + 0.8944271909999157 + 2) / 4, 12);
    expect(r.humanConsensus.n).toBe(4);
    expect(r.humanConsensus.skipped).toBe(0);
    expect(r.items).toBe(6);
  });

  it('judges against the mean of all humans, items no human labelled left out', () => {
    const r = result();
    // kendalltau([2, 1, -1, -2, -1, 0], [1.5, 2/3, -0.5, -4/3, -2, 0.5]).statistic = 0.8280786712108251
    expect(r.judges[0]).toMatchObject({ judge: 'llm', n: 6 });
    expect(r.judges[0]!.tauB).toBeCloseTo(0.8280786712108251, 12);
    expect(r.judges[1]!.judge).toBe('flat');
    expect(r.judges[1]!.tauB).toBeNaN();
    expect(r.judges[1]!.n).toBe(3);
  });

  it('human–human pairs: mean, sd (ddof 1) and the pairs sharing fewer than 2 items', () => {
    const r = result();
    // kendalltau per pair on shared items: h1–h2 0.8944271909999159, h1–h3 1, h1–h4 1, h2–h3 0.816496580927726;
    // h2–h4 and h3–h4 share one item (skipped); numpy mean 0.9277309429819105, std(ddof=1) 0.08930818626577548
    expect(r.humanHuman.n).toBe(4);
    expect(r.humanHuman.skipped).toBe(2);
    expect(r.humanHuman.mean).toBeCloseTo(0.9277309429819105, 12);
    expect(r.humanHuman.sd).toBeCloseTo(0.08930818626577548, 12);
  });

  it('human–judge pairs: a constant judge makes every τ_b undefined, counted as skipped with the short pairs', () => {
    const r = result();
    // llm: kendalltau per human = [0.78571429, 0.58925565, 1, 1]: mean 0.8437424841757688, sd 0.1974534903762929
    expect(r.humanJudge.llm).toMatchObject({ n: 4, skipped: 0 });
    expect(r.humanJudge.llm!.mean).toBeCloseTo(0.8437424841757688, 12);
    expect(r.humanJudge.llm!.sd).toBeCloseTo(0.1974534903762929, 12);
    // flat: h1, h2, h3 give NaN (a constant side), h4 shares one item: n 0, skipped 4, mean and sd undefined
    expect(r.humanJudge.flat).toMatchObject({ n: 0, skipped: 4 });
    expect(r.humanJudge.flat!.mean).toBeNaN();
    expect(r.humanJudge.flat!.sd).toBeNaN();
    // one defined τ: a mean but no sd
    const one = humanValidation(
      fromMatrix({ h1: [1, 0, -1], h2: [1, -1, -1], j: [2, 0, -2] }),
      { judges: ['j'] },
    ).humanJudge.j!;
    expect(one.n).toBe(2);
    const single = humanValidation(fromMatrix({ h1: [1, 0, -1], j: [2, 0, -2] }), { judges: ['j'] });
    expect(single.humanJudge.j).toMatchObject({ mean: 1, n: 1, skipped: 0 });
    expect(single.humanJudge.j!.sd).toBeNaN();
    // one human: no agreement among humans
    expect(single.alphaOrdinal).toBeNaN();
    expect(single.alphaInterval).toBeNaN();
    expect(single.annotators).toEqual([{ annotator: 'h1', tauB: NaN, n: 0 }]);
  });
});

describe("humanValidation: Fleiss' κ on the items with the modal number of raters", () => {
  it('counts of raters tied: the larger count wins; items with one rater never count', () => {
    // rater counts: v1, v2 four; v3, v4 three; v5, v6 two; w1–w3 one (the most common count, but κ needs two)
    const rows = fromMatrix({
      a: [1, 0, 1, 0, 1, -1, 1, 0, -1],
      b: [1, 0, -1, 1, 1, 0, null, null, null],
      c: [0, 0, 1, 1, null, null, null, null, null],
      d: [-1, 0, null, null, null, null, null, null, null],
    });
    const r = humanValidation(rows);
    expect(r.fleissRaters).toBe(4);
    expect(r.fleissItems).toBe(2);
    // categories −1, 0, 1; u1 = [1, 1, 2], u2 = [0, 4, 0]. Fleiss (1971) by hand in numpy:
    // p = M.sum(0)/(N·n); P_i = (Σ M_ij² − n)/(n(n − 1)); κ = (mean P − Σp²)/(1 − Σp²) = 0.215686274509804
    expect(r.fleissKappa).toBeCloseTo(0.215686274509804, 12);
  });

  it('one category among the humans: no κ (undefined, 0 items), and the row of a bad label is named', () => {
    const r = humanValidation(fromMatrix({ a: [1, 1, 1], b: [1, 1, 1] }));
    expect(r.fleissKappa).toBeNaN();
    expect(r.fleissItems).toBe(0);
    expect(r.fleissRaters).toBe(0);
    expect(() => humanValidation([{ item: 'x', annotator: 'a', label: 1 }, { item: 'y', annotator: 'a', label: 2 }, { item: 'x', annotator: 'b', label: Number.NaN }])).toThrow(
      'humanValidation: row 3 (b, x) has a non-numeric label',
    );
    expect(() => humanValidation([{ item: 'x', annotator: 'a', label: 1 }, { item: 'x', annotator: 'a', label: 2 }])).toThrow('humanValidation: annotator a labels item x twice (row 2)');
  });
});

// Written because mutants of human-validation.ts survived: two humans, two categories and a judge
// sharing two items (each the smallest size the code accepts), the modal number of raters when
// counts tie or a larger count has fewer items, and the categories taken from the humans only.
// Reference values: human-validation-reference.py beside this file (statsmodels' fleiss_kappa,
// Krippendorff's α from the coincidence matrix in numpy, scipy's kendalltau).
describe('humanValidation: the smallest sizes, and which items Fleiss counts', () => {
  it("two humans and two categories: α, Fleiss' κ and a judge sharing two items (kills `humans.length > 2` twice, `c > 2`, `fleissRaters > 2`, `categories.length > 2`, the judge's `xs.length > 2`)", () => {
    const r = humanValidation(
      [
        ...fromMatrix({ h1: [1, -1, 1, 1, -1, 1], h2: [1, -1, -1, 1, -1, -1], llm: [2, -2, null, null, null, null] }),
        { item: 'u9', annotator: 'llm', label: 0 },
      ],
      { judges: ['llm'] },
    );
    // kripp([h1, h2], 'ordinal') = 0.38888888888888884, 'interval' = 0.38888888888888895 (two values: both the nominal α)
    expect(r.alphaOrdinal).toBeCloseTo(0.38888888888888884, 12);
    expect(r.alphaInterval).toBeCloseTo(0.38888888888888895, 12);
    // fleiss_kappa(aggregate_raters(6 items × 2 raters)) = 0.33333333333333326
    expect(r.fleissKappa).toBeCloseTo(0.33333333333333326, 12);
    expect([r.fleissItems, r.fleissRaters]).toEqual([6, 2]);
    // kendalltau([2, −2], [1, −1]) = 1 over the two items the humans labelled (u9 left out); kendalltau(h1, h2) = 0.5
    expect(r.judges).toEqual([{ judge: 'llm', tauB: 1, n: 2 }]);
    expect(r.humanHuman.mean).toBeCloseTo(0.49999999999999994, 12);
  });

  it('rater counts tied, the smaller seen first: the larger wins (kills the tie-break `k === best && c > fleissRaters` made false)', () => {
    // u1 and u4 two raters, u2 and u3 three: Fleiss on u2 = [1, 1, 0], u3 = [−1, −1, −1] = 0.4545454545454544
    const r = humanValidation(fromMatrix({ a: [1, 1, -1, 0], b: [0, 1, -1, 0], c: [null, 0, -1, null] }));
    expect([r.fleissItems, r.fleissRaters]).toEqual([2, 3]);
    expect(r.fleissKappa).toBeCloseTo(0.4545454545454544, 12);
  });

  it('a larger count on fewer items, seen later, does not win (kills the tie test `k === best` made true or `k !== best`)', () => {
    // u1–u3 two raters, u4 three: Fleiss on u1–u3 = [1, 1], [0, −1], [−1, −1] = 0.4545454545454544
    const r = humanValidation(fromMatrix({ a: [1, 0, -1, 1], b: [1, -1, -1, 0], c: [null, null, null, 1] }));
    expect([r.fleissItems, r.fleissRaters]).toEqual([3, 2]);
    expect(r.fleissKappa).toBeCloseTo(0.4545454545454544, 12);
  });

  it("the categories are the humans' labels: a judge's other labels do not make one category two (kills the rows unfiltered)", () => {
    const r = humanValidation(fromMatrix({ a: [1, 1, 1], b: [1, 1, 1], j: [0, -1, 1] }), { judges: ['j'] });
    expect([r.fleissItems, r.fleissRaters]).toEqual([0, 0]);
    expect(r.fleissKappa).toBeNaN();
  });
});
