import { defineProvider } from '../provider-manifest.js';
import { NO_CAPABILITIES } from '../types.js';

export const replayProvider = defineProvider({
  name: 'replay',
  idForm: 'replay:<file.jsonl>[#<model>]',
  env: [],
  optionKeys: [],
  local: true,
  uncached: true,
  capabilities: async () => NO_CAPABILITIES,
  create: async (rest) => new (await import('./index.js')).ReplayModel(rest),
});
