/**
 * The step-wise decoding ability of a LanguageModel (optional; `model.stepwise?.(opts)`).
 *
 * A model that has it (today: in-process `gguf:`) lets a controller see and steer every token:
 * the decoding-time mitigations of Alessa et al. (Table A5) are controllers. Wrappers (request
 * cache, usage tracking; src/models/wrap.ts) forward the ability, so it survives a run's
 * middleware. A controller carries an `id` and `params`: with a seed they determine the answer,
 * so they are part of the request-cache key (a controller without an id is never cached).
 */
import type { ChatMessage, GenerateParams, Warning } from './types.js';

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

export type StepDecision = (
  | { kind: 'sample' }
  | { kind: 'choose'; token: number }
  /** multiply probabilities by these weights before sampling (0 forbids); renormalised */
  | { kind: 'reweight'; weights: Map<number, number> }
  | { kind: 'forbid'; tokens: number[] }
  /** add these values to the logits (index = token id; a dense vector, for changes to much of the vocabulary) */
  | { kind: 'shift'; logits: Float64Array }
  | { kind: 'stop' }
) & {
  /** what the controller wants kept with this step (JSON); copied to StepRecord.note, so it survives the cache */
  note?: unknown;
};

/** The model's vocabulary, as a controller sees it before the first step. */
export interface StepVocabulary {
  /** number of token ids */
  size: number;
  /** token ids of `text` as written (no automatic space prefix, no special tokens) */
  tokenize(text: string): number[];
  /** the text of every token id on its own (index = id; leading-space markers decoded to ' ') */
  pieces(): readonly string[];
}

/** What a controller may ask of the model in the middle of a decode. */
export interface StepTools {
  /**
   * A separate greedy generation (e.g. "explain your choice") that does not disturb the answer
   * being decoded. Only when the decode has no aux sequence (it uses that slot).
   */
  sideGenerate(messages: ChatMessage[], opts: { maxTokens: number; stop?: string[] }): Promise<{ text: string; inputTokens: number; outputTokens: number }>;
}

export interface StepController {
  /** what it is, e.g. 'weighted-token-decoding' (part of the request-cache key; no id = not cached) */
  readonly id?: string;
  /** everything that, with the seed, determines its decisions (part of the cache key; JSON) */
  readonly params?: unknown;
  /** called once before the first step */
  prepare?(vocab: StepVocabulary): void | Promise<void>;
  /** Called before every token; `aux` is the second sequence's state when one was asked for. */
  onStep(main: StepState, aux: StepState | undefined, tools: StepTools): StepDecision | Promise<StepDecision>;
}

export type MirostatSpec =
  | { mode: 1 | 2; tau: number; eta: number; /** v1 only: tokens used to estimate ŝ (default 100) */ m?: number }
  | { mode: 'table-a5'; target: number; eta: number; mu0?: number };

export interface MirostatTrace {
  /** μ used for this step */
  mu: number;
  /** surprise of the drawn token (bits for modes 1/2, nats for table-a5) */
  surprise: number;
  /** μ after the update */
  nextMu: number;
  /** table-a5: the temperature exp(μ) used for this step */
  temperature?: number;
  /** modes 1/2: how many tokens were left to draw from */
  kept: number;
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
  /** the controller's note for this step */
  note?: unknown;
}

export interface StepwiseOptions {
  messages: ChatMessage[];
  /** second sequence, advanced in parallel with the same chosen tokens */
  auxMessages?: ChatMessage[];
  controller?: StepController;
  /** default 256 */
  maxTokens?: number;
  seed?: number;
  /** 0 = greedy (default 1) */
  temperature?: number;
  /** sampling top-k (not the number of alternatives shown to the controller) */
  topK?: number;
  topP?: number;
  /** Basu et al. v1/v2, or Table A5's temperature feedback ({ mode: 'table-a5', target: 2, eta: 0.1 }) */
  mirostat?: MirostatSpec;
  /** applied to both sequences */
  logitBias?: GenerateParams['logitBias'];
  stop?: string[];
  /** how many top tokens the controller sees per step (default 10) */
  alternatives?: number;
  signal?: AbortSignal;
}

export interface StepwiseUsage {
  inputTokens: number;
  /** prompt tokens of the aux sequence (a second forward pass over every generated token too) */
  auxInputTokens?: number;
  outputTokens: number;
  /** side generations made by the controller (StepTools.sideGenerate) and their tokens */
  sideCalls?: number;
  sideInputTokens?: number;
  sideOutputTokens?: number;
}

export interface StepwiseResult {
  text: string;
  tokens: number[];
  steps: StepRecord[];
  finishReason: 'stop' | 'length';
  usage: StepwiseUsage;
  warnings: Warning[];
  /** true when served from the request cache */
  cached?: boolean;
}

/** Every input token a step-wise call processed (main prompt, aux prompt, side prompts). */
export function stepwiseInputTokens(u: StepwiseUsage): number {
  return u.inputTokens + (u.auxInputTokens ?? 0) + (u.sideInputTokens ?? 0);
}

/** Every token a step-wise call generated (the answer and side generations). */
export function stepwiseOutputTokens(u: StepwiseUsage): number {
  return u.outputTokens + (u.sideOutputTokens ?? 0);
}

/**
 * The temperature mirostat runs at: the one asked for, or 1 when it is 0 or below. llama.cpp
 * applies the temperature before mirostat, and at 0 only the top token is left: mirostat would have
 * nothing to choose from and the answer would be greedy decoding.
 */
export function mirostatTemperature(temperature: number | undefined): number {
  return temperature !== undefined && temperature > 0 ? temperature : 1;
}
