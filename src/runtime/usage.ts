/** Token usage per model for one run. Cached answers are counted apart: they cost nothing now. */
import { stepwiseInputTokens, stepwiseOutputTokens } from '../models/stepwise.js';
import type { GenerateResult, LanguageModel } from '../models/types.js';
import { wrapLanguageModel } from '../models/wrap.js';

export interface ModelUsage {
  /** answers returned (live + cached) */
  requests: number;
  /** answers served from the request cache (their tokens are not counted below) */
  cachedRequests: number;
  /** tokens of live answers */
  inputTokens: number;
  outputTokens: number;
  /** live answers whose provider reported no token usage */
  withoutUsage: number;
}

const empty = (): ModelUsage => ({ requests: 0, cachedRequests: 0, inputTokens: 0, outputTokens: 0, withoutUsage: 0 });

export class UsageTracker {
  private readonly models = new Map<string, ModelUsage>();

  record(modelId: string, result: Pick<GenerateResult, 'usage' | 'cached'>): void {
    let u = this.models.get(modelId);
    if (u === undefined) {
      u = empty();
      this.models.set(modelId, u);
    }
    u.requests++;
    if (result.cached) {
      u.cachedRequests++;
      return;
    }
    if (result.usage === undefined) {
      u.withoutUsage++;
      return;
    }
    u.inputTokens += result.usage.inputTokens;
    u.outputTokens += result.usage.outputTokens;
  }

  get(modelId: string): ModelUsage | undefined {
    const u = this.models.get(modelId);
    return u === undefined ? undefined : { ...u };
  }

  byModel(): Record<string, ModelUsage> {
    return Object.fromEntries([...this.models].map(([k, v]) => [k, { ...v }]));
  }

  total(): ModelUsage {
    const t = empty();
    for (const u of this.models.values()) for (const k of Object.keys(t) as (keyof ModelUsage)[]) t[k] += u[k];
    return t;
  }
}

/**
 * A model whose every answer is recorded in `tracker` under the model's id. A step-wise call counts
 * every token it processed: the aux sequence's prompt (self-debias runs a second forward pass)
 * and side generations are input tokens, side answers output tokens.
 */
export function trackUsage(model: LanguageModel, tracker: UsageTracker): LanguageModel {
  return wrapLanguageModel(model, {
    async generate(next, req) {
      const r = await next(req);
      tracker.record(model.id, r);
      return r;
    },
    async stepwise(next, opts) {
      const r = await next(opts);
      tracker.record(model.id, { cached: r.cached === true, usage: { inputTokens: stepwiseInputTokens(r.usage), outputTokens: stepwiseOutputTokens(r.usage) } });
      return r;
    },
  });
}
