/**
 * Step-wise decoding for decoding-time mitigations (Alessa et al., Table A5: weighted token
 * decoding, mirostat, rejection sampling, self-debias decoding).
 *
 * At every step the controller sees the state of the main sequence (and of the aux sequence when
 * `auxMessages` is given): the tokens so far, the text, the top-k tokens with biased logits and
 * probabilities, and the full logit vector. It answers:
 * - sample: draw as configured (temperature / top-k / top-p, or mirostat);
 * - choose: take this token;
 * - reweight: multiply these tokens' probabilities by weights (0 forbids), then draw;
 * - forbid: set these tokens' logits to −∞, then draw;
 * - stop: end the answer.
 * The chosen token is appended to both sequences, so the aux sequence (e.g. the prompt preceded by
 * a bias-inducing prefix, for self-debias decoding) is evaluated in the same llama.cpp batch as the
 * main one, in parallel.
 */
import { UserError } from '../../core/errors.js';
import type { ChatMessage, GenerateParams, LanguageModel, Warning } from '../types.js';
import { decode } from './decode.js';
import { resolveLogitBias } from './logit-bias.js';
import type { MirostatSpec } from './mirostat.js';
import { GgufModel } from './model.js';
import { randomSeed } from '../../stats/rng.js';
import type { StepController, StepRecord } from './step-types.js';

export type { StepController, StepDecision, StepRecord, StepState, TopEntry } from './step-types.js';

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

export interface StepwiseResult {
  text: string;
  tokens: number[];
  steps: StepRecord[];
  finishReason: 'stop' | 'length';
  usage: { inputTokens: number; auxInputTokens?: number; outputTokens: number };
  warnings: Warning[];
}

export function supportsStepwise(model: LanguageModel): model is GgufModel {
  return model instanceof GgufModel;
}

export async function decodeStepwise(model: LanguageModel, opts: StepwiseOptions): Promise<StepwiseResult> {
  if (!supportsStepwise(model)) throw new UserError(`step-wise decoding needs an in-process model (gguf:<file>); ${model.id} does not support it`);
  const core = model.core;
  const warnings: Warning[] = [];
  if (core.template.warning !== undefined) warnings.push(core.template.warning);
  const { bias, warnings: w } = resolveLogitBias(core.model, core.vocab, opts.logitBias);
  warnings.push(...w);
  const out = await decode(core, {
    messages: opts.messages,
    ...(opts.auxMessages !== undefined ? { auxMessages: opts.auxMessages } : {}),
    maxTokens: opts.maxTokens ?? 256,
    temperature: opts.temperature ?? 1,
    ...(opts.topK !== undefined ? { topK: opts.topK } : {}),
    ...(opts.topP !== undefined ? { topP: opts.topP } : {}),
    ...(opts.mirostat !== undefined ? { mirostat: opts.mirostat } : {}),
    seed: opts.seed ?? randomSeed(),
    bias,
    stop: opts.stop ?? [],
    alternatives: opts.alternatives ?? 10,
    ...(opts.controller !== undefined ? { controller: opts.controller } : {}),
    ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
  });
  warnings.push(...out.warnings);
  return {
    text: out.text,
    tokens: out.tokens,
    steps: out.steps,
    finishReason: out.finishReason,
    usage: {
      inputTokens: out.promptTokens,
      ...(out.auxPromptTokens !== undefined ? { auxInputTokens: out.auxPromptTokens } : {}),
      outputTokens: out.steps.filter((s) => s.token >= 0).length,
    },
    warnings,
  };
}
