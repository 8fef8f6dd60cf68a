import type { GenerateParams, GenerateRequest, GenerateResult, LanguageModel } from '../models/types.js';
import { wrapLanguageModel } from '../models/wrap.js';
import type { CacheParts, RequestCache } from './cache.js';
import { isUncachedProvider } from '../models/providers.js';
import { UsageTracker, trackUsage } from './usage.js';
import { withRequestLog } from './request-log.js';
import { withPreflight } from '../models/preflight.js';
import { withBudget, type Budget } from './budget.js';
import { SpendByCondition } from './spend.js';

/**
 * Everything a run wraps around the models it creates (generators and LLM judges alike): the
 * request cache (so a resumed or repeated run never pays twice for the same call) and usage
 * tracking (tokens per model, for the cost table).
 */
export class ModelContext {
  readonly usage = new UsageTracker();
  /** the same usage per model and condition (results' spend table) */
  readonly byCondition = new SpendByCondition();
  /** each model's preflight check, made once per run (shared by every wrapper of the same model) */
  private readonly checks = new Map<string, Promise<void>>();
  constructor(
    private readonly cache: RequestCache | undefined,
    private readonly opts: { noCache?: boolean; preflight?: boolean; log?: (line: string) => void; requestLog?: (line: string) => void; budget?: Budget } = {},
  ) {}

  wrap(model: LanguageModel): LanguageModel {
    // built-in extractive systems use no tokens and cost nothing: nothing to cache or count
    if (model.provider === 'builtin') return model;
    // the check goes under the cache: a run whose every answer is cached or stored sends nothing at all
    const checked = this.opts.preflight === true ? withPreflight(model, this.checks, this.opts.log) : model;
    // the budget too: a cached answer costs nothing
    const budgeted = this.opts.budget?.active === true ? withBudget(checked, this.opts.budget) : checked;
    const cached = this.cache && !isUncachedProvider(model.provider) ? withRequestCache(budgeted, this.cache, this.opts) : budgeted;
    const tracked = this.byCondition.wrap(trackUsage(cached, this.usage));
    // --verbose: each request as the run sees it, outermost
    return this.opts.requestLog ? withRequestLog(tracked, this.opts.requestLog) : tracked;
  }
}

/**
 * Whether an answer may be kept: not an error finish, and not empty (an empty text with no
 * logprobs is a failed answer, which a repeated request should ask again) unless the provider
 * said why it is empty (filtered, refused, spent on reasoning): that answer was paid for, and
 * asking again gets the same.
 */
export function isCacheableAnswer(r: Omit<GenerateResult, 'cached'>): boolean {
  if (r.finishReason === 'error') return false;
  return r.text.trim() !== '' || (r.logprobs?.length ?? 0) > 0 || r.invalid !== undefined;
}

/**
 * The cache key's parts of a call: provider, model id and version, the model's answer-changing
 * settings (src/models/answer-settings.ts; left out when there are none, so that keys made before
 * they were keyed stay the same), and the request itself (`generate`: messages and every decoding
 * parameter; `stepwise`: the step-wise call).
 */
export function requestCacheParts(model: LanguageModel, request: { messages: GenerateRequest['messages']; params: GenerateParams } | { stepwise: unknown }): CacheParts {
  const settings = model.settings !== undefined && Object.keys(model.settings).length > 0 ? { settings: model.settings } : {};
  return { provider: model.provider, model: model.id, request: { version: model.version, ...settings, ...request } };
}

/**
 * Serve identical requests from the store. The key is the canonical JSON of provider, model id
 * and version, the model's settings, messages and every decoding parameter (RequestCache strips secrets); errors and
 * error finishes are not cached; identical requests in flight are sent once.
 *
 * Step-wise calls (a model with the `stepwise` ability) are cached too, under a key that adds the
 * aux messages and the controller's `id` and `params` (a controller with a seed decides the same
 * way every time). A controller without an id cannot be keyed and is never cached.
 */
export function withRequestCache(model: LanguageModel, cache: RequestCache, opts: { noCache?: boolean } = {}): LanguageModel {
  // --no-cache: nothing is looked up or stored, so no key is made; every answer is a fresh one
  if (opts.noCache === true) {
    return wrapLanguageModel(model, {
      generate: (next, req) => next(req).then(fresh),
      stepwise: (next, call) => (call.controller !== undefined && call.controller.id === undefined ? next(call) : next(call).then(fresh)),
    });
  }
  return wrapLanguageModel(model, {
    async generate(next, req) {
      const { value, cached } = await cache.getOrCompute(
        requestCacheParts(model, { messages: req.messages, params: req.params ?? {} }),
        async () => {
          const { cached: _c, ...rest } = await next(req);
          return rest;
        },
        { noCache: opts.noCache === true, isCacheable: isCacheableAnswer },
      );
      return { ...value, cached };
    },
    async stepwise(next, call) {
      const { controller, signal: _s, ...rest } = call;
      if (controller !== undefined && controller.id === undefined) return next(call);
      const stepwise = { ...rest, ...(controller !== undefined ? { controller: { id: controller.id, params: controller.params ?? null } } : {}) };
      const { value, cached } = await cache.getOrCompute(
        requestCacheParts(model, { stepwise }),
        async () => {
          const { cached: _c, ...result } = await next(call);
          return result;
        },
        { noCache: opts.noCache === true },
      );
      return { ...value, cached };
    },
  });
}

/** An answer marked as sent now, not served from the cache. */
function fresh<T extends { cached?: boolean }>(r: T): T {
  return r.cached === false ? r : { ...r, cached: false };
}
