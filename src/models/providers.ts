import { UserError } from '../core/errors.js';
import { anthropicProvider } from './anthropic/manifest.js';
import { builtinProvider } from './builtin/manifest.js';
import { geminiProvider } from './gemini/manifest.js';
import { ggufProvider } from './gguf/manifest.js';
import { llamacppProvider } from './llamacpp/manifest.js';
import { ollamaProvider } from './ollama/manifest.js';
import { openaiCompatibleProvider } from './openai-compatible/manifest.js';
import { openaiProvider } from './openai/manifest.js';
import { checkPrice } from './price-check.js';
import type { Scheduler } from '../runtime/scheduler.js';
import type { Embedder, EmbedderOptions } from './embedder.js';
import type { ProviderManifest } from './provider-manifest.js';
import { replayProvider } from './replay/manifest.js';
import type { Capabilities } from './types.js';

/**
 * The built-in providers, in the order help and errors list them: the one place a built-in provider
 * is named. Env vars, option keys, default concurrency, what is free and what is not cached all
 * derive from it. Kept free of provider code (each manifest loads its provider on first use).
 */
export const BUILTIN_PROVIDERS: readonly ProviderManifest[] = [
  openaiProvider,
  anthropicProvider,
  geminiProvider,
  ollamaProvider,
  llamacppProvider,
  openaiCompatibleProvider,
  replayProvider,
  ggufProvider,
  builtinProvider,
];

const registered = new Map<string, ProviderManifest>(BUILTIN_PROVIDERS.map((p) => [p.name, p]));
const capabilities = new Map<string, Capabilities>();

const PROVIDER_NAME = /^[a-z][a-z0-9-]*$/;
const list = (v: unknown): v is readonly string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Adds a provider (a plugin's) beside the built-in ones; a name already taken is an error. */
export async function registerProvider(manifest: ProviderManifest, from = 'a plugin'): Promise<void> {
  const name: unknown = manifest?.name;
  if (typeof name !== 'string' || !PROVIDER_NAME.test(name)) throw new UserError(`${from}: a provider's name must be lower-case letters, digits and "-" (got ${JSON.stringify(name)})`);
  if (registered.has(name)) throw new UserError(`${from}: a provider called "${name}" is already registered`);
  if (typeof manifest.create !== 'function') throw new UserError(`${from}: provider "${name}" has no create(rest, options, id)`);
  if (manifest.createEmbedder !== undefined && typeof manifest.createEmbedder !== 'function') throw new UserError(`${from}: provider "${name}": createEmbedder must be a function (rest, options, id) => embedder`);
  if (!list(manifest.env) || !list(manifest.optionKeys)) throw new UserError(`${from}: provider "${name}" needs env and optionKeys (lists of names, may be empty)`);
  checkPrices(manifest.prices, `${from}: provider "${name}"`);
  const maxTokens: unknown = manifest.defaultMaxTokens;
  if (maxTokens !== undefined && !(typeof maxTokens === 'number' && Number.isInteger(maxTokens) && maxTokens > 0))
    throw new UserError(`${from}: provider "${name}": defaultMaxTokens must be a whole number above 0 (got ${JSON.stringify(maxTokens)})`);
  capabilities.set(name, typeof manifest.capabilities === 'function' ? await manifest.capabilities() : { ...(await import('./types.js')).NO_CAPABILITIES });
  registered.set(name, manifest);
}

/** A plugin's price list, checked as a config's `prices:` is: a month it was read, then non-negative numbers per model. */
function checkPrices(prices: ProviderManifest['prices'], where: string): void {
  if (prices === undefined) return;
  const models: unknown = prices?.models;
  if (typeof prices?.asOf !== 'string' || models === null || typeof models !== 'object' || Array.isArray(models))
    throw new UserError(`${where}: prices must be { asOf: "<YYYY-MM>", models: { "<model>": { input, output } } }`);
  for (const [model, price] of Object.entries(models)) checkPrice(price, `${where}: prices.models["${model}"]`);
}

/** Every provider known now: the built-in ones, then the plugins'. */
export const providerManifests = (): ProviderManifest[] => [...registered.values()];
export const providerManifest = (name: string): ProviderManifest | undefined => registered.get(name);
export const providerNames = (): string[] => [...registered.keys()];

/** Loads the default capabilities of every provider known now (for the synchronous provider list). */
export async function resolveProviderCapabilities(): Promise<void> {
  for (const p of registered.values()) if (!capabilities.has(p.name)) capabilities.set(p.name, await p.capabilities());
}
export const providerCapabilities = (name: string): Capabilities | undefined => capabilities.get(name);

/**
 * The embedding model with this id (`<provider>:<model>`), made by its provider's manifest with
 * the options given (the config's `providers.<name>`). A provider that serves no embeddings, or
 * none known by that name, is a UserError listing the ones that do.
 */
export async function createProviderEmbedder(id: string, options: EmbedderOptions & { scheduler: Scheduler }): Promise<Embedder> {
  const colon = id.indexOf(':');
  const name = colon < 0 ? '' : id.slice(0, colon);
  const rest = colon < 0 ? '' : id.slice(colon + 1);
  const forms = [...registered.values()].filter((p) => p.createEmbedder !== undefined).map((p) => p.idForm);
  const choices = `use tfidf, ${forms.join(', ')}`;
  if (rest === '') throw new UserError(`embedder "${id}": expected "<provider>:<model>"`);
  const manifest = registered.get(name);
  if (manifest?.createEmbedder === undefined) throw new UserError(`no embeddings for provider "${name}"; ${choices}`);
  return manifest.createEmbedder(rest, options, id);
}

/** Requests in flight per provider by default (the scheduler's lanes). */
export function defaultConcurrency(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of registered.values()) if (p.defaultConcurrency !== undefined) out[p.name] = p.defaultConcurrency;
  return out;
}

/** Providers that run on this machine at no charge. */
export const isLocalProvider = (name: string): boolean => registered.get(name)?.local === true;
/** Providers whose answers are not worth a cache entry (computed locally and cheaply). */
export const isUncachedProvider = (name: string): boolean => registered.get(name)?.uncached === true;
