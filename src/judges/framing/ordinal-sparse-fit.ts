import type { SparseExample } from '../certainty/claim-strength-fit.js';

/**
 * Fits a cumulative-logit (proportional-odds) model on sparse features for three ordered classes
 * (0 negative < 1 neutral < 2 positive): one score s = w·x and two thresholds t0 < t1 with
 *   P(y ≤ 0) = σ(t0 − s),  P(y ≤ 1) = σ(t1 − s),
 * minimising (1/W) Σ_i w_i · −log P(y_i | x_i) + (λ/2) ‖w‖² (thresholds not penalised), by
 * accelerated gradient descent (FISTA momentum) with the fixed step 1/L, L = max_i ‖(x_i, 1, 1)‖² + λ
 * (the negative log-likelihood's second derivative in s is at most 1 for the logistic link).
 * The middle class is the band between the thresholds, so neutral is "between negative and
 * positive" on one scale rather than a class with its own direction — the structure that
 * helps the middle class transfer to sources where it looks different. Written here because no
 * offline npm library fits ordinal models on sparse features; deterministic.
 */
interface OrdinalFit {
  w: Float64Array;
  thresholds: [number, number];
  loss: number;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
const MIN_GAP = 1e-3;

function objectiveAndGradient(ex: readonly SparseExample[], w: Float64Array, t: readonly [number, number], l2: number, gw: Float64Array, gt: [number, number]): number {
  gw.fill(0);
  gt[0] = 0;
  gt[1] = 0;
  let W = 0;
  for (const e of ex) W += e.weight ?? 1;
  let loss = 0;
  for (const e of ex) {
    let s = 0;
    for (let j = 0; j < e.idx.length; j++) s += w[e.idx[j]!]! * e.val[j]!;
    const a = sigmoid(t[0] - s);
    const b = sigmoid(t[1] - s);
    const we = (e.weight ?? 1) / W;
    // d(−log p)/dt0, d(−log p)/dt1; d/ds = −(dt0 + dt1)
    let d0 = 0;
    let d1 = 0;
    if (e.y === 0) {
      loss -= we * Math.log(Math.max(a, 1e-300));
      d0 = -(1 - a);
    } else if (e.y === 2) {
      loss -= we * Math.log(Math.max(1 - b, 1e-300));
      d1 = b;
    } else {
      const p = Math.max(b - a, 1e-12);
      loss -= we * Math.log(p);
      d0 = (a * (1 - a)) / p;
      d1 = -(b * (1 - b)) / p;
    }
    gt[0] += we * d0;
    gt[1] += we * d1;
    const ds = -we * (d0 + d1);
    for (let j = 0; j < e.idx.length; j++) gw[e.idx[j]!]! += ds * e.val[j]!;
  }
  let reg = 0;
  for (let i = 0; i < w.length; i++) {
    reg += w[i]! * w[i]!;
    gw[i]! += l2 * w[i]!;
  }
  return loss + (l2 / 2) * reg;
}

export function fitOrdinalSparse(ex: readonly SparseExample[], dim: number, opts: { l2?: number; iterations?: number } = {}): OrdinalFit {
  const l2 = opts.l2 ?? 1e-3;
  const iters = opts.iterations ?? 300;
  for (const [i, e] of ex.entries()) {
    if (e.y !== 0 && e.y !== 1 && e.y !== 2) throw new RangeError(`fitOrdinalSparse: example ${i} has class ${e.y}; expected 0, 1 or 2`);
    if (e.weight !== undefined && !(e.weight > 0 && Number.isFinite(e.weight))) throw new RangeError(`fitOrdinalSparse: example ${i} has weight ${e.weight}; weights must be positive`);
  }
  let maxNorm = 2;
  for (const e of ex) {
    let s = 2;
    for (const v of e.val) s += v * v;
    maxNorm = Math.max(maxNorm, s);
  }
  const step = 1 / (maxNorm + l2);
  const w = new Float64Array(dim);
  const wPrev = new Float64Array(dim);
  const yw = new Float64Array(dim);
  const gw = new Float64Array(dim);
  let t: [number, number] = [-1, 1];
  let yt: [number, number] = [-1, 1];
  const gt: [number, number] = [0, 0];
  let k = 1;
  for (let it = 0; it < iters; it++) {
    objectiveAndGradient(ex, yw, yt, l2, gw, gt);
    wPrev.set(w);
    const tPrev = t;
    for (let i = 0; i < dim; i++) w[i] = yw[i]! - step * gw[i]!;
    const t0 = yt[0] - step * gt[0];
    t = [t0, Math.max(t0 + MIN_GAP, yt[1] - step * gt[1])];
    const kNext = (1 + Math.sqrt(1 + 4 * k * k)) / 2;
    const mom = (k - 1) / kNext;
    for (let i = 0; i < dim; i++) yw[i] = w[i]! + mom * (w[i]! - wPrev[i]!);
    const y0 = t[0] + mom * (t[0] - tPrev[0]);
    yt = [y0, Math.max(y0 + MIN_GAP, t[1] + mom * (t[1] - tPrev[1]))];
    k = kNext;
  }
  const loss = objectiveAndGradient(ex, w, t, l2, gw, gt);
  return { w, thresholds: t, loss };
}

/** [P(negative), P(neutral), P(positive)] of a score under thresholds t0 < t1. */
export function ordinalProbabilities(s: number, t: readonly number[]): [number, number, number] {
  const a = sigmoid(t[0]! - s);
  const b = sigmoid(t[1]! - s);
  return [a, b - a, 1 - b];
}
