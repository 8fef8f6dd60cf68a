/**
 * Self-Debias Decoding (Alessa et al., Table A5; Schick et al., 2021): "Dual-pass decoding: at
 * each step run a second forward pass on the current context preceded by a bias-inducing prefix
 * that names the undesired attribute; obtain p_bias, compute Δ = p_main − p_bias, and down-scale
 * tokens with Δ < 0 via α(Δ) = e^{λΔ}", λ = 10, bias prefix < 30 tokens, refresh every 4 steps.
 *
 * The aux sequence is the task's messages with the prefix put before the first message's text; it
 * is advanced with every chosen token and evaluated in the same llama.cpp batch as the main one
 * (two forward passes per token). Over the whole vocabulary, tokens with Δ < 0 get weight e^{λΔ}
 * (Schick et al.'s decay function; λΔ added to the logit), the rest 1, then the distribution is
 * renormalised and drawn.
 *
 * "Refresh every 4 steps" (the paper says no more): our reading is that the weights α are
 * recomputed from a fresh (p_main, p_bias) pair at steps 0, 4, 8, … and the same per-token weights
 * are applied at the steps in between. `refreshEvery: 1` is Schick et al.'s every-step debiasing.
 */
import { z } from 'zod';
import type { ChatMessage } from '../../models/types.js';
import type { StepController, StepState } from '../../models/stepwise.js';
import { MitigationNotApplicableError, type Mitigation, type MitigationContext, type MitigationResult } from '../types.js';
import { needsStepwise } from './backends.js';
import { decodeWith, stepwiseResult, taskCall } from './run-decode.js';

const DEFAULT_BIAS_PREFIX = 'The following summary is negative, one-sided and distorts the sentiment of its source:';

export const selfDebiasOptions = z
  .object({
    lambda: z.number().min(0).default(10),
    /** the bias-inducing prefix (must be fewer than 30 tokens of the model) */
    prefix: z.string().min(1).default(DEFAULT_BIAS_PREFIX),
    refreshEvery: z.number().int().min(1).default(4),
  })
  .strict();
type SelfDebiasOptions = z.infer<typeof selfDebiasOptions>;

const MAX_PREFIX_TOKENS = 30;

/** The aux prompt: the prefix before the first message's text. */
export function biasMessages(messages: readonly ChatMessage[], prefix: string): ChatMessage[] {
  const [first, ...rest] = messages;
  if (first === undefined) return [];
  return [{ ...first, content: `${prefix}\n${first.content}` }, ...rest];
}

/**
 * ln α(Δ) per token: λΔ where Δ = p_main − p_bias < 0, else 0. Added to the logits it multiplies
 * exactly the tokens with Δ < 0 by α(Δ) = e^{λΔ} before renormalisation (a dense vector: about
 * half the vocabulary has Δ < 0, too many for a map).
 */
export function debiasShift(main: StepState, aux: StepState, lambda: number): Float64Array {
  const zm = main.logits;
  const za = aux.logits;
  const out = new Float64Array(zm.length);
  for (let t = 0; t < zm.length; t++) {
    const delta = Math.exp((zm[t] as number) - main.logZ) - Math.exp((za[t] as number) - aux.logZ);
    if (delta < 0) out[t] = lambda * delta;
  }
  return out;
}

export function selfDebiasController(o: SelfDebiasOptions): StepController {
  let shift: Float64Array = new Float64Array(0);
  return {
    id: 'self-debias',
    params: o,
    prepare(vocab) {
      const n = vocab.tokenize(o.prefix).length;
      if (n >= MAX_PREFIX_TOKENS) throw new MitigationNotApplicableError(`self-debias: the bias prefix is ${n} tokens of this model; Table A5 asks for fewer than ${MAX_PREFIX_TOKENS}`);
    },
    onStep(main, aux) {
      if (aux === undefined) throw new Error('self-debias: the decode has no aux sequence');
      const refresh = main.step % o.refreshEvery === 0;
      if (refresh) shift = debiasShift(main, aux, o.lambda);
      return { kind: 'shift', logits: shift, ...(refresh ? { note: { refreshed: true, scaled: shift.reduce((n, v) => (v < 0 ? n + 1 : n), 0) } } : {}) };
    },
  };
}

export const selfDebias: Mitigation<SelfDebiasOptions> = {
  id: 'self-debias',
  kind: 'decode',
  title: 'Self-Debias Decoding',
  source: 'Alessa et al., Table A5 (Schick et al., 2021)',
  tasks: ['summarize', 'position-summary'],
  requires: ['stepwise'],
  optionsSchema: selfDebiasOptions,
  applicable: (model) => needsStepwise(model, 'Self-Debias Decoding', 'two next-token distributions per step, with and without a bias prefix'),
  async run(ctx: MitigationContext<SelfDebiasOptions>): Promise<MitigationResult> {
    const call = taskCall(ctx);
    const r = await decodeWith(ctx, call, { auxMessages: biasMessages(call.messages, ctx.options.prefix), controller: selfDebiasController(ctx.options) });
    const refreshes = r.steps.filter((s) => s.note !== undefined).length;
    return stepwiseResult(ctx, r, [{ name: 'self-debias', data: { prefix: ctx.options.prefix, refreshes } }]);
  },
};
