import { defineProvider, HTTP_OPTION_KEYS } from '../provider-manifest.js';
import prices from './prices.json' with { type: 'json' };

/** Anthropic's Messages API needs max_tokens on every request: slant sends this when a request sets none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export const ANTHROPIC_ENV = ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'] as const;

export const anthropicProvider = defineProvider({
  name: 'anthropic',
  idForm: 'anthropic:<model>',
  env: ANTHROPIC_ENV,
  optionKeys: [...HTTP_OPTION_KEYS, 'thinkingBudget', 'rawText'],
  defaultMaxTokens: ANTHROPIC_DEFAULT_MAX_TOKENS,
  defaultConcurrency: 8,
  local: false,
  prices,
  capabilities: async () => (await import('./index.js')).ANTHROPIC_CAPABILITIES,
  create: async (rest, options) => (await import('./index.js')).createAnthropicModel(rest, options, options.scheduler),
});
