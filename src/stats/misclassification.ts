/**
 * Rates corrected for the error of the judge that labelled the items (docs/judges/correction.md).
 *
 * A judge's confusion matrix M (rows: true class i, columns: judged class j, M[i][j] = P(judged j |
 * true i), estimated on labelled validation rows) links the judged and the true class shares:
 *   p_obs = Mᵀ p_true                                  (prevalences; Rogan & Gladen 1978 for 2 classes)
 *   P_obs = M_sᵀ P_true M_o                             (joint source × output table, e.g. transitions)
 *   P_obs[g] = M ᵀ P_true[g]                          (known groups g, e.g. WildFrame's base polarity: only the judged side is corrected, group by group)
 * where P[a][b] is the share of items whose source is a and output is b. The second holds when the
 * judge's errors on the two texts of an item are independent given their true classes. Both are
 * inverted exactly: p_true = (Mᵀ)⁻¹ p_obs, P_true = (M_sᵀ)⁻¹ P_obs M_o⁻¹. An inversion can leave
 * small negative shares (sampling noise); they are clipped to 0 and the rest renormalised to sum 1.
 *
 * Interval: a percentile bootstrap over both sources of error — each resample redraws the items
 * (multinomial with the observed shares and the observed n) and each row of the validation
 * confusion counts (multinomial with that row's shares and its n), then corrects again.
 * Assumptions: the judge errs on the measured texts as on its validation rows (same M; the errors
 * do not depend on the model under test), errors on different items are independent.
 */
import type { Interval } from '../core/types.js';
import { multinomialCounts } from './binomial.js';
import { quantileSorted } from './quantile.js';
import { createRng } from './rng.js';

type Matrix = number[][];

/** Rogan–Gladen: true prevalence from an observed one, sensitivity and specificity (unclipped). */
export function roganGladen(pObs: number, sensitivity: number, specificity: number): number {
  const j = sensitivity + specificity - 1;
  if (!(Math.abs(j) > 1e-12)) return NaN;
  return (pObs + specificity - 1) / j;
}

/** Rows divided by their sums (a row of zeros stays zeros). */
export function rowNormalise(counts: readonly (readonly number[])[]): Matrix {
  return counts.map((r) => {
    const s = r.reduce((a, b) => a + b, 0);
    return r.map((v) => (s > 0 ? v / s : 0));
  });
}

export function transpose(a: readonly (readonly number[])[]): Matrix {
  return (a[0] ?? []).map((_, j) => a.map((r) => r[j] as number));
}

export function multiply(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): Matrix {
  return a.map((r) => (b[0] ?? []).map((_, j) => r.reduce((s, v, k) => s + v * (b[k]?.[j] as number), 0)));
}

/** Inverse by Gauss–Jordan elimination with partial pivoting; null when (near) singular. */
export function invert(a: readonly (readonly number[])[]): Matrix | null {
  const n = a.length;
  const m = a.map((r, i) => [...r, ...a.map((_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-9) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const piv = m[c]![c]!;
    for (let k = 0; k < 2 * n; k++) m[c]![k]! /= piv;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]!;
      if (f !== 0) for (let k = 0; k < 2 * n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((r) => r.slice(n));
}

/** Negative entries set to 0, the rest scaled to sum 1 (all ≤ 0: NaN). */
function clipToSimplex(xs: number[]): number[] {
  const c = xs.map((v) => (v > 0 ? v : 0));
  const s = c.reduce((a, b) => a + b, 0);
  return c.map((v) => (s > 0 ? v / s : NaN));
}

/** True class shares from judged shares pObs and the judge's row-normalised confusion matrix M. */
export function correctPrevalences(pObs: readonly number[], m: readonly (readonly number[])[]): number[] | null {
  const inv = invert(transpose(m));
  if (!inv) return null;
  return clipToSimplex(inv.map((r) => r.reduce((s, v, k) => s + v * (pObs[k] as number), 0)));
}

/** True joint shares P_true = (M_sᵀ)⁻¹ P_obs M_o⁻¹ (clipped, renormalised); M_o defaults to M_s. */
export function correctJoint(pObs: readonly (readonly number[])[], ms: readonly (readonly number[])[], mo: readonly (readonly number[])[] = ms): Matrix | null {
  const a = invert(transpose(ms));
  const b = invert(mo);
  if (!a || !b) return null;
  const raw = multiply(multiply(a, pObs), b);
  const k = raw[0]?.length ?? 0;
  const flat = clipToSimplex(raw.flat());
  return raw.map((_, i) => flat.slice(i * k, (i + 1) * k));
}

/**
 * n draws from a categorical distribution with probabilities p, as counts: conditional binomial
 * draws (binomial.ts), a few uniforms per category instead of one per draw.
 */
export function multinomialDraw(n: number, p: readonly number[], rng: () => number): number[] {
  return multinomialCounts(n, p, rng);
}

interface CorrectedEstimate {
  value: number;
  ci: Interval;
  /** resamples whose confusion matrix could not be inverted (left out of the interval) */
  singular: number;
}

export interface CorrectionInput {
  /** observed counts: a vector (prevalences) or a matrix (joint source × output table) */
  observed: readonly number[] | readonly (readonly number[])[];
  /** the judge's validation confusion counts (rows true, columns judged), same class order */
  confusion: readonly (readonly number[])[];
  /** named statistics of the corrected shares (a vector or a matrix, as `observed`) */
  statistics: (corrected: number[] | number[][]) => Record<string, number>;
  /**
   * matrix only: the rows are known groups (e.g. a base statement's polarity), not judged, so only
   * the columns are corrected, row by row: P_true[i] = share_i · (Mᵀ)⁻¹ (P_obs[i] / share_i)
   */
  knownRows?: boolean;
  resamples?: number;
  seed?: number;
  level?: number;
}

const isMatrix = (x: CorrectionInput['observed']): x is readonly (readonly number[])[] => Array.isArray(x[0]);

function correctCounts(observed: CorrectionInput['observed'], m: Matrix, knownRows = false): number[] | number[][] | null {
  if (isMatrix(observed) && knownRows) {
    const n = observed.flat().reduce((a, b) => a + b, 0);
    const rows: number[][] = [];
    for (const r of observed) {
      const ni = r.reduce((a, b) => a + b, 0);
      if (ni === 0) {
        rows.push(r.map(() => 0));
        continue;
      }
      const c = correctPrevalences(r.map((v) => v / ni), m);
      if (!c) return null;
      rows.push(c.map((v) => (v * ni) / n));
    }
    return rows;
  }
  if (isMatrix(observed)) {
    const n = observed.flat().reduce((a, b) => a + b, 0);
    return correctJoint(observed.map((r) => r.map((v) => v / n)), m);
  }
  const n = observed.reduce((a, b) => a + b, 0);
  return correctPrevalences(observed.map((v) => v / n), m);
}

/**
 * Corrected statistics with percentile bootstrap intervals over the items and the confusion
 * counts (see the file comment). Returns null when the confusion matrix itself is singular.
 */
export function correctedStatistics(input: CorrectionInput): Record<string, CorrectedEstimate> | null {
  const { observed, confusion } = input;
  const level = input.level ?? 0.95;
  const B = input.resamples ?? 2000;
  const rng = createRng(input.seed ?? 42);
  const point = correctCounts(observed, rowNormalise(confusion), input.knownRows);
  if (!point) return null;
  const values = input.statistics(point);
  const names = Object.keys(values);
  const draws = new Map(names.map((n) => [n, [] as number[]]));
  const flatObs = isMatrix(observed) ? observed.flat() : [...observed];
  const nItems = flatObs.reduce((a, b) => a + b, 0);
  const pObs = flatObs.map((v) => v / nItems);
  const k = isMatrix(observed) ? (observed[0]?.length ?? 0) : 0;
  let singular = 0;
  for (let b = 0; b < B; b++) {
    const items = multinomialDraw(nItems, pObs, rng);
    const obs = k ? observed.map((_, i) => items.slice(i * k, (i + 1) * k)) : items;
    const m = rowNormalise(confusion.map((row) => multinomialDraw(row.reduce((a, c) => a + c, 0), rowNormalise([row])[0]!, rng)));
    const c = correctCounts(obs, m, input.knownRows);
    if (!c) {
      singular++;
      continue;
    }
    const s = input.statistics(c);
    for (const n of names) draws.get(n)!.push(s[n]!);
  }
  const alpha = (1 - level) / 2;
  return Object.fromEntries(
    names.map((n) => {
      const d = draws.get(n)!.filter((v) => Number.isFinite(v)).sort((x, y) => x - y);
      const ci: Interval = d.length ? { low: quantileSorted(d, alpha), high: quantileSorted(d, 1 - alpha), level, method: 'bootstrap-misclassification' } : { low: NaN, high: NaN, level, method: 'bootstrap-misclassification' };
      return [n, { value: values[n]!, ci, singular }];
    }),
  );
}
