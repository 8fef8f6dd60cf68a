import { defineProvider } from '../provider-manifest.js';

export const ggufProvider = defineProvider({
  name: 'gguf',
  idForm: 'gguf:<path.gguf>',
  env: [],
  optionKeys: ['contextSize', 'threads', 'seed', 'chatTemplate', 'gpu', 'versionFrom', 'rawText'],
  local: true,
  capabilities: async () => (await import('./model.js')).GGUF_CAPABILITIES,
  create: async (rest, options) => {
    // loaded on demand: node-llama-cpp is an optional dependency
    const { createGgufModel, parseGgufOptions } = await import('./index.js');
    return createGgufModel(rest, parseGgufOptions(options));
  },
});
