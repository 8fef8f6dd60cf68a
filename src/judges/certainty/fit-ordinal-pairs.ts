/**
 * Fits the pair comparator's three-outcome model (pair-comparator.ts): an ordinal (cumulative
 * logit) model on the antisymmetric score s = w · d(A, B), without intercept, with one symmetric
 * threshold θ > 0:
 *   P(B more certain) = σ(s − θ),  P(A more certain) = σ(−s − θ),  P(no clear difference) = the rest.
 * Because d(B, A) = −d(A, B) and the thresholds are symmetric, the likelihood of a pair in one
 * order equals that of the swapped pair with the swapped label: the fit is the same as training
 * on both orders, and f(a, b) = −f(b, a) holds for every w. (A Rao–Kupper-style model of ties on
 * a linear score; written here because no npm library fits an ordinal logit on sparse features.)
 *
 * Objective: (1/W) Σ_i ω_i · −log P(y_i | d_i) + (λ/2)‖w‖², θ unpenalised (θ = exp η). Optimised
 * by Adam with a fixed step and a fixed number of iterations: deterministic.
 */
export interface OrdinalPairExample {
  idx: readonly number[];
  val: readonly number[];
  /** −1: A more certain, 0: no clear difference, +1: B more certain */
  y: -1 | 0 | 1;
  weight?: number;
}

interface OrdinalPairFit {
  w: Float64Array;
  theta: number;
  loss: number;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** −log P(y | s, θ) with its derivatives in s and θ. */
export function ordinalPairLoss(s: number, theta: number, y: -1 | 0 | 1): { loss: number; ds: number; dtheta: number } {
  const p = sigmoid(s - theta);
  const q = sigmoid(-s - theta);
  if (y === 1) return { loss: -Math.log(Math.max(p, 1e-300)), ds: -(1 - p), dtheta: 1 - p };
  if (y === -1) return { loss: -Math.log(Math.max(q, 1e-300)), ds: 1 - q, dtheta: 1 - q };
  const p0 = Math.max(1 - p - q, 1e-300);
  const dP0ds = -p * (1 - p) + q * (1 - q);
  const dP0dt = p * (1 - p) + q * (1 - q);
  return { loss: -Math.log(p0), ds: -dP0ds / p0, dtheta: -dP0dt / p0 };
}

export function fitOrdinalPairs(examples: readonly OrdinalPairExample[], dim: number, opts: { l2?: number; iterations?: number; learningRate?: number } = {}): OrdinalPairFit {
  const l2 = opts.l2 ?? 1e-3;
  const iters = opts.iterations ?? 400;
  const lr = opts.learningRate ?? 0.05;
  const w = new Float64Array(dim);
  let eta = Math.log(0.5);
  let total = 0;
  for (const e of examples) total += e.weight ?? 1;
  if (total === 0) return { w, theta: Math.exp(eta), loss: NaN };
  const g = new Float64Array(dim + 1);
  const m = new Float64Array(dim + 1);
  const v = new Float64Array(dim + 1);
  const b1 = 0.9;
  const b2 = 0.999;
  let loss = 0;
  for (let t = 1; t <= iters; t++) {
    g.fill(0);
    loss = 0;
    const theta = Math.exp(eta);
    for (const e of examples) {
      let s = 0;
      for (let j = 0; j < e.idx.length; j++) s += w[e.idx[j]!]! * e.val[j]!;
      const r = ordinalPairLoss(s, theta, e.y);
      const om = (e.weight ?? 1) / total;
      loss += om * r.loss;
      for (let j = 0; j < e.idx.length; j++) g[e.idx[j]!]! += om * r.ds * e.val[j]!;
      g[dim]! += om * r.dtheta * theta;
    }
    for (let k = 0; k < dim; k++) {
      g[k]! += l2 * w[k]!;
      loss += 0.5 * l2 * w[k]! * w[k]!;
    }
    for (let k = 0; k <= dim; k++) {
      m[k] = b1 * m[k]! + (1 - b1) * g[k]!;
      v[k] = b2 * v[k]! + (1 - b2) * g[k]! * g[k]!;
      const step = (lr * (m[k]! / (1 - b1 ** t))) / (Math.sqrt(v[k]! / (1 - b2 ** t)) + 1e-8);
      if (k < dim) w[k]! -= step;
      else eta -= step;
    }
  }
  return { w, theta: Math.exp(eta), loss };
}
