import { defineProvider, HTTP_OPTION_KEYS } from '../provider-manifest.js';

export const LLAMACPP_ENV = ['LLAMACPP_BASE_URL', 'LLAMACPP_API_KEY'] as const;

export const llamacppProvider = defineProvider({
  name: 'llamacpp',
  idForm: 'llamacpp:<baseURL>',
  env: LLAMACPP_ENV,
  optionKeys: [...HTTP_OPTION_KEYS, 'rawText'],
  // one server slot unless the server was started with more (providers.llamacpp.maxConcurrency)
  defaultConcurrency: 1,
  local: true,
  capabilities: async () => (await import('./index.js')).LLAMACPP_CAPABILITIES,
  create: async (rest, options) => (await import('./index.js')).createLlamaCppModel(rest, options, options.scheduler),
});
