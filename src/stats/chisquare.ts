/** Pearson chi-square test of independence and McNemar's test (R: chisq.test, mcnemar.test). */
import type { TestResult } from '../core/types.js';
import { chiSquareSf } from './distributions.js';

export type ChiSquareResult = TestResult & { df: number; expected: number[][] };

/**
 * Chi-square test of independence for an r × c table of counts:
 *   X² = Σ (|O − E| − k)² / E,  E = row · col / N,  df = (r − 1)(c − 1).
 * Yates' continuity correction (k = min(0.5, |O − E|), as R) applies only to 2 × 2 tables and is on
 * by default, as in R's chisq.test(correct = TRUE); pass { yates: false } for the uncorrected test.
 * Throws RangeError for fewer than 2 rows or columns, ragged rows, negative or non-finite counts,
 * or a row or column summing to zero (its expected counts would be 0 and X² undefined).
 */
export function chiSquareIndependence(table: number[][], opts: { yates?: boolean } = {}): ChiSquareResult {
  const rows = table.length;
  const cols = table[0]?.length ?? 0;
  if (rows < 2 || cols < 2) throw new RangeError(`chiSquareIndependence: need at least a 2 × 2 table, got ${rows} × ${cols}`);
  const rowSum = new Array<number>(rows).fill(0);
  const colSum = new Array<number>(cols).fill(0);
  let total = 0;
  table.forEach((row, i) => {
    if (row.length !== cols) throw new RangeError(`chiSquareIndependence: row ${i} has ${row.length} cells, expected ${cols}`);
    row.forEach((v, j) => {
      if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`chiSquareIndependence: cell [${i}][${j}] = ${v} is not a count`);
      rowSum[i]! += v;
      colSum[j]! += v;
      total += v;
    });
  });
  rowSum.forEach((s, i) => {
    if (s === 0) throw new RangeError(`chiSquareIndependence: row ${i} sums to zero`);
  });
  colSum.forEach((s, j) => {
    if (s === 0) throw new RangeError(`chiSquareIndependence: column ${j} sums to zero`);
  });
  const yates = (opts.yates ?? true) && rows === 2 && cols === 2;
  const expected = rowSum.map((rs) => colSum.map((cs) => (rs * cs) / total));
  let statistic = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const e = expected[i]![j]!;
      const diff = Math.abs(table[i]![j]! - e);
      const d = yates ? diff - Math.min(0.5, diff) : diff;
      statistic += (d * d) / e;
    }
  }
  const df = (rows - 1) * (cols - 1);
  return {
    name: yates ? "Pearson's chi-squared test with Yates' continuity correction" : "Pearson's chi-squared test",
    statistic,
    df,
    pValue: chiSquareSf(statistic, df),
    expected,
  };
}

/**
 * McNemar's test for paired binary outcomes from the discordant counts b (yes→no) and c (no→yes):
 *   X² = (|b − c| − 1)² / (b + c) with the continuity correction (default, as R), else (b − c)² / (b + c); df 1.
 * With no discordant pairs (b + c = 0) there is no evidence either way: statistic 0, p-value 1
 * (R would divide by zero).
 */
export function mcnemar(b: number, c: number, opts: { continuity?: boolean } = {}): TestResult {
  for (const [k, v] of [['b', b], ['c', c]] as const) {
    if (!(Number.isInteger(v) && v >= 0)) throw new RangeError(`mcnemar: ${k} must be a non-negative integer, got ${v}`);
  }
  const continuity = opts.continuity ?? true;
  const name = continuity ? "McNemar's chi-squared test with continuity correction" : "McNemar's chi-squared test";
  if (b + c === 0) return { name, statistic: 0, df: 1, pValue: 1 };
  const d = Math.abs(b - c) - (continuity ? 1 : 0);
  const statistic = (d * d) / (b + c);
  return { name, statistic, df: 1, pValue: chiSquareSf(statistic, 1) };
}
