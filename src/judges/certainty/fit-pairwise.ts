/**
 * Pairwise logistic regression without intercept (a Bradley–Terry model on feature differences):
 *   P(B more certain than A) = σ(w · d(A, B)),
 * fitted by full-batch gradient descent with L2 penalty λ‖w‖²/2 on the mean log-loss. Used by
 * scripts/fit-certainty-weights.ts; small and deterministic, so it lives here to be tested.
 */
interface PairwiseExample {
  d: ArrayLike<number>;
  /** 1 when B is the more certain text, 0 when A is */
  y: 0 | 1;
  weight?: number;
}

export function fitPairwiseLogistic(examples: readonly PairwiseExample[], dim: number, opts: { l2?: number; iterations?: number; learningRate?: number } = {}): Float64Array {
  const l2 = opts.l2 ?? 1e-3;
  const iters = opts.iterations ?? 2000;
  const lr = opts.learningRate ?? 0.5;
  const w = new Float64Array(dim);
  let totalW = 0;
  for (const e of examples) totalW += e.weight ?? 1;
  if (totalW === 0) return w;
  const g = new Float64Array(dim);
  for (let it = 0; it < iters; it++) {
    g.fill(0);
    for (const e of examples) {
      let z = 0;
      for (let k = 0; k < dim; k++) z += w[k]! * (e.d[k] ?? 0);
      const p = 1 / (1 + Math.exp(-z));
      const r = ((p - e.y) * (e.weight ?? 1)) / totalW;
      for (let k = 0; k < dim; k++) g[k]! += r * (e.d[k] ?? 0);
    }
    for (let k = 0; k < dim; k++) w[k]! -= lr * (g[k]! + l2 * w[k]!);
  }
  return w;
}
