import { defineProvider, HTTP_OPTION_KEYS } from '../provider-manifest.js';

export const OPENAI_COMPATIBLE_ENV = ['OPENAI_COMPATIBLE_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL'] as const;

export const openaiCompatibleProvider = defineProvider({
  name: 'openai-compatible',
  idForm: 'openai-compatible:<baseURL>#<model>',
  env: OPENAI_COMPATIBLE_ENV,
  optionKeys: [...HTTP_OPTION_KEYS, 'stream', 'strictJsonSchema', 'reasoningEffort', 'think', 'rawText'],
  embedderOptionKeys: ['dimensions', 'batchSize', 'prefixes'],
  // self-hosted servers (vLLM, TGI, LM Studio) batch concurrent requests
  defaultConcurrency: 16,
  local: false,
  capabilities: async () => (await import('../openai/index.js')).openaiCapabilities('openai-compatible', ''),
  create: async (rest, options) => (await import('./index.js')).createOpenAICompatibleModel(rest, options, options.scheduler),
  createEmbedder: async (rest, options) => (await import('./embedder.js')).createOpenAICompatibleEmbedder(rest, options),
});
