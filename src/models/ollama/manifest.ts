import { defineProvider, HTTP_OPTION_KEYS } from '../provider-manifest.js';

export const OLLAMA_ENV = ['OLLAMA_HOST'] as const;

export const ollamaProvider = defineProvider({
  name: 'ollama',
  idForm: 'ollama:<model>',
  env: OLLAMA_ENV,
  optionKeys: [...HTTP_OPTION_KEYS, 'keepAlive', 'think', 'rawText'],
  embedderOptionKeys: ['batchSize', 'prefixes'],
  // one slot unless the server was started with more (OLLAMA_NUM_PARALLEL): raise with maxConcurrency
  defaultConcurrency: 1,
  local: true,
  capabilities: async () => (await import('./index.js')).OLLAMA_CAPABILITIES,
  create: async (rest, options) => (await import('./index.js')).createOllamaModel(rest, options, options.scheduler),
  createEmbedder: async (rest, options) => (await import('./embedder.js')).createOllamaEmbedder(rest, options),
});
