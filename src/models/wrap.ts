/**
 * Model middleware that keeps abilities (in the spirit of vercel/ai's `wrapLanguageModel`).
 *
 * A wrapper (request cache, usage tracking, …) sees every call and may change it, but the model it
 * returns keeps the identity (id, version, provider, capabilities) and every optional ability of
 * the model it wraps: `stepwise` is forwarded when, and only when, the wrapped model has it. A new
 * optional ability on LanguageModel gets one line here, and every wrapper forwards it.
 */
import type { StepwiseOptions, StepwiseResult } from './stepwise.js';
import type { GenerateRequest, GenerateResult, LanguageModel } from './types.js';

export interface ModelMiddleware {
  /** wrap generate(); call `next` for the wrapped model's answer */
  generate?(next: (req: GenerateRequest) => Promise<GenerateResult>, req: GenerateRequest, model: LanguageModel): Promise<GenerateResult>;
  /** wrap the step-wise ability (only called when the wrapped model has it) */
  stepwise?(next: (opts: StepwiseOptions) => Promise<StepwiseResult>, opts: StepwiseOptions, model: LanguageModel): Promise<StepwiseResult>;
}

export function wrapLanguageModel(model: LanguageModel, middleware: ModelMiddleware): LanguageModel {
  const generate = (req: GenerateRequest): Promise<GenerateResult> => model.generate(req);
  const wrapped: LanguageModel = {
    id: model.id,
    version: model.version,
    provider: model.provider,
    capabilities: model.capabilities,
    ...(model.settings !== undefined ? { settings: model.settings } : {}),
    generate: (req) => (middleware.generate ? middleware.generate(generate, req, model) : generate(req)),
  };
  const inner = model.stepwise?.bind(model);
  if (inner !== undefined) wrapped.stepwise = (opts) => (middleware.stepwise ? middleware.stepwise(inner, opts, model) : inner(opts));
  const preflight = model.preflight?.bind(model);
  if (preflight !== undefined) wrapped.preflight = preflight;
  return wrapped;
}
