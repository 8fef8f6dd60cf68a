import { UserError } from '../core/errors.js';
import { resolveHeaderEnv } from '../config/secrets.js';
import { createModel } from '../models/create-model.js';
import { LIMIT_KEYS } from '../models/provider-options.js';
import type { LanguageModel } from '../models/types.js';
import type { ModelFactory } from '../judges/registry.js';
import { defaultConcurrency, providerManifest, providerNames } from '../models/providers.js';
import { isSecretName } from '../core/redact.js';
import { Scheduler, type LaneLimits, type RetryInfo } from '../runtime/scheduler.js';

/** Applied to every model a run creates (request cache, usage tracking). */
export type ModelWrapper = (model: LanguageModel) => LanguageModel;

export interface RunModelFactory {
  make: ModelFactory;
  /** the same model without the run's wrappers (for the Batch API) */
  makeRaw: ModelFactory;
  providers: Record<string, Record<string, unknown>>;
  /** requests in flight the model with this id may have (its own limit, else its provider's) */
  maxConcurrency(id: string, options?: Record<string, unknown>): number;
}


/** Split the request limits out of provider or model options; each must be a positive integer. */
export function splitLimits(where: string, options: Record<string, unknown> = {}): { limits: LaneLimits; rest: Record<string, unknown> } {
  const limits: LaneLimits = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if ((LIMIT_KEYS as readonly string[]).includes(k)) {
      if (v === undefined) continue;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new UserError(`${where}.${k}: expected a positive integer, got ${JSON.stringify(v)}`);
      limits[k as keyof LaneLimits] = v;
    } else rest[k] = v;
  }
  return { limits, rest };
}

const providerOf = (id: string): string => id.slice(0, id.indexOf(':'));

/** The key a model is made with when no model will be called (the cost plan): it is never sent anywhere. */
const PLAN_ONLY_KEY = 'no-key-needed-for-a-plan';

/**
 * `options` with a stand-in API key when the provider reads one from the environment and none is
 * set there or in the options: a plan calls no model, so it must not ask for keys. The key is not
 * part of a model's cache-key settings, so the plan's cache lookups are the run's.
 */
function withPlanOnlyKey(provider: string, options: Record<string, unknown>, env: Record<string, string | undefined> = process.env): Record<string, unknown> {
  if (options.apiKey !== undefined) return options;
  const keyNames = (providerManifest(provider)?.env ?? []).filter(isSecretName);
  if (keyNames.length === 0 || keyNames.some((n) => (env[n] ?? '').trim() !== '')) return options;
  return { ...options, apiKey: PLAN_ONLY_KEY };
}

/**
 * Models by id with the config's per-provider options (a model's own options win), wrapped.
 * Requests go through one scheduler per factory: each provider's lane has the provider's default
 * default concurrency (its manifest's `defaultConcurrency`) unless `providers.<name>` sets limits; a model with limits of
 * its own gets a lane of its own (its requests do not count against its provider's lane).
 * Header values written as `{ env: VAR }` are read from the environment when a model is made.
 */
export function modelFactory(providers: Record<string, Record<string, unknown>> = {}, wrap: ModelWrapper = (m) => m, opts: { onRetry?: (info: RetryInfo) => void; planOnly?: boolean } = {}): RunModelFactory {
  const onRetry = opts.onRetry !== undefined ? { onRetry: opts.onRetry } : {};
  const scheduler = new Scheduler({ concurrency: defaultConcurrency(), ...onRetry });
  const providerOptions: Record<string, Record<string, unknown>> = {};
  for (const [name, opts] of Object.entries(providers)) {
    const { limits, rest } = splitLimits(`providers.${name}`, opts);
    scheduler.configure(name, limits);
    providerOptions[name] = rest;
  }
  const modelSchedulers = new Map<string, Scheduler>();
  const schedulerFor = (id: string, limits: LaneLimits): Scheduler => {
    if (Object.keys(limits).length === 0) return scheduler;
    const key = `${id}\u0000${JSON.stringify(limits)}`;
    let s = modelSchedulers.get(key);
    if (s === undefined) {
      const provider = providerOf(id);
      s = new Scheduler({ concurrency: { [provider]: limits.maxConcurrency ?? scheduler.maxConcurrency(provider) }, ...onRetry });
      s.configure(provider, limits);
      modelSchedulers.set(key, s);
    }
    return s;
  };
  const makeRaw: ModelFactory = async (id, options = {}) => {
    const { limits, rest } = splitLimits(`model ${id}`, options);
    const made = resolveHeaderEnv({ ...(providerOptions[providerOf(id)] ?? {}), ...rest });
    return createModel(id, { ...(opts.planOnly === true ? withPlanOnlyKey(providerOf(id), made) : made), scheduler: schedulerFor(id, limits) });
  };
  return {
    get providers() {
      // a plan's embedders (openai:…) are made without keys as well
      const names = opts.planOnly === true ? [...new Set([...Object.keys(providerOptions), ...providerNames()])] : Object.keys(providerOptions);
      return Object.fromEntries(
        names.map((name) => {
          const o = resolveHeaderEnv(providerOptions[name] ?? {});
          return [name, opts.planOnly === true ? withPlanOnlyKey(name, o) : o];
        }),
      );
    },
    make: async (id, options = {}) => wrap(await makeRaw(id, options)),
    makeRaw,
    maxConcurrency: (id, options = {}) => splitLimits(`model ${id}`, options).limits.maxConcurrency ?? scheduler.maxConcurrency(providerOf(id)),
  };
}
