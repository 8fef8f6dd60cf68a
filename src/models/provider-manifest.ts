import type { Scheduler } from '../runtime/scheduler.js';
import type { Embedder, EmbedderOptions } from './embedder.js';
import type { ProviderOptions } from './http.js';
import type { Capabilities, LanguageModel } from './types.js';

/** A model's list price. */
export interface Price {
  /** USD per 1,000,000 input tokens */
  input: number;
  /** USD per 1,000,000 output tokens */
  output: number;
  /** price factor for batch runs (default 0.5: OpenAI, Anthropic and Gemini batch APIs halve the price) */
  batch?: number;
}

/**
 * A paid provider's list prices (usually its folder's prices.json): keyed by the part of a model id
 * after `<name>:`, a trailing `*` matching any suffix (dated snapshots); `asOf` is the month they were
 * read from the provider's pricing page (they go stale: a config's `prices:` overrides them).
 */
export interface ProviderPrices {
  asOf: string;
  models: Readonly<Record<string, Price>>;
}

/** Options keys every HTTP provider reads. */
export const HTTP_OPTION_KEYS = ['baseURL', 'timeoutMs', 'headers'] as const;

/**
 * A provider's light definition: what the config loader, the credential check, the scheduler, the
 * cache and the cost table need to know about it without loading its HTTP client. One list of these
 * (src/models/providers.ts) is the only place a built-in provider is named; a plugin's provider is
 * registered through the same shape.
 */
export interface ProviderManifest {
  /** the id prefix: `<name>:<model>` */
  name: string;
  /** how its model ids are written, for help and errors, e.g. 'openai:<model>' */
  idForm: string;
  /** environment variables it reads (keys and base URLs): never echoed, never stored */
  env: readonly string[];
  /** keys its models read from `providers.<name>` or `models[].options` (any other key is an error) */
  optionKeys: readonly string[];
  /** keys its embedders read as well (`judges.embedder` / the embedder role), from `providers.<name>` only */
  embedderOptionKeys?: readonly string[];
  /**
   * the output-token limit its requests carry when the request sets none (a provider whose API
   * needs one, as Anthropic's does): the cost plan and the budget bound a request's answer by it
   */
  defaultMaxTokens?: number;
  /** requests in flight per provider unless `providers.<name>.maxConcurrency` says otherwise (default: the scheduler's) */
  defaultConcurrency?: number;
  /** runs on this machine at no charge: its answers cost nothing (the cost table) */
  local: boolean;
  /** a paid provider's list prices; the cost table is these, over every provider (runtime/cost.ts) */
  prices?: ProviderPrices;
  /** its answers are computed locally and cheaply: not worth a request-cache entry */
  uncached?: boolean;
  /** what its models honour by default (a model may say more once made) */
  capabilities(): Promise<Capabilities>;
  /** a model from the part of its id after `<name>:` (`id` is the whole id) */
  create(rest: string, options: ProviderOptions & { scheduler: Scheduler }, id: string): Promise<LanguageModel>;
  /**
   * An embedding model from the part of its id after `<name>:` (a provider that serves embeddings).
   * Judges take embedders from here (models/providers.ts createProviderEmbedder), never by
   * speaking a provider's protocol themselves.
   */
  createEmbedder?(rest: string, options: EmbedderOptions & { scheduler: Scheduler }, id: string): Promise<Embedder>;
}

export function defineProvider(manifest: ProviderManifest): ProviderManifest {
  return manifest;
}
