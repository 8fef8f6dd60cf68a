import { defineProvider, HTTP_OPTION_KEYS } from '../provider-manifest.js';
import prices from './prices.json' with { type: 'json' };

export const OPENAI_ENV = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'] as const;

export const openaiProvider = defineProvider({
  name: 'openai',
  idForm: 'openai:<model>',
  env: [...OPENAI_ENV, 'OPENAI_ORG_ID', 'OPENAI_PROJECT_ID'],
  optionKeys: [...HTTP_OPTION_KEYS, 'organization', 'project', 'stream', 'strictJsonSchema', 'reasoningEffort', 'rawText'],
  embedderOptionKeys: ['dimensions', 'batchSize', 'prefixes'],
  // hosted: requests in parallel within the entry-tier rate limits
  defaultConcurrency: 16,
  local: false,
  prices,
  capabilities: async () => (await import('./index.js')).openaiCapabilities('openai', 'gpt-4o-mini'),
  create: async (rest, options) => (await import('./index.js')).createOpenAIModel(rest, options, options.scheduler),
  createEmbedder: async (rest, options) => (await import('./embedder.js')).createOpenAIEmbedder(rest, options),
});
