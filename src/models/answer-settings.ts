/**
 * The options a model is created with that change its answers, for the request-cache key.
 *
 * A request's messages and decoding parameters are keyed by the cache itself; what is fixed when a
 * model is made (a GGUF context size or chat template, a base URL, extra headers, strict JSON
 * schemas) reaches the model too, and an answer made under one value must never be served for
 * another. So every option a provider reads (providerOptionKeys) is keyed unless it is listed
 * below with the reason it cannot change an answer: a new option is keyed by default, and a test
 * walks every provider's options and fails on one that changes nothing in the key.
 */
import { createHash } from 'node:crypto';
import { isSecretName } from '../core/redact.js';
import { providerOptionKeys } from './provider-options.js';
import type { LanguageModel } from './types.js';

/** Options that never change an answer, each with the reason (per provider; '*' for all). */
export const UNKEYED_OPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '*': {
    timeoutMs: 'a call that runs out of time ends in an error, and errors are never cached',
  },
  openai: {
    organization: 'the organization a call is billed to, not what the model answers',
    project: 'the project a call is billed to, not what the model answers',
    stream: 'the same answer, delivered in pieces',
  },
  'openai-compatible': {
    stream: 'the same answer, delivered in pieces',
  },
  ollama: {
    keepAlive: 'how long the server keeps the model loaded after the call',
  },
  gguf: {
    versionFrom: 'how the model version is computed; the version itself is in the key',
  },
};

/** Why `option` of `provider` is left out of the key, or undefined when it is keyed. */
export function unkeyedReason(provider: string, option: string): string | undefined {
  return UNKEYED_OPTIONS[provider]?.[option] ?? UNKEYED_OPTIONS['*']?.[option];
}

/**
 * The keyed settings of a model of `provider` made with `options`: every option the provider reads
 * that is set and not unkeyed. `resolved` replaces an option by the value the model actually uses
 * (a default context size, a base URL from the environment); a resolved `undefined` leaves the
 * option out (e.g. a base URL that is already part of the model id). Header values are keyed by
 * their digest, and credential headers not at all, so that no secret is stored with a request.
 */
export function answerSettings(provider: string, options: Readonly<Record<string, unknown>>, resolved: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of providerOptionKeys(provider) ?? []) {
    if (unkeyedReason(provider, key) !== undefined) continue;
    const value = key in resolved ? resolved[key] : options[key];
    if (value === undefined) continue;
    out[key] = key === 'headers' ? headersDigest(value) : value;
  }
  for (const [key, value] of Object.entries(resolved)) if (!(key in out) && value !== undefined && unkeyedReason(provider, key) === undefined) out[key] = value;
  if (out.headers === undefined) delete out.headers;
  return out;
}

/** SHA-256 of the non-credential headers (names lower-cased, sorted); undefined when there are none. */
function headersDigest(headers: unknown): string | undefined {
  if (headers === null || typeof headers !== 'object') return undefined;
  const kept = Object.entries(headers as Record<string, unknown>)
    .filter(([name]) => !isSecretName(name))
    .map(([name, v]) => [name.toLowerCase(), String(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (kept.length === 0) return undefined;
  return `sha256:${createHash('sha256').update(JSON.stringify(kept), 'utf8').digest('hex')}`;
}

/** `model` with its keyed settings (set once, when the model is made). */
export function withSettings<M extends LanguageModel>(model: M, settings: Record<string, unknown>): M {
  Object.defineProperty(model, 'settings', { value: Object.freeze(settings), enumerable: true });
  return model;
}

/** A base URL for the key: undefined when it is the provider's default (keys made before stay valid). */
export function nonDefault(value: string, fallback: string): string | undefined {
  return value.replace(/\/+$/, '') === fallback.replace(/\/+$/, '') ? undefined : value;
}
