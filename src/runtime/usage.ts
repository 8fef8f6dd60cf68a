/** Token usage per model for one run. Cached answers are counted apart: they cost nothing now. */
import { stepwiseInputTokens, stepwiseOutputTokens } from '../models/stepwise.js';
import type { GenerateResult, LanguageModel } from '../models/types.js';
import { wrapLanguageModel } from '../models/wrap.js';
import { asyncSlot } from './async-slot.js';

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

  /** Add another tracker's counts (or a record of them) to these. */
  add(other: UsageTracker | Record<string, ModelUsage>): void {
    const rows = other instanceof UsageTracker ? other.byModel() : other;
    for (const [id, v] of Object.entries(rows)) {
      let u = this.models.get(id);
      if (u === undefined) this.models.set(id, (u = empty()));
      for (const k of Object.keys(u) as (keyof ModelUsage)[]) u[k] += v[k];
    }
  }

  /** Take counts added before back out (an answer counted twice). */
  subtract(rows: Record<string, ModelUsage>): void {
    for (const [id, v] of Object.entries(rows)) {
      const u = this.models.get(id);
      if (u === undefined) continue;
      for (const k of Object.keys(u) as (keyof ModelUsage)[]) u[k] = Math.max(0, u[k] - v[k]);
    }
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
      scoped.get()?.record(model.id, r);
      return r;
    },
    async stepwise(next, opts) {
      const r = await next(opts);
      const counted = { cached: r.cached === true, usage: { inputTokens: stepwiseInputTokens(r.usage), outputTokens: stepwiseOutputTokens(r.usage) } };
      tracker.record(model.id, counted);
      scoped.get()?.record(model.id, counted);
      return r;
    },
  });
}

/**
 * The tracker of the work in progress (a distributed run's unit, one of its requests), which every
 * answer is also recorded in: a worker runs several units at once on the same models, and each
 * unit reports its own usage to the run's coordinator.
 */
const scoped = asyncSlot<UsageTracker>('usage tracker');

/** Run `work` with every answer it receives (in any model wrapped by trackUsage) also recorded in `tracker`. */
export function recordingUsage<T>(tracker: UsageTracker, work: () => Promise<T>): Promise<T> {
  return scoped.run(tracker, work);
}

/** The tracker recordingUsage set for the work in progress, if any. */
export function scopedUsage(): UsageTracker | undefined {
  return scoped.get();
}
