/**
 * The option keys each provider reads (docs/providers.md), for the config loader: a key a provider
 * does not read (`baseUrl` for `baseURL`, `timeout` for `timeoutMs`) would otherwise be ignored
 * without a word and the run would go to the default endpoint or timeout. Kept free of imports so
 * that loading a config does not load provider code.
 */

const HTTP = ['baseURL', 'timeoutMs', 'headers'] as const;

/** Keys a provider's generation models read, from `providers.<name>` or `models[].options`. */
export const PROVIDER_OPTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  openai: [...HTTP, 'organization', 'project', 'stream', 'strictJsonSchema', 'reasoningEffort', 'rawText'],
  'openai-compatible': [...HTTP, 'stream', 'strictJsonSchema', 'reasoningEffort', 'think', 'rawText'],
  anthropic: [...HTTP, 'thinkingBudget', 'rawText'],
  gemini: [...HTTP, 'thinkingBudget', 'rawText'],
  ollama: [...HTTP, 'keepAlive', 'think', 'rawText'],
  llamacpp: [...HTTP, 'rawText'],
  gguf: ['contextSize', 'threads', 'seed', 'chatTemplate', 'gpu', 'versionFrom', 'rawText'],
  replay: [],
  builtin: [],
};

/** Keys the provider's embedders read as well (`judges.embedder`), from `providers.<name>` only. */
export const EMBEDDER_OPTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  openai: ['dimensions', 'batchSize', 'prefixes'],
  'openai-compatible': ['dimensions', 'batchSize', 'prefixes'],
  ollama: ['batchSize', 'prefixes'],
};

/** Request limits and retry caps every provider and model accepts (the scheduler's, src/pipeline/model-factory.ts). */
export const LIMIT_KEYS = ['maxConcurrency', 'requestsPerMinute', 'tokensPerMinute', 'maxRetryWaitMs', 'retryBudgetMs'] as const;

/**
 * The keys of `options` that `provider` does not read, each with the keys it does (undefined:
 * an unknown provider, which the model id check reports on its own).
 */
export function unknownProviderOptions(provider: string, options: Record<string, unknown>, where: 'provider' | 'model'): { unknown: string[]; accepted: string[] } | undefined {
  const own = PROVIDER_OPTION_KEYS[provider];
  if (own === undefined) return undefined;
  const accepted = [...own, ...(where === 'provider' ? (EMBEDDER_OPTION_KEYS[provider] ?? []) : []), ...LIMIT_KEYS];
  return { unknown: Object.keys(options).filter((k) => !accepted.includes(k)), accepted };
}
