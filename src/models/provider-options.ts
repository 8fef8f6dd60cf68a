/**
 * The option keys each provider reads (docs/providers.md), for the config loader: a key a provider
 * does not read (`baseUrl` for `baseURL`, `timeout` for `timeoutMs`) would otherwise be ignored
 * without a word and the run would go to the default endpoint or timeout. Kept free of imports so
 * that loading a config does not load provider code: the keys come from the provider manifests.
 */
import { BUILTIN_PROVIDERS, providerManifest } from './providers.js';

/** The built-in providers' option keys, by provider (tests walk every key a provider reads). */
export const PROVIDER_OPTION_KEYS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(BUILTIN_PROVIDERS.map((p) => [p.name, p.optionKeys]));

/** Keys a provider's generation models read, from `providers.<name>` or `models[].options` (undefined: an unknown provider). */
export const providerOptionKeys = (provider: string): readonly string[] | undefined => providerManifest(provider)?.optionKeys;

/** Keys the provider's embedders read as well (`judges.embedder`), from `providers.<name>` only. */
const embedderOptionKeys = (provider: string): readonly string[] => providerManifest(provider)?.embedderOptionKeys ?? [];

/** Request limits and retry caps every provider and model accepts (the scheduler's, src/pipeline/model-factory.ts). */
export const LIMIT_KEYS = ['maxConcurrency', 'requestsPerMinute', 'tokensPerMinute', 'maxRetryWaitMs', 'retryBudgetMs'] as const;

/**
 * The keys of `options` that `provider` does not read, each with the keys it does (undefined:
 * an unknown provider, which the model id check reports on its own).
 */
export function unknownProviderOptions(provider: string, options: Record<string, unknown>, where: 'provider' | 'model'): { unknown: string[]; accepted: string[] } | undefined {
  const own = providerOptionKeys(provider);
  if (own === undefined) return undefined;
  const accepted = [...own, ...(where === 'provider' ? embedderOptionKeys(provider) : []), ...LIMIT_KEYS];
  return { unknown: Object.keys(options).filter((k) => !accepted.includes(k)), accepted };
}
