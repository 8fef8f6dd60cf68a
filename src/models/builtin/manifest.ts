import { defineProvider } from '../provider-manifest.js';
import { NO_CAPABILITIES } from '../types.js';

export const builtinProvider = defineProvider({
  name: 'builtin',
  idForm: 'builtin:lead-<k> | builtin:textrank[-<k>]',
  env: [],
  optionKeys: [],
  local: true,
  uncached: true,
  capabilities: async () => NO_CAPABILITIES,
  create: async (_rest, _options, id) => (await import('./index.js')).createBuiltinModel(id.trim()),
});
