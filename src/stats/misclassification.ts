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
import { multinomialCountsInto } from './binomial.js';
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

/*
 * The arithmetic works on flat row-major arrays in buffers made once: the bootstrap corrects its
 * table 2,000 times, and building nested arrays for every product, inverse and clip took most of
 * its time (about 0.3 s of a 500-document run's end). The matrix functions above and below wrap
 * the same code, so a point estimate and a resample are computed alike, operation for operation.
 */

/**
 * Rows of a flat row-major array of `cols` columns. Plain loops: each resample builds its table
 * this way, and Array.from with a mapping callback per cell cost more than the correction itself,
 * most of all the first time a process corrects (the code not yet compiled).
 */
function rowsOf(flat: ArrayLike<number>, rows: number, cols: number): Matrix {
  const out: Matrix = [];
  for (let i = 0; i < rows; i++) {
    const row: number[] = [];
    for (let j = 0; j < cols; j++) row.push(flat[i * cols + j] as number);
    out.push(row);
  }
  return out;
}

/** out = a · b, a (ar × ac) and b (ac × bc), each sum taken from 0 in order. */
function multiplyInto(a: ArrayLike<number>, ar: number, ac: number, b: ArrayLike<number>, bc: number, out: Float64Array): void {
  for (let i = 0; i < ar; i++)
    for (let j = 0; j < bc; j++) {
      let s = 0;
      for (let k = 0; k < ac; k++) s += (a[i * ac + k] as number) * (b[k * bc + j] as number);
      out[i * bc + j] = s;
    }
}

export function multiply(a: readonly (readonly number[])[], b: readonly (readonly number[])[]): Matrix {
  const ac = a[0]?.length ?? 0;
  const bc = b[0]?.length ?? 0;
  const out = new Float64Array(a.length * bc);
  multiplyInto(a.flat(), a.length, ac, b.flat(), bc, out);
  return rowsOf(out, a.length, bc);
}

/**
 * The inverse of the k × k matrix `a` (flat), or of its transpose, by Gauss–Jordan elimination
 * with partial pivoting, into `out`; `aug` holds the k × 2k working rows. False when (near) singular.
 */
function invertInto(a: ArrayLike<number>, k: number, transposed: boolean, aug: Float64Array, out: Float64Array): boolean {
  const w = 2 * k;
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++) {
      aug[i * w + j] = (transposed ? a[j * k + i] : a[i * k + j]) as number;
      aug[i * w + k + j] = i === j ? 1 : 0;
    }
  for (let c = 0; c < k; c++) {
    let p = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(aug[r * w + c] as number) > Math.abs(aug[p * w + c] as number)) p = r;
    if (Math.abs(aug[p * w + c] as number) < 1e-9) return false;
    if (p !== c)
      for (let j = 0; j < w; j++) {
        const t = aug[c * w + j] as number;
        aug[c * w + j] = aug[p * w + j] as number;
        aug[p * w + j] = t;
      }
    const piv = aug[c * w + c] as number;
    for (let j = 0; j < w; j++) aug[c * w + j] = (aug[c * w + j] as number) / piv;
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = aug[r * w + c] as number;
      if (f !== 0) for (let j = 0; j < w; j++) aug[r * w + j] = (aug[r * w + j] as number) - f * (aug[c * w + j] as number);
    }
  }
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) out[i * k + j] = aug[i * w + k + j] as number;
  return true;
}

/** Inverse by Gauss–Jordan elimination with partial pivoting; null when (near) singular. */
export function invert(a: readonly (readonly number[])[]): Matrix | null {
  const k = a.length;
  const out = new Float64Array(k * k);
  return invertInto(a.flat(), k, false, new Float64Array(2 * k * k), out) ? rowsOf(out, k, k) : null;
}

/** Negative entries of xs[0..len) set to 0, the rest scaled to sum 1 (all ≤ 0: NaN), in place. */
function clipToSimplex(xs: Float64Array, len: number): void {
  let s = 0;
  for (let i = 0; i < len; i++) {
    const v = xs[i] as number;
    const c = v > 0 ? v : 0;
    xs[i] = c;
    s += c;
  }
  for (let i = 0; i < len; i++) xs[i] = s > 0 ? (xs[i] as number) / s : NaN;
}

/** Buffers for correcting k-class tables, made once and reused by every resample. */
class Corrector {
  private readonly aug: Float64Array;
  private readonly invT: Float64Array;
  private readonly inv: Float64Array;
  private readonly shares: Float64Array;
  private readonly tmp: Float64Array;
  private readonly observed: Float64Array;

  constructor(readonly k: number, size: number) {
    this.observed = new Float64Array(size);
    this.aug = new Float64Array(2 * k * k);
    this.invT = new Float64Array(k * k);
    this.inv = new Float64Array(k * k);
    this.shares = new Float64Array(Math.max(k, size));
    this.tmp = new Float64Array(Math.max(k, size));
  }

  /** True class shares from judged shares p (k) and the row-normalised confusion m (flat k × k), into `shares`; false when m is singular. */
  private prevalencesInto(p: ArrayLike<number>, m: ArrayLike<number>, inverted = false): boolean {
    const { k, invT } = this;
    if (!inverted && !invertInto(m, k, true, this.aug, invT)) return false;
    for (let i = 0; i < k; i++) {
      let s = 0;
      for (let j = 0; j < k; j++) s += (invT[i * k + j] as number) * (p[j] as number);
      this.shares[i] = s;
    }
    clipToSimplex(this.shares, k);
    return true;
  }

  prevalences(p: ArrayLike<number>, m: ArrayLike<number>): number[] | null {
    return this.prevalencesInto(p, m) ? Array.from(this.shares.subarray(0, this.k)) : null;
  }

  /** P_true = (M_sᵀ)⁻¹ P M_o⁻¹ for P (k × cols, flat) and M_s, M_o (flat, k × k and cols × cols), clipped. */
  joint(p: ArrayLike<number>, cols: number, ms: ArrayLike<number>, mo: ArrayLike<number>): Matrix | null {
    const { k } = this;
    const b = cols === k ? this.inv : new Float64Array(cols * cols);
    if (!invertInto(ms, k, true, this.aug, this.invT)) return null;
    if (!invertInto(mo, cols, false, cols === k ? this.aug : new Float64Array(2 * cols * cols), b)) return null;
    multiplyInto(this.invT, k, k, p, cols, this.tmp);
    multiplyInto(this.tmp, k, cols, b, cols, this.shares);
    clipToSimplex(this.shares, k * cols);
    return rowsOf(this.shares, k, cols);
  }

  /**
   * Observed counts (flat: a vector of k, or rows × cols) corrected through m (flat k × k): as
   * shares of all the items; `knownRows`: each row's judged columns corrected on their own.
   */
  counts(counts: ArrayLike<number>, rows: number, cols: number, m: ArrayLike<number>, knownRows: boolean): number[] | number[][] | null {
    let n = 0;
    for (let i = 0; i < counts.length; i++) n += counts[i] as number;
    if (rows === 0) {
      const p = this.tmp;
      for (let i = 0; i < counts.length; i++) p[i] = (counts[i] as number) / n;
      return this.prevalences(p.subarray(0, counts.length), m);
    }
    if (!knownRows) {
      const p = this.observed.length >= counts.length ? this.observed.subarray(0, counts.length) : new Float64Array(counts.length);
      for (let i = 0; i < counts.length; i++) p[i] = (counts[i] as number) / n;
      return this.joint(p, cols, m, m);
    }
    const out: number[][] = [];
    let inverted = false;
    for (let r = 0; r < rows; r++) {
      let ni = 0;
      for (let j = 0; j < cols; j++) ni += counts[r * cols + j] as number;
      if (ni === 0) {
        out.push(new Array<number>(cols).fill(0));
        continue;
      }
      for (let j = 0; j < cols; j++) this.tmp[j] = (counts[r * cols + j] as number) / ni;
      if (!this.prevalencesInto(this.tmp, m, inverted)) return null;
      inverted = true;
      const row: number[] = [];
      for (let j = 0; j < this.k; j++) row.push(((this.shares[j] as number) * ni) / n);
      out.push(row);
    }
    return out;
  }
}

/** True class shares from judged shares pObs and the judge's row-normalised confusion matrix M. */
export function correctPrevalences(pObs: readonly number[], m: readonly (readonly number[])[]): number[] | null {
  return new Corrector(m.length, m.length).prevalences(pObs, m.flat());
}

/** True joint shares P_true = (M_sᵀ)⁻¹ P_obs M_o⁻¹ (clipped, renormalised); M_o defaults to M_s. */
export function correctJoint(pObs: readonly (readonly number[])[], ms: readonly (readonly number[])[], mo: readonly (readonly number[])[] = ms): Matrix | null {
  const cols = mo.length;
  return new Corrector(ms.length, ms.length * cols).joint(pObs.flat(), cols, ms.flat(), mo.flat());
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

/**
 * Corrected statistics with percentile bootstrap intervals over the items and the confusion
 * counts (see the file comment). Returns null when the confusion matrix itself is singular.
 */
export function correctedStatistics(input: CorrectionInput): Record<string, CorrectedEstimate> | null {
  const { observed, confusion } = input;
  const level = input.level ?? 0.95;
  const B = input.resamples ?? 2000;
  const rng = createRng(input.seed ?? 42);
  const k = confusion.length;
  const flatObs = isMatrix(observed) ? observed.flat() : [...observed];
  // a vector is rows = 0; a matrix is rows × cols
  const rows = isMatrix(observed) ? observed.length : 0;
  const cols = isMatrix(observed) ? (observed[0]?.length ?? 0) : flatObs.length;
  const knownRows = input.knownRows === true;
  const corrector = new Corrector(k, flatObs.length);
  const m = new Float64Array(k * k);
  const normalised = rowNormalise(confusion);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) m[i * k + j] = normalised[i]?.[j] as number;
  const point = corrector.counts(flatObs, rows, cols, m, knownRows);
  if (!point) return null;
  const values = input.statistics(point);
  const names = Object.keys(values);
  // each statistic's draws, the resamples' counts and a confusion row: buffers made once (the
  // resamples run before V8 optimizes this code, and arrays made per resample were a good part of their time)
  const draws = names.map(() => new Float64Array(B));
  let drawn = 0;
  const items = new Float64Array(flatObs.length);
  const row = new Float64Array(k);
  const nItems = flatObs.reduce((a, b) => a + b, 0);
  const pObs = flatObs.map((v) => v / nItems);
  const rowSums = confusion.map((r) => r.reduce((a, c) => a + c, 0));
  let singular = 0;
  for (let b = 0; b < B; b++) {
    // the items, then each confusion row, drawn in this order from the one stream
    multinomialCountsInto(nItems, pObs, rng, items);
    for (let i = 0; i < k; i++) {
      multinomialCountsInto(rowSums[i] as number, normalised[i] as number[], rng, row);
      let s = 0;
      for (let j = 0; j < k; j++) s += row[j] as number;
      for (let j = 0; j < k; j++) m[i * k + j] = s > 0 ? (row[j] as number) / s : 0;
    }
    const c = corrector.counts(items, rows, cols, m, knownRows);
    if (!c) {
      singular++;
      continue;
    }
    const s = input.statistics(c);
    for (let i = 0; i < names.length; i++) (draws[i] as Float64Array)[drawn] = s[names[i] as string] as number;
    drawn++;
  }
  const alpha = (1 - level) / 2;
  return Object.fromEntries(
    names.map((n, i) => {
      // sorted as a typed array: numeric without a comparator called 2,000 × log 2,000 times per
      // statistic (the same order but for -0 before 0, which interpolate and print alike)
      const d = (draws[i] as Float64Array).subarray(0, drawn).filter((v) => Number.isFinite(v)).sort();
      const ci: Interval = d.length ? { low: quantileSorted(d, alpha), high: quantileSorted(d, 1 - alpha), level, method: 'bootstrap-misclassification' } : { low: NaN, high: NaN, level, method: 'bootstrap-misclassification' };
      return [n, { value: values[n]!, ci, singular }];
    }),
  );
}
