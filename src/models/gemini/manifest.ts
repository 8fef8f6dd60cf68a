import { defineProvider, HTTP_OPTION_KEYS } from '../provider-manifest.js';
import prices from './prices.json' with { type: 'json' };

export const GEMINI_ENV = ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GEMINI_BASE_URL'] as const;

export const geminiProvider = defineProvider({
  name: 'gemini',
  idForm: 'gemini:<model>',
  env: GEMINI_ENV,
  optionKeys: [...HTTP_OPTION_KEYS, 'thinkingBudget', 'rawText'],
  defaultConcurrency: 8,
  local: false,
  prices,
  capabilities: async () => (await import('./index.js')).GEMINI_CAPABILITIES,
  create: async (rest, options) => (await import('./index.js')).createGeminiModel(rest, options, options.scheduler),
});
