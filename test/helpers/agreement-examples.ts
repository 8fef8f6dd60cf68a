/**
 * Published worked examples for agreement statistics, shared by the stats tests and the certainty
 * human-validation tests.
 */

const _ = null;

/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section C: 4 observers × 12
 * units, values 1–5, with missing data (the '.' cells). Reported: nominal α = 0.743, ordinal 0.815,
 * interval 0.849, ratio 0.797. Rows are observers A–D.
 */
export const KRIPPENDORFF_2011: (number | null)[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];

/**
 * Fleiss' κ worked example (Wikipedia, "Fleiss' kappa"): 10 subjects × 5 categories, 14 raters
 * each; P̄ = 0.378, P̄e = 0.213, κ = 0.210.
 */
export const FLEISS_WIKIPEDIA: number[][] = [
  [0, 0, 0, 0, 14],
  [0, 2, 6, 4, 2],
  [0, 0, 3, 5, 6],
  [0, 3, 9, 2, 0],
  [2, 2, 8, 1, 1],
  [7, 7, 0, 0, 0],
  [3, 2, 6, 3, 0],
  [2, 5, 3, 2, 2],
  [6, 5, 2, 1, 0],
  [0, 2, 2, 3, 7],
];
