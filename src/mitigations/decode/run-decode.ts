/**
 * What every decoding mitigation does around its controller: render the task's request, decode
 * (step-wise on a model with that ability; otherwise one generate() with the backend's partial
 * support), parse the answer with the task, and count calls and tokens.
 */
import { InvalidAnswerError, toAnswer, unmeasured } from '../../models/answer.js';
import { stepwiseInputTokens, stepwiseOutputTokens, type StepwiseOptions, type StepwiseResult } from '../../models/stepwise.js';
import type { ChatMessage, GenerateParams, LanguageModel } from '../../models/types.js';
import type { MitigationContext, MitigationResult, MitigationStep } from '../types.js';

interface TaskCall {
  messages: ChatMessage[];
  params: GenerateParams;
  temperature: number;
  maxTokens: number;
  seed: number;
  /** the source the task works on (the document to summarize) */
  document: string;
}

export function taskCall(ctx: MitigationContext<unknown>): TaskCall {
  const req = ctx.task.render(ctx.record, ctx.taskOptions, ctx.defaults);
  const params = req.params ?? {};
  return {
    messages: req.messages,
    params,
    temperature: params.temperature ?? ctx.defaults.temperature,
    maxTokens: params.maxTokens ?? ctx.defaults.maxTokens,
    seed: params.seed ?? ctx.defaults.seed,
    document: ctx.task.document(ctx.record),
  };
}

/** The step-wise options of the task's own decoding settings. */
function baseStepwise(call: TaskCall, signal: AbortSignal | undefined): StepwiseOptions {
  const p = call.params;
  return {
    messages: call.messages,
    temperature: call.temperature,
    maxTokens: call.maxTokens,
    seed: call.seed,
    ...(p.topK !== undefined ? { topK: p.topK } : {}),
    ...(p.topP !== undefined ? { topP: p.topP } : {}),
    ...(p.stop !== undefined ? { stop: p.stop } : {}),
    ...(p.logitBias !== undefined ? { logitBias: p.logitBias } : {}),
    ...(signal !== undefined ? { signal } : {}),
  };
}

function requireStepwise(model: LanguageModel): NonNullable<LanguageModel['stepwise']> {
  const fn = model.stepwise?.bind(model);
  if (fn === undefined) throw new Error(`${model.id} has no step-wise ability (applicable() should have said so)`);
  return fn;
}

/** Decode the task's request step-wise with `extra` (controller, aux messages, mirostat…). */
export function decodeWith(ctx: MitigationContext<unknown>, call: TaskCall, extra: Partial<StepwiseOptions>): Promise<StepwiseResult> {
  return requireStepwise(ctx.model)({ ...baseStepwise(call, ctx.signal), ...extra });
}

/** Parse a step-wise answer with the task and account for it. */
export function stepwiseResult(ctx: MitigationContext<unknown>, r: StepwiseResult, steps: MitigationStep[]): MitigationResult {
  const u = r.usage;
  // the decoded text is raw: reasoning, if the model writes any, is taken out here as for generate()
  const answer = toAnswer(ctx.model.provider, { content: r.text, finishReason: r.finishReason });
  if (answer.invalid !== undefined) {
    const err = new InvalidAnswerError(answer.invalid, unmeasured(answer));
    err.cost = { calls: 1 + (u.sideCalls ?? 0), usage: { inputTokens: stepwiseInputTokens(u), outputTokens: stepwiseOutputTokens(u) }, cached: r.cached === true };
    throw err;
  }
  const parsed = ctx.task.parse(answer.text, ctx.record, ctx.taskOptions);
  return {
    fields: parsed.fields,
    steps: [
      ...steps,
      {
        name: 'decoding',
        data: {
          tokens: u.outputTokens,
          finishReason: r.finishReason,
          // self-debias evaluates every token twice (main + aux sequence)
          forwardPasses: u.outputTokens * (u.auxInputTokens !== undefined ? 2 : 1),
          ...(u.auxInputTokens !== undefined ? { auxInputTokens: u.auxInputTokens } : {}),
          ...(u.sideCalls !== undefined ? { sideCalls: u.sideCalls, sideInputTokens: u.sideInputTokens, sideOutputTokens: u.sideOutputTokens } : {}),
          decisions: countDecisions(r),
        },
      },
    ],
    warnings: [...r.warnings, ...parsed.warnings],
    calls: 1 + (u.sideCalls ?? 0),
    usage: { inputTokens: stepwiseInputTokens(u), outputTokens: stepwiseOutputTokens(u) },
    cached: r.cached === true,
    ...(answer.reasoning !== undefined ? { reasoning: answer.reasoning } : {}),
    ...(r.finishReason === 'length' ? { truncated: 1 } : {}),
  };
}

function countDecisions(r: StepwiseResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of r.steps) out[s.decision] = (out[s.decision] ?? 0) + 1;
  return out;
}

/** One generate() with the task's request and extra parameters (a backend's partial support). */
export async function approximateResult(ctx: MitigationContext<unknown>, extra: GenerateParams, approximations: string[], steps: MitigationStep[]): Promise<MitigationResult> {
  const req = ctx.task.render(ctx.record, ctx.taskOptions, ctx.defaults);
  const r = await ctx.model.generate({ ...req, params: { ...(req.params ?? {}), ...extra }, ...(ctx.signal !== undefined ? { signal: ctx.signal } : {}) });
  const usage = { inputTokens: r.usage?.inputTokens ?? 0, outputTokens: r.usage?.outputTokens ?? 0 };
  if (r.invalid !== undefined) {
    const err = new InvalidAnswerError(r.invalid, unmeasured(r));
    err.cost = { calls: 1, usage, cached: r.cached };
    err.warnings = r.warnings;
    throw err;
  }
  const parsed = ctx.task.parse(r.text, ctx.record, ctx.taskOptions);
  return {
    fields: parsed.fields,
    steps,
    warnings: [...r.warnings, ...parsed.warnings],
    calls: 1,
    usage,
    cached: r.cached,
    approximations,
    ...(r.reasoning !== undefined ? { reasoning: r.reasoning } : {}),
    ...(r.finishReason === 'length' ? { truncated: 1 } : {}),
  };
}
