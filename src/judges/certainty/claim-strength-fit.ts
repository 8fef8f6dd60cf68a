/**
 * Fits a multinomial logistic regression (softmax, K classes) on sparse features:
 *   minimise (1/W) Σ_i w_i · −log p(y_i | x_i) + (λ/2) ‖W‖²  (intercepts not penalised),
 * with example weights w_i (default 1) and W = Σ_i w_i,
 * by accelerated gradient descent (Nesterov / FISTA momentum with a fixed step
 * 1/L, L = ½·max_i ‖x_i‖² + λ, an upper bound on the Hessian's largest eigenvalue of the
 * weighted mean softmax loss, which is a convex combination of the examples' Hessians). Deterministic; small enough to live in src so that it can be tested.
 */
export interface SparseExample {
  /** feature indices */
  idx: readonly number[];
  /** values, same length as idx */
  val: readonly number[];
  /** class 0..K−1 */
  y: number;
  /** example weight (default 1); weight 2 counts like the example given twice */
  weight?: number;
}

interface SoftmaxFit {
  /** W[f * K + k] */
  w: Float64Array;
  bias: Float64Array;
  /** final objective value */
  loss: number;
}

function objectiveAndGradient(ex: readonly SparseExample[], dim: number, K: number, w: Float64Array, b: Float64Array, l2: number, gw: Float64Array, gb: Float64Array): number {
  gw.fill(0);
  gb.fill(0);
  let n = 0;
  for (const e of ex) n += e.weight ?? 1;
  let loss = 0;
  const z = new Float64Array(K);
  for (const e of ex) {
    for (let k = 0; k < K; k++) z[k] = b[k]!;
    for (let j = 0; j < e.idx.length; j++) {
      const off = e.idx[j]! * K;
      const v = e.val[j]!;
      for (let k = 0; k < K; k++) z[k]! += v * w[off + k]!;
    }
    let mx = -Infinity;
    for (let k = 0; k < K; k++) mx = Math.max(mx, z[k]!);
    let s = 0;
    for (let k = 0; k < K; k++) s += Math.exp(z[k]! - mx);
    const logZ = mx + Math.log(s);
    const we = e.weight ?? 1;
    loss += we * (logZ - z[e.y]!);
    for (let k = 0; k < K; k++) {
      const r = (we * (Math.exp(z[k]! - logZ) - (k === e.y ? 1 : 0))) / n;
      gb[k]! += r;
      for (let j = 0; j < e.idx.length; j++) gw[e.idx[j]! * K + k]! += r * e.val[j]!;
    }
  }
  let reg = 0;
  for (let i = 0; i < w.length; i++) {
    reg += w[i]! * w[i]!;
    gw[i]! += l2 * w[i]!;
  }
  void dim;
  return loss / n + (l2 / 2) * reg;
}

export function fitSoftmax(ex: readonly SparseExample[], dim: number, K: number, opts: { l2?: number; iterations?: number } = {}): SoftmaxFit {
  const l2 = opts.l2 ?? 1e-3;
  const iters = opts.iterations ?? 1500;
  for (const [i, e] of ex.entries()) {
    if (e.weight !== undefined && !(e.weight > 0 && Number.isFinite(e.weight))) throw new RangeError(`fitSoftmax: example ${i} has weight ${e.weight}; weights must be positive`);
  }
  let maxNorm = 1; // the intercept's constant 1
  for (const e of ex) {
    let s = 1;
    for (const v of e.val) s += v * v;
    maxNorm = Math.max(maxNorm, s);
  }
  const step = 1 / (0.5 * maxNorm + l2);
  const w = new Float64Array(dim * K);
  const b = new Float64Array(K);
  const wPrev = new Float64Array(dim * K);
  const bPrev = new Float64Array(K);
  const yw = new Float64Array(dim * K);
  const yb = new Float64Array(K);
  const gw = new Float64Array(dim * K);
  const gb = new Float64Array(K);
  let t = 1;
  let loss = NaN;
  for (let it = 0; it < iters; it++) {
    objectiveAndGradient(ex, dim, K, yw, yb, l2, gw, gb);
    wPrev.set(w);
    bPrev.set(b);
    for (let i = 0; i < w.length; i++) w[i] = yw[i]! - step * gw[i]!;
    for (let k = 0; k < K; k++) b[k] = yb[k]! - step * gb[k]!;
    const tNext = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
    const mom = (t - 1) / tNext;
    for (let i = 0; i < w.length; i++) yw[i] = w[i]! + mom * (w[i]! - wPrev[i]!);
    for (let k = 0; k < K; k++) yb[k] = b[k]! + mom * (b[k]! - bPrev[k]!);
    t = tNext;
  }
  loss = objectiveAndGradient(ex, dim, K, w, b, l2, gw, gb);
  return { w, bias: b, loss };
}
