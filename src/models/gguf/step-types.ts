/** Types of the step-wise decoding API (see stepwise.ts). */
import type { MirostatTrace } from './mirostat.js';

export interface TopEntry {
  token: number;
  /** the token's text in context (e.g. " good") */
  text: string;
  /** logit after the request's logit bias */
  logit: number;
  /** probability under softmax of the biased logits at temperature 1 */
  prob: number;
}

export interface StepState {
  /** 0-based step number (= tokens generated so far) */
  step: number;
  /** tokens generated so far (the same for both sequences) */
  tokens: number[];
  /** text generated so far */
  text: string;
  /** the most probable next tokens, best first */
  topK: TopEntry[];
  /** log Σ exp(logit) over the whole vocabulary, so any token's probability is exp(logit − logZ) */
  logZ: number;
  /** the full vector of biased logits (index = token id); read-only */
  logits: Float64Array;
}

export type StepDecision =
  | { kind: 'sample' }
  | { kind: 'choose'; token: number }
  /** multiply probabilities by these weights before sampling (0 forbids); renormalised */
  | { kind: 'reweight'; weights: Map<number, number> }
  | { kind: 'forbid'; tokens: number[] }
  | { kind: 'stop' };

export interface StepController {
  /** Called before every token; `aux` is the second sequence's state when one was asked for. */
  onStep(main: StepState, aux?: StepState): StepDecision | Promise<StepDecision>;
}

export interface StepRecord {
  step: number;
  /** the token taken (for a 'stop' decision: -1) */
  token: number;
  /** its text in context */
  text: string;
  /** its log-probability under the biased model distribution at temperature 1 (before the controller) */
  logprob: number;
  decision: StepDecision['kind'];
  top: TopEntry[];
  auxTop?: TopEntry[];
  /** log-probability of the token under the aux sequence's distribution */
  auxLogprob?: number;
  mirostat?: MirostatTrace;
}
