/** Inter-rater agreement: Krippendorff's alpha, Fleiss' kappa, Cohen's kappa. */
import { normalCdf } from './distributions.js';

export type AlphaLevel = 'nominal' | 'ordinal' | 'interval' | 'ratio';

/**
 * Krippendorff's alpha (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability", §A–E),
 * from the coincidence matrix:
 *   o_ck = Σ_u (number of c–k pairs of values in unit u, from different coders) / (m_u − 1),
 *   n_c = Σ_k o_ck, n = Σ_c n_c,
 *   α = 1 − (n − 1) · Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck.
 * Units with fewer than two values are not pairable and do not count. Difference functions δ²:
 *   nominal 0/1; interval (c − k)²; ratio ((c − k)/(c + k))²;
 *   ordinal (Σ_{g from c to k} n_g − (n_c + n_k)/2)², over the ranked values present.
 * `data`: rows = coders, columns = units, null = missing. Returns NaN when no unit is pairable or
 * only one value occurs (no expected disagreement; α is undefined). Throws RangeError for ragged rows,
 * non-finite values, or negative values at the ratio level.
 */
export function krippendorffAlpha(data: (number | null)[][], level: AlphaLevel): number {
  const units = data[0]?.length ?? 0;
  data.forEach((row, r) => {
    if (row.length !== units) throw new RangeError(`krippendorffAlpha: coder ${r} has ${row.length} units, expected ${units}`);
    row.forEach((v, u) => {
      if (v === null) return;
      if (!Number.isFinite(v)) throw new RangeError(`krippendorffAlpha: coder ${r}, unit ${u}: ${v} is not a finite number`);
      if (level === 'ratio' && v < 0) throw new RangeError(`krippendorffAlpha: ratio data must be non-negative (coder ${r}, unit ${u}: ${v})`);
    });
  });
  const values = [...new Set(data.flat().filter((v): v is number => v !== null))].sort((a, b) => a - b);
  const V = values.length;
  const index = new Map(values.map((v, i) => [v, i]));
  const o = values.map(() => new Array<number>(V).fill(0));
  for (let u = 0; u < units; u++) {
    const counts = new Map<number, number>();
    let m = 0;
    for (const row of data) {
      const v = row[u];
      if (v === null || v === undefined) continue;
      const c = index.get(v) as number;
      counts.set(c, (counts.get(c) ?? 0) + 1);
      m++;
    }
    if (m < 2) continue;
    for (const [c, nc] of counts) {
      for (const [k, nk] of counts) {
        o[c]![k]! += (c === k ? nc * (nc - 1) : nc * nk) / (m - 1);
      }
    }
  }
  const nc = o.map((row) => row.reduce((a, b) => a + b, 0));
  const n = nc.reduce((a, b) => a + b, 0);
  if (n === 0) return NaN;
  const delta2 = (c: number, k: number): number => {
    if (c === k) return 0;
    const a = values[c] as number;
    const b = values[k] as number;
    switch (level) {
      case 'nominal':
        return 1;
      case 'interval':
        return (a - b) * (a - b);
      case 'ratio':
        return a + b === 0 ? 0 : ((a - b) / (a + b)) ** 2;
      case 'ordinal': {
        const lo = Math.min(c, k);
        const hi = Math.max(c, k);
        let s = 0;
        for (let g = lo; g <= hi; g++) s += nc[g] as number;
        const d = s - ((nc[c] as number) + (nc[k] as number)) / 2;
        return d * d;
      }
    }
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < V; c++) {
    for (let k = 0; k < V; k++) {
      const d = delta2(c, k);
      observed += (o[c]![k] as number) * d;
      expected += (nc[c] as number) * (nc[k] as number) * d;
    }
  }
  if (expected === 0) return NaN;
  return 1 - ((n - 1) * observed) / expected;
}

export interface FleissResult {
  kappa: number;
  /** two-sided p-value of H0: κ = 0, z = κ / se */
  pValue: number;
  /** standard error of κ under H0 (Fleiss, Nee & Landis 1979; as R irr::kappam.fleiss) */
  se: number;
}

/**
 * Fleiss' kappa (Fleiss 1971). `counts`: rows = items, columns = categories, counts[i][j] = raters
 * who put item i in category j; every row sums to the same number of raters n ≥ 2.
 *   p_j = Σ_i n_ij / (N n), P_i = (Σ_j n_ij² − n) / (n(n − 1)), κ = (P̄ − P̄e) / (1 − P̄e), P̄e = Σ p_j².
 *   se = √2 / (Σ p_j q_j · √(N n (n − 1))) · √((Σ p_j q_j)² − Σ p_j q_j (q_j − p_j)),  q_j = 1 − p_j.
 * Throws RangeError for no items, ragged rows, non-integer counts, or unequal rater totals.
 * κ, se and p are NaN when every rating falls in one category (P̄e = 1).
 */
export function fleissKappa(counts: number[][]): FleissResult {
  const N = counts.length;
  if (N === 0) throw new RangeError('fleissKappa: no items');
  const k = counts[0]?.length ?? 0;
  if (k < 2) throw new RangeError(`fleissKappa: need at least 2 categories, got ${k}`);
  const raters = (counts[0] ?? []).reduce((a, b) => a + b, 0);
  if (raters < 2) throw new RangeError(`fleissKappa: need at least 2 raters per item, got ${raters}`);
  const colSum = new Array<number>(k).fill(0);
  let pBarSum = 0;
  counts.forEach((row, i) => {
    if (row.length !== k) throw new RangeError(`fleissKappa: item ${i} has ${row.length} categories, expected ${k}`);
    let s = 0;
    let sq = 0;
    row.forEach((v, j) => {
      if (!(Number.isInteger(v) && v >= 0)) throw new RangeError(`fleissKappa: item ${i}, category ${j}: ${v} is not a count`);
      s += v;
      sq += v * v;
      colSum[j]! += v;
    });
    if (s !== raters) throw new RangeError(`fleissKappa: item ${i} has ${s} ratings, expected ${raters} like item 0`);
    pBarSum += (sq - raters) / (raters * (raters - 1));
  });
  const p = colSum.map((c) => c / (N * raters));
  const pBar = pBarSum / N;
  const pe = p.reduce((a, b) => a + b * b, 0);
  const kappa = pe === 1 ? NaN : (pBar - pe) / (1 - pe);
  const pq = p.reduce((a, pj) => a + pj * (1 - pj), 0);
  const pqqp = p.reduce((a, pj) => a + pj * (1 - pj) * (1 - pj - pj), 0);
  const se = pq === 0 ? NaN : (Math.SQRT2 / (pq * Math.sqrt(N * raters * (raters - 1)))) * Math.sqrt(pq * pq - pqqp);
  const z = kappa / se;
  return { kappa, se, pValue: Number.isNaN(z) ? NaN : Math.min(1, 2 * normalCdf(-Math.abs(z))) };
}

/**
 * Cohen's kappa for two raters over the same items: κ = (p_o − p_e) / (1 − p_e), p_e from the raters'
 * marginal label frequencies (as scikit-learn cohen_kappa_score, unweighted). NaN when p_e = 1
 * (both raters always use one and the same label). Throws RangeError for unequal lengths or no items.
 */
export function cohenKappa(a: string[], b: string[]): number {
  if (a.length !== b.length) throw new RangeError(`cohenKappa: raters differ in length (${a.length} vs ${b.length})`);
  const n = a.length;
  if (n === 0) throw new RangeError('cohenKappa: no items');
  const ca = new Map<string, number>();
  const cb = new Map<string, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) agree++;
    ca.set(x, (ca.get(x) ?? 0) + 1);
    cb.set(y, (cb.get(y) ?? 0) + 1);
  }
  let pe = 0;
  for (const [label, c] of ca) pe += (c / n) * ((cb.get(label) ?? 0) / n);
  const po = agree / n;
  return pe === 1 ? NaN : (po - pe) / (1 - pe);
}

/**
 * Weighted Cohen's kappa for ordinal ratings (quadratic = "QWK"), as scikit-learn
 * cohen_kappa_score(weights='linear' | 'quadratic'):
 *   κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij,  w_ij = |i − j| or (i − j)²,
 * where i, j index the sorted distinct values of both raters (or `categories` when given, which
 * fixes the scale and must contain every rating), O is the joint count table and E the outer product
 * of its margins / N. NaN when Σ w_ij E_ij = 0. Throws RangeError for unequal lengths, no items,
 * non-finite ratings, or a rating missing from `categories`.
 */
export function weightedCohenKappa(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  weights: 'linear' | 'quadratic',
  categories?: readonly number[],
): number {
  if (a.length !== b.length) throw new RangeError(`weightedCohenKappa: raters differ in length (${a.length} vs ${b.length})`);
  const n = a.length;
  if (n === 0) throw new RangeError('weightedCohenKappa: no items');
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    for (const v of [a[i] as number, b[i] as number]) {
      if (!Number.isFinite(v)) throw new RangeError(`weightedCohenKappa: item ${i} has a non-finite rating (${v})`);
      seen.add(v);
    }
  }
  const labels = categories ? [...categories].sort((x, y) => x - y) : [...seen].sort((x, y) => x - y);
  const index = new Map(labels.map((v, i) => [v, i]));
  for (const v of seen) {
    if (!index.has(v)) throw new RangeError(`weightedCohenKappa: rating ${v} is not one of the categories ${labels.join(', ')}`);
  }
  const k = labels.length;
  const O = labels.map(() => new Array<number>(k).fill(0));
  for (let i = 0; i < n; i++) O[index.get(a[i] as number)!]![index.get(b[i] as number)!]! += 1;
  const rows = O.map((r) => r.reduce((x, y) => x + y, 0));
  const cols = labels.map((_, j) => O.reduce((x, r) => x + (r[j] as number), 0));
  let num = 0;
  let den = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weights === 'linear' ? Math.abs(i - j) : (i - j) * (i - j);
      num += w * (O[i]![j] as number);
      den += (w * (rows[i] as number) * (cols[j] as number)) / n;
    }
  }
  return den === 0 ? NaN : 1 - num / den;
}
