/**
 * Step-wise decoding for decoding-time mitigations (Alessa et al., Table A5: weighted token
 * decoding, mirostat, rejection sampling, self-debias decoding, forced balanced coverage,
 * local-explanation guard).
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
 * main one, in parallel. Without an aux sequence a controller may run side generations in that
 * slot (StepTools.sideGenerate, e.g. "explain your choice").
 *
 * This is the `stepwise` ability of GgufModel; `decodeStepwise(model, …)` calls it on any model
 * that has it, wrapped or not.
 */
import { UserError } from '../../core/errors.js';
import type { StepwiseOptions, StepwiseResult } from '../stepwise.js';
import type { LanguageModel, Warning } from '../types.js';
import type { GgufCore } from './core.js';
import { decode } from './decode.js';
import { resolveLogitBias } from './logit-bias.js';
import { randomSeed } from '../../stats/rng.js';

export type { StepController, StepDecision, StepRecord, StepState, StepwiseOptions, StepwiseResult, TopEntry } from './step-types.js';

/** Does this model (wrapped or not) have the step-wise ability? */
export function supportsStepwise(model: LanguageModel): model is LanguageModel & Required<Pick<LanguageModel, 'stepwise'>> {
  return typeof model.stepwise === 'function';
}

export async function decodeStepwise(model: LanguageModel, opts: StepwiseOptions): Promise<StepwiseResult> {
  if (!supportsStepwise(model)) throw new UserError(`step-wise decoding needs an in-process model (gguf:<file>); ${model.id} does not support it`);
  return model.stepwise(opts);
}

/** The step-wise ability on a loaded GGUF file. */
export async function stepwiseOnCore(core: GgufCore, opts: StepwiseOptions, defaultSeed?: number): Promise<StepwiseResult> {
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
    seed: opts.seed ?? defaultSeed ?? randomSeed(),
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
      ...(out.side.calls > 0 ? { sideCalls: out.side.calls, sideInputTokens: out.side.inputTokens, sideOutputTokens: out.side.outputTokens } : {}),
    },
    warnings,
    cached: false,
  };
}
