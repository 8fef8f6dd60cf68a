import type { Framing } from '../../core/types.js';
import { FEATURE_NAMES } from './features.js';

/** Class order used by the models: ordinal, negative < neutral < positive. */
export const MODEL_CLASSES: readonly Framing[] = ['negative', 'neutral', 'positive'];

interface Standardised {
  /** per FEATURE_NAMES entry: the calibration mean and standard deviation */
  mean: readonly number[];
  sd: readonly number[];
}

/** Multinomial logistic regression: p(k) ∝ exp(bias[k] + weights[k]·z). */
export interface MultinomialModel extends Standardised {
  kind: 'multinomial-logistic';
  /** one row per MODEL_CLASSES entry, one column per feature */
  weights: readonly (readonly number[])[];
  bias: readonly number[];
}

/**
 * Ordinal (cumulative) logistic regression: s = weights·z,
 * P(negative) = σ(t0 − s), P(negative or neutral) = σ(t1 − s), t0 < t1.
 */
export interface OrdinalModel extends Standardised {
  kind: 'ordinal-logistic';
  weights: readonly number[];
  thresholds: readonly [number, number];
}

export type FramingModel = MultinomialModel | OrdinalModel;

export function standardise(x: readonly number[], m: Standardised): number[] {
  return x.map((v, j) => (v - (m.mean[j] as number)) / (m.sd[j] as number));
}

export function sigmoid(v: number): number {
  return v >= 0 ? 1 / (1 + Math.exp(-v)) : Math.exp(v) / (1 + Math.exp(v));
}

/** Class probabilities in MODEL_CLASSES order for standardised features z. */
export function modelProbabilities(model: FramingModel, z: readonly number[]): [number, number, number] {
  if (model.kind === 'ordinal-logistic') {
    let s = 0;
    for (let j = 0; j < z.length; j++) s += (model.weights[j] as number) * (z[j] as number);
    const a = sigmoid(model.thresholds[0] - s);
    const b = sigmoid(model.thresholds[1] - s);
    return [a, Math.max(0, b - a), 1 - b];
  }
  const logits = model.bias.map((b, k) => {
    let v = b;
    const w = model.weights[k] as readonly number[];
    for (let j = 0; j < z.length; j++) v += (w[j] as number) * (z[j] as number);
    return v;
  });
  const top = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - top));
  const total = e.reduce((x, y) => x + y, 0);
  return [(e[0] as number) / total, (e[1] as number) / total, (e[2] as number) / total];
}

/** Most probable class (ties go to the earlier class in MODEL_CLASSES). */
export function predictFraming(model: FramingModel, features: readonly number[]): Framing {
  const p = modelProbabilities(model, standardise(features, model));
  let best = 0;
  for (let k = 1; k < 3; k++) if ((p[k] as number) > (p[best] as number)) best = k;
  return MODEL_CLASSES[best] as Framing;
}

/** Checks that a model matches the feature set of this version of the code. */
export function assertModelShape(model: FramingModel): void {
  const d = FEATURE_NAMES.length;
  const ok =
    model.mean.length === d &&
    model.sd.length === d &&
    model.sd.every((s) => s > 0) &&
    (model.kind === 'ordinal-logistic'
      ? model.weights.length === d && model.thresholds[0] < model.thresholds[1]
      : model.weights.length === 3 && model.weights.every((w) => w.length === d) && model.bias.length === 3);
  if (!ok) throw new Error(`framing model does not fit the ${d} features ${FEATURE_NAMES.join(', ')}`);
}
