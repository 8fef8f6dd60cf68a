import type { GenerateResult, LanguageModel } from '../models/types.js';
import type { RequestCache } from './cache.js';
import { UsageTracker, trackUsage } from './usage.js';

/** Providers whose answers are computed locally and cheaply: not worth a cache entry. */
const UNCACHED_PROVIDERS = new Set(['builtin', 'replay']);

/**
 * Everything a run wraps around the models it creates (generators and LLM judges alike): the
 * request cache (so a resumed or repeated run never pays twice for the same call) and usage
 * tracking (tokens per model, for the cost table).
 */
export class ModelContext {
  readonly usage = new UsageTracker();
  constructor(
    private readonly cache: RequestCache | undefined,
    private readonly opts: { noCache?: boolean } = {},
  ) {}

  wrap(model: LanguageModel): LanguageModel {
    // built-in extractive systems use no tokens and cost nothing: nothing to cache or count
    if (model.provider === 'builtin') return model;
    const cached = this.cache && !UNCACHED_PROVIDERS.has(model.provider) ? withRequestCache(model, this.cache, this.opts) : model;
    return trackUsage(cached, this.usage);
  }
}

/**
 * Whether an answer may be kept as a good one: not an error finish, and not empty (an empty text
 * with no logprobs is a failed answer, which a repeated request should ask again).
 */
export function isCacheableAnswer(r: Omit<GenerateResult, 'cached'>): boolean {
  if (r.finishReason === 'error') return false;
  return r.text.trim() !== '' || (r.logprobs?.length ?? 0) > 0;
}

/**
 * Serve identical requests from the store. The key is the canonical JSON of provider, model id
 * and version, messages and every decoding parameter (RequestCache strips secrets); errors and
 * error finishes are not cached; identical requests in flight are sent once.
 */
export function withRequestCache(model: LanguageModel, cache: RequestCache, opts: { noCache?: boolean } = {}): LanguageModel {
  return {
    id: model.id,
    version: model.version,
    provider: model.provider,
    capabilities: model.capabilities,
    async generate(req) {
      const request = { version: model.version, messages: req.messages, params: req.params ?? {} };
      const { value, cached } = await cache.getOrCompute(
        { provider: model.provider, model: model.id, request },
        async () => {
          const { cached: _c, ...rest } = await model.generate(req);
          return rest;
        },
        { noCache: opts.noCache === true, isCacheable: isCacheableAnswer },
      );
      return { ...value, cached };
    },
  };
}
