/**
 * Model ids → models. An id is "<provider>:<rest>": openai:gpt-4o-mini, anthropic:<model>,
 * gemini:<model>, ollama:<model>, llamacpp:<baseURL>, openai-compatible:<baseURL>#<model>,
 * replay:<file>[#<model>], gguf:<path>, builtin:lead-3. Settings come from explicit options, then
 * environment variables, then defaults (docs/providers.md).
 */
import { UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { getDefaultScheduler, type Scheduler } from '../runtime/scheduler.js';
import { createAnthropicModel, ANTHROPIC_CAPABILITIES } from './anthropic/index.js';
import { createBuiltinModel } from './builtin/index.js';
import { createGeminiModel, GEMINI_CAPABILITIES } from './gemini/index.js';
import type { ProviderOptions } from './http.js';
import { createLlamaCppModel, LLAMACPP_CAPABILITIES } from './llamacpp/index.js';
import { createOllamaModel, OLLAMA_CAPABILITIES } from './ollama/index.js';
import { createOpenAICompatibleModel } from './openai-compatible/index.js';
import { createOpenAIModel, openaiCapabilities } from './openai/index.js';
import { PROVIDER_ENV } from './provider-env.js';
import { GGUF_CAPABILITIES } from './gguf/model.js';
import { ReplayModel } from './replay/index.js';
import { NO_CAPABILITIES, type Capabilities, type LanguageModel } from './types.js';

export type { ProviderOptions } from './http.js';

export { DEFAULT_CONCURRENCY, getDefaultScheduler } from '../runtime/scheduler.js';

export interface ProviderInfo {
  name: string;
  idForm: string;
  capabilities: Capabilities;
  /** environment variables read (keys and base URLs) */
  env: string[];
}

const PROVIDERS: ProviderInfo[] = [
  { name: 'openai', idForm: 'openai:<model>', capabilities: openaiCapabilities('openai', 'gpt-4o-mini') },
  { name: 'anthropic', idForm: 'anthropic:<model>', capabilities: ANTHROPIC_CAPABILITIES },
  { name: 'gemini', idForm: 'gemini:<model>', capabilities: GEMINI_CAPABILITIES },
  { name: 'ollama', idForm: 'ollama:<model>', capabilities: OLLAMA_CAPABILITIES },
  { name: 'llamacpp', idForm: 'llamacpp:<baseURL>', capabilities: LLAMACPP_CAPABILITIES },
  { name: 'openai-compatible', idForm: 'openai-compatible:<baseURL>#<model>', capabilities: openaiCapabilities('openai-compatible', '') },
  { name: 'replay', idForm: 'replay:<file.jsonl>[#<model>]', capabilities: NO_CAPABILITIES },
  { name: 'gguf', idForm: 'gguf:<path.gguf>', capabilities: GGUF_CAPABILITIES },
  { name: 'builtin', idForm: 'builtin:lead-<k> | builtin:textrank[-<k>]', capabilities: NO_CAPABILITIES },
].map((p) => ({ ...p, env: [...(PROVIDER_ENV[p.name] ?? [])] }));

/** Providers with their id form, default capabilities and the env vars they read. */
export function listProviders(): ProviderInfo[] {
  return PROVIDERS.map((p) => ({ ...p, capabilities: { ...p.capabilities }, env: [...p.env] }));
}

export function parseModelId(id: string): { provider: string; rest: string } {
  // a model id is stored and printed everywhere (cells, cache, reports): it must not carry a key
  if (redact(id) !== id)
    throw new UserError(`model id "${redact(id)}" holds something that looks like a credential; keys come from the environment (docs/providers.md)`);
  const m = /^([a-z][a-z0-9-]*):(.*)$/s.exec(id.trim());
  if (m === null || m[1] === undefined || m[2] === undefined)
    throw new UserError(`"${id}" is not a model id; expected <provider>:<model>, e.g. openai:gpt-4o-mini (providers: ${PROVIDERS.map((p) => p.name).join(', ')})`);
  return { provider: m[1], rest: m[2] };
}

/** Build a model from its id. */
export async function createModel(id: string, opts: ProviderOptions & { scheduler?: Scheduler } = {}): Promise<LanguageModel> {
  const { provider, rest } = parseModelId(id);
  const scheduler = opts.scheduler ?? getDefaultScheduler();
  switch (provider) {
    case 'builtin':
      return createBuiltinModel(id.trim());
    case 'openai':
      return createOpenAIModel(rest, opts, scheduler);
    case 'openai-compatible':
      return createOpenAICompatibleModel(rest, opts, scheduler);
    case 'anthropic':
      return createAnthropicModel(rest, opts, scheduler);
    case 'gemini':
      return createGeminiModel(rest, opts, scheduler);
    case 'ollama':
      return createOllamaModel(rest, opts, scheduler);
    case 'llamacpp':
      return createLlamaCppModel(rest, opts, scheduler);
    case 'replay':
      return new ReplayModel(rest);
    case 'gguf': {
      // loaded on demand: node-llama-cpp is an optional dependency
      const { createGgufModel, parseGgufOptions } = await import('./gguf/index.js');
      return createGgufModel(rest, parseGgufOptions(opts));
    }
    default:
      throw new UserError(`unknown model provider "${provider}" in "${id}"; known providers: ${PROVIDERS.map((p) => p.name).join(', ')}`);
  }
}
