import type { MultinomialModel, OrdinalModel } from './model.js';
import { sigmoid } from './model.js';

/**
 * Fitting the framing models: class-weighted, L2-penalised maximum likelihood by full-batch
 * gradient descent with Adam from a zero start. Deterministic (no sampling), small (a few
 * thousand rows, ~10 parameters), so no optimisation library is needed.
 */
interface FitOptions {
  /** L2 penalty on the weights (not on biases/thresholds), added as l2/2 · Σw² to the mean loss */
  l2?: number;
  iterations?: number;
  learningRate?: number;
  /** per-row weights; default: balanced class weights (balancedClassWeights) */
  sampleWeights?: readonly number[];
}

function rowWeights(y: readonly number[], opts: FitOptions): readonly number[] {
  if (opts.sampleWeights !== undefined) {
    if (opts.sampleWeights.length !== y.length) throw new Error('sampleWeights must have one weight per row');
    return opts.sampleWeights;
  }
  const cw = balancedClassWeights(y);
  return y.map((k) => cw[k] as number);
}

/** Weights n / (K · n_k) per class (sklearn's class_weight='balanced'). */
export function balancedClassWeights(y: readonly number[], classes = 3): number[] {
  const counts = new Array<number>(classes).fill(0);
  for (const k of y) counts[k] = (counts[k] as number) + 1;
  return counts.map((c) => (c === 0 ? 0 : y.length / (classes * c)));
}

/** Mean and (population) standard deviation per column; sd 0 is replaced by 1. */
export function columnStats(x: readonly (readonly number[])[]): { mean: number[]; sd: number[] } {
  const d = x[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const sd = new Array<number>(d).fill(0);
  for (const row of x) for (let j = 0; j < d; j++) mean[j] = (mean[j] as number) + (row[j] as number) / x.length;
  for (const row of x) for (let j = 0; j < d; j++) sd[j] = (sd[j] as number) + ((row[j] as number) - (mean[j] as number)) ** 2 / x.length;
  return { mean, sd: sd.map((v) => (v > 0 ? Math.sqrt(v) : 1)) };
}

/** Minimises f by Adam; grad returns [loss, gradient]. */
function adam(theta: number[], grad: (t: readonly number[]) => [number, number[]], iters: number, lr: number): number[] {
  const m = theta.map(() => 0);
  const v = theta.map(() => 0);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let it = 1; it <= iters; it++) {
    const [, g] = grad(theta);
    for (let i = 0; i < theta.length; i++) {
      const gi = g[i] as number;
      m[i] = b1 * (m[i] as number) + (1 - b1) * gi;
      v[i] = b2 * (v[i] as number) + (1 - b2) * gi * gi;
      const mh = (m[i] as number) / (1 - b1 ** it);
      const vh = (v[i] as number) / (1 - b2 ** it);
      theta[i] = (theta[i] as number) - (lr * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return theta;
}

/** Weighted ordinal logistic loss (mean over weights) and gradient; theta = [w..., t0, log(t1 - t0)]. */
export function ordinalLossGrad(
  z: readonly (readonly number[])[],
  y: readonly number[],
  rw: readonly number[],
  l2: number,
  theta: readonly number[],
): [number, number[]] {
  const d = theta.length - 2;
  const t0 = theta[d] as number;
  const gap = Math.exp(theta[d + 1] as number);
  const t1 = t0 + gap;
  const g = new Array<number>(theta.length).fill(0);
  let loss = 0;
  let wsum = 0;
  for (let i = 0; i < z.length; i++) {
    const row = z[i] as readonly number[];
    const yi = y[i] as number;
    const wi = rw[i] as number;
    let s = 0;
    for (let j = 0; j < d; j++) s += (theta[j] as number) * (row[j] as number);
    const sa = sigmoid(t0 - s);
    const sb = sigmoid(t1 - s);
    let da = 0;
    let db = 0;
    if (yi === 0) {
      loss -= wi * Math.log(Math.max(sa, 1e-300));
      da = -(1 - sa);
    } else if (yi === 2) {
      loss -= wi * Math.log(Math.max(1 - sb, 1e-300));
      db = sb;
    } else {
      const p = Math.max(sb - sa, 1e-12);
      loss -= wi * Math.log(p);
      db = -(sb * (1 - sb)) / p;
      da = (sa * (1 - sa)) / p;
    }
    wsum += wi;
    const ds = -(da + db);
    for (let j = 0; j < d; j++) g[j] = (g[j] as number) + wi * ds * (row[j] as number);
    g[d] = (g[d] as number) + wi * (da + db);
    g[d + 1] = (g[d + 1] as number) + wi * db * gap;
  }
  for (let k = 0; k < g.length; k++) g[k] = (g[k] as number) / wsum;
  loss /= wsum;
  for (let j = 0; j < d; j++) {
    loss += (l2 / 2) * (theta[j] as number) ** 2;
    g[j] = (g[j] as number) + l2 * (theta[j] as number);
  }
  return [loss, g];
}

/** Weighted multinomial logistic loss (mean over weights) and gradient; theta = per class [bias, w...]. */
export function multinomialLossGrad(
  z: readonly (readonly number[])[],
  y: readonly number[],
  rw: readonly number[],
  l2: number,
  theta: readonly number[],
): [number, number[]] {
  const K = 3;
  const d = theta.length / K - 1;
  const g = new Array<number>(theta.length).fill(0);
  let loss = 0;
  let wsum = 0;
  const logits = [0, 0, 0];
  for (let i = 0; i < z.length; i++) {
    const row = z[i] as readonly number[];
    const yi = y[i] as number;
    const wi = rw[i] as number;
    for (let k = 0; k < K; k++) {
      let v = theta[k * (d + 1)] as number;
      for (let j = 0; j < d; j++) v += (theta[k * (d + 1) + 1 + j] as number) * (row[j] as number);
      logits[k] = v;
    }
    const top = Math.max(logits[0] as number, logits[1] as number, logits[2] as number);
    let total = 0;
    for (let k = 0; k < K; k++) total += Math.exp((logits[k] as number) - top);
    loss -= wi * ((logits[yi] as number) - top - Math.log(total));
    wsum += wi;
    for (let k = 0; k < K; k++) {
      const r = wi * (Math.exp((logits[k] as number) - top) / total - (k === yi ? 1 : 0));
      g[k * (d + 1)] = (g[k * (d + 1)] as number) + r;
      for (let j = 0; j < d; j++) g[k * (d + 1) + 1 + j] = (g[k * (d + 1) + 1 + j] as number) + r * (row[j] as number);
    }
  }
  for (let k = 0; k < g.length; k++) g[k] = (g[k] as number) / wsum;
  loss /= wsum;
  for (let k = 0; k < K; k++) {
    for (let j = 0; j < d; j++) {
      const idx = k * (d + 1) + 1 + j;
      loss += (l2 / 2) * (theta[idx] as number) ** 2;
      g[idx] = (g[idx] as number) + l2 * (theta[idx] as number);
    }
  }
  return [loss, g];
}

/** Fits an ordinal logistic model on raw features x and classes y (0 negative, 1 neutral, 2 positive). */
export function fitOrdinal(x: readonly (readonly number[])[], y: readonly number[], opts: FitOptions = {}): OrdinalModel {
  const { mean, sd } = columnStats(x);
  const z = x.map((r) => r.map((v, j) => (v - (mean[j] as number)) / (sd[j] as number)));
  const rw = rowWeights(y, opts);
  const d = mean.length;
  const theta = adam(
    [...new Array<number>(d).fill(0), -1, Math.log(2)],
    (t) => ordinalLossGrad(z, y, rw, opts.l2 ?? 1e-3, t),
    opts.iterations ?? 2000,
    opts.learningRate ?? 0.05,
  );
  const t0 = theta[d] as number;
  return {
    kind: 'ordinal-logistic',
    mean,
    sd,
    weights: theta.slice(0, d),
    thresholds: [t0, t0 + Math.exp(theta[d + 1] as number)],
  };
}

/** Fits a multinomial logistic model on raw features x and classes y (0 negative, 1 neutral, 2 positive). */
export function fitMultinomial(x: readonly (readonly number[])[], y: readonly number[], opts: FitOptions = {}): MultinomialModel {
  const { mean, sd } = columnStats(x);
  const z = x.map((r) => r.map((v, j) => (v - (mean[j] as number)) / (sd[j] as number)));
  const rw = rowWeights(y, opts);
  const d = mean.length;
  const theta = adam(
    new Array<number>(3 * (d + 1)).fill(0),
    (t) => multinomialLossGrad(z, y, rw, opts.l2 ?? 1e-3, t),
    opts.iterations ?? 2000,
    opts.learningRate ?? 0.05,
  );
  const rows = [0, 1, 2].map((k) => theta.slice(k * (d + 1), (k + 1) * (d + 1)));
  return {
    kind: 'multinomial-logistic',
    mean,
    sd,
    bias: rows.map((r) => r[0] as number),
    weights: rows.map((r) => r.slice(1)),
  };
}
