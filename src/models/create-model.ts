import { UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { getDefaultScheduler, type Scheduler } from '../runtime/scheduler.js';
import type { ProviderOptions } from './http.js';
import { providerManifest, providerNames } from './providers.js';
import type { LanguageModel } from './types.js';

/**
 * Model ids → models. An id is "<provider>:<rest>": openai:gpt-4o-mini, anthropic:<model>,
 * gemini:<model>, ollama:<model>, llamacpp:<baseURL>, openai-compatible:<baseURL>#<model>,
 * replay:<file>[#<model>], gguf:<path>, builtin:lead-3, or a plugin provider's. Settings come from
 * explicit options, then environment variables, then defaults (docs/providers.md). Only the
 * provider of the id is loaded, so the offline path never loads an HTTP client.
 */
export function parseModelId(id: string): { provider: string; rest: string } {
  // a model id is stored and printed everywhere (cells, cache, reports): it must not carry a key
  if (redact(id) !== id)
    throw new UserError(`model id "${redact(id)}" holds something that looks like a credential; keys come from the environment (docs/providers.md)`);
  const m = /^([a-z][a-z0-9-]*):(.*)$/s.exec(id.trim());
  if (m === null || m[1] === undefined || m[2] === undefined)
    throw new UserError(`"${id}" is not a model id; expected <provider>:<model>, e.g. openai:gpt-4o-mini (providers: ${providerNames().join(', ')})`);
  return { provider: m[1], rest: m[2] };
}

/** Build a model from its id. */
export async function createModel(id: string, opts: ProviderOptions & { scheduler?: Scheduler } = {}): Promise<LanguageModel> {
  const { provider, rest } = parseModelId(id);
  const manifest = providerManifest(provider);
  if (!manifest) throw new UserError(`unknown model provider "${provider}" in "${id}"; known providers: ${providerNames().join(', ')}`);
  return manifest.create(rest, { ...opts, scheduler: opts.scheduler ?? getDefaultScheduler() }, id);
}
