/**
 * The environment variables each provider reads (keys and base URLs), in a module of their own so
 * that code which only needs the names (the config's credential check, config/secrets.ts) does
 * not load every provider and its HTTP client (an offline `slant measure` loaded undici
 * and all providers through that check). The providers and registry.ts re-export them.
 */
export const OPENAI_ENV = ['OPENAI_API_KEY', 'OPENAI_BASE_URL'] as const;
export const ANTHROPIC_ENV = ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL'] as const;
export const GEMINI_ENV = ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GEMINI_BASE_URL'] as const;
export const OLLAMA_ENV = ['OLLAMA_HOST'] as const;
export const LLAMACPP_ENV = ['LLAMACPP_BASE_URL', 'LLAMACPP_API_KEY'] as const;
export const OPENAI_COMPATIBLE_ENV = ['OPENAI_COMPATIBLE_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL'] as const;

/** Every provider's environment variables, by provider name (registry.ts lists the same). */
export const PROVIDER_ENV: Readonly<Record<string, readonly string[]>> = {
  openai: [...OPENAI_ENV, 'OPENAI_ORG_ID', 'OPENAI_PROJECT_ID'],
  anthropic: ANTHROPIC_ENV,
  gemini: GEMINI_ENV,
  ollama: OLLAMA_ENV,
  llamacpp: LLAMACPP_ENV,
  'openai-compatible': OPENAI_COMPATIBLE_ENV,
  replay: [],
  gguf: [],
  builtin: [],
};
