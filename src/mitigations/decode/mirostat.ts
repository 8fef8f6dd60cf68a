/**
 * Mirostat Decoding (Alessa et al., Table A5; Basu et al., 2021).
 *
 * Table A5's variant (default): after each token s_t = −ln p_t, μ_{t+1} = μ_t − η(s_t − μ*),
 * T_t = exp(μ_{t+1}), next distribution softmax(z/T_t); μ* = 2.0, η = 0.1, μ_0 = 0 (the paper
 * gives none). Basu et al.'s v1/v2 (surprise in bits, μ_0 = 2τ, truncation instead of
 * temperature) where the backend has them: in-process gguf (step-wise, with a per-token trace)
 * and natively on the llama.cpp server (`mirostat` parameter). On a native backend the
 * Table A5 variant is approximated by Basu v2 with τ = μ* ÷ ln 2 (the same target surprise, in bits).
 */
import { z } from 'zod';
import { mirostatTemperature, type MirostatSpec, type StepwiseResult } from '../../models/stepwise.js';
import type { Mitigation, MitigationContext, MitigationResult } from '../types.js';
import { hasStepwise } from './backends.js';
import { approximateResult, decodeWith, stepwiseResult, taskCall } from './run-decode.js';

export const mirostatOptions = z
  .object({
    /** 'table-a5': the paper's temperature feedback; 'v1'/'v2': Basu et al. */
    variant: z.enum(['table-a5', 'v1', 'v2']).default('table-a5'),
    /** μ*: target surprise (nats for table-a5; τ in bits for v1/v2) */
    target: z.number().positive().default(2.0),
    eta: z.number().min(0).default(0.1),
    /** table-a5 only: μ_0 (T_0 = exp(μ_0)) */
    mu0: z.number().default(0),
  })
  .strict();
type MirostatOptions = z.infer<typeof mirostatOptions>;

export function mirostatSpec(o: MirostatOptions): MirostatSpec {
  return o.variant === 'table-a5' ? { mode: 'table-a5', target: o.target, eta: o.eta, mu0: o.mu0 } : { mode: o.variant === 'v1' ? 1 : 2, tau: o.target, eta: o.eta };
}

/** mean surprise and the temperatures the feedback went through */
function traceSummary(r: StepwiseResult): unknown {
  const tr = r.steps.flatMap((s) => (s.mirostat === undefined ? [] : [s.mirostat]));
  const surprises = tr.map((x) => x.surprise);
  return {
    steps: tr.length,
    meanSurprise: surprises.length === 0 ? null : surprises.reduce((a, b) => a + b, 0) / surprises.length,
    firstMu: tr[0]?.mu ?? null,
    lastMu: tr.at(-1)?.nextMu ?? null,
    temperatures: tr.flatMap((x) => (x.temperature === undefined ? [] : [x.temperature])),
  };
}

export const mirostatDecoding: Mitigation<MirostatOptions> = {
  id: 'mirostat',
  kind: 'decode',
  title: 'Mirostat Decoding',
  source: 'Alessa et al., Table A5 (Basu et al., 2021)',
  tasks: ['summarize', 'position-summary'],
  requires: ['stepwise'],
  optionsSchema: mirostatOptions,
  applicable(model, o) {
    if (hasStepwise(model)) return { ok: true };
    if (!model.capabilities.mirostat) return { ok: false, reason: `Mirostat Decoding needs step-wise decoding or native mirostat; ${model.provider} models (${model.id}) have neither` };
    if (o.variant === 'table-a5')
      return { ok: true, approximations: [`${model.provider}: native Basu et al. mirostat v2 with τ = μ*/ln 2 = ${(o.target / Math.LN2).toFixed(3)} bits instead of Table A5's temperature feedback`] };
    return { ok: true };
  },
  async run(ctx: MitigationContext<MirostatOptions>): Promise<MitigationResult> {
    const o = ctx.options;
    const call = taskCall(ctx);
    if (hasStepwise(ctx.model)) {
      const r = await decodeWith(ctx, call, { mirostat: mirostatSpec(o) });
      return stepwiseResult(ctx, r, [{ name: 'mirostat', data: { spec: mirostatSpec(o), trace: traceSummary(r) } }]);
    }
    const native = o.variant === 'table-a5' ? { mode: 2 as const, tau: o.target / Math.LN2, eta: o.eta } : { mode: o.variant === 'v1' ? (1 as const) : (2 as const), tau: o.target, eta: o.eta };
    const approx = mirostatDecoding.applicable(ctx.model, o);
    // llama.cpp applies the temperature before mirostat: at temperature 0 only the top token is
    // left, and the cell would be greedy decoding (the baseline). Temperature 1, as in-process.
    const temperature = mirostatTemperature(call.temperature);
    return approximateResult(ctx, { mirostat: native, temperature }, approx.ok ? (approx.approximations ?? []) : [], [{ name: 'mirostat', data: { native, temperature } }]);
  },
};
