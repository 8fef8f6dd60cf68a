import { redact } from '../core/redact.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { asRunStore, type AnyStore } from './sqlite-run-store.js';
import type { CacheStore } from './run-store.js';
import { AnsweredWhileQueued, withSlotCheck } from './slot-check.js';
import { fromStoredJson, toStoredJson } from './stored-json.js';

/**
 * Keys (at any depth) whose values are credentials: removed before hashing and before storing.
 * Kept as it is on purpose: widening it would change the cache key of every stored request that
 * carries such a key, and a resumed run would pay again. The broader `isSecretName`
 * (src/core/redact.ts) judges config settings, headers and environment variables; the stored
 * request text is redacted besides (src/core/redact.ts).
 */
export const SECRET_KEY = /api[-_]?key|authorization|secret|token$|password|bearer/i;

/**
 * Keys whose values are user-chosen maps (logit bias by string: `{"token": -5}` is a real setting),
 * exempt from secret stripping so that they keep changing the cache key.
 */
const VERBATIM_KEY = /^logit[-_]?bias$/i;

export interface CacheParts {
  provider: string;
  model: string;
  /** everything that changes the answer: messages, every decoding parameter */
  request: unknown;
}

export interface CacheEntry<T = unknown> {
  key: string;
  provider: string;
  model: string;
  request: unknown;
  response: T;
  createdAt: string;
  hits: number;
}

export interface CacheStats {
  entries: number;
  hits: number;
  /** bytes of stored request and response JSON */
  bytes: number;
  byProvider: { provider: string; model: string; entries: number; hits: number }[];
}

export interface GetOrComputeOptions<T> {
  /** neither read nor write the cache (compute always runs) */
  noCache?: boolean;
  /** return false to keep a value out of the cache (e.g. a truncated or empty answer) */
  isCacheable?: (value: T) => boolean;
}

/**
 * Copy of `value` without credential-bearing keys (see SECRET_KEY) and without AbortSignals
 * (which never change an answer). Leaves the input untouched.
 */
export function stripSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripSecrets);
  if (value === null || typeof value !== 'object') return value;
  if (typeof AbortSignal !== 'undefined' && value instanceof AbortSignal) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value; // canonicalJson reports it
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEY.test(k)) continue;
    out[k] = VERBATIM_KEY.test(k) ? v : stripSecrets(v);
  }
  return out;
}

/**
 * Request cache kept in the store's `cache` table. The key is the SHA-256 of the canonical JSON
 * of {provider, model, request} with secrets removed; stored requests are stripped the same way
 * and, like the responses, redacted (src/core/redact.ts).
 */
export class RequestCache {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly store: CacheStore;

  constructor(store: AnyStore<CacheStore>) {
    this.store = asRunStore(store);
  }

  key(parts: CacheParts): string {
    return encodeParts(parts).key;
  }

  /** The entry under `key` (counting a hit), or undefined. */
  async get<T = unknown>(key: string): Promise<CacheEntry<T> | undefined> {
    const r = await this.store.cacheGet(key);
    if (r === undefined) return undefined;
    return {
      key,
      provider: r.provider,
      model: r.model,
      request: JSON.parse(r.request_json) as unknown,
      response: fromStoredJson(r.response_json) as T,
      createdAt: r.created_at,
      hits: r.hits,
    };
  }

  async put(key: string, entry: CacheParts & { response: unknown }, opts: { releaseClaim?: boolean } = {}): Promise<void> {
    return this.putEncoded(key, encodeParts(entry), entry.response, opts);
  }

  /** put, with the parts stripped and encoded already (getOrCompute encodes them once for the key and the row). */
  private async putEncoded(key: string, parts: EncodedParts, response: unknown, opts: { releaseClaim?: boolean }): Promise<void> {
    const { provider, model } = parts;
    const requestJson = redact(parts.requestJson());
    const responseJson = toStoredJson(response, 'cached response');
    const row = { provider, model, requestJson, responseJson };
    if (opts.releaseClaim === true && this.store.cachePutReleasing !== undefined) await this.store.cachePutReleasing(key, row);
    else await this.store.cachePut(key, row);
  }

  stats(): Promise<CacheStats> {
    return this.store.cacheStats();
  }

  /** Delete entries (all, or one provider's, or those created more than N days ago). Returns the count. */
  clear(filter: { provider?: string; olderThanDays?: number } = {}): Promise<number> {
    const cutoff = filter.olderThanDays === undefined ? undefined : new Date(Date.now() - filter.olderThanDays * 86_400_000).toISOString();
    return this.store.cacheClear({ ...(filter.provider !== undefined ? { provider: filter.provider } : {}), ...(cutoff !== undefined ? { cutoff } : {}) });
  }

  /**
   * The cached value for `parts`, or compute, store and return it. Errors from `compute` are
   * not cached. Identical requests in flight share one compute; callers that joined one (or
   * read the cache) get `cached: true`, since no new request was made for them. On a shared store
   * (PostgreSQL) the request is claimed in the database first: while another process has it in
   * flight this one waits for its answer instead of sending it again.
   */
  async getOrCompute<T>(
    parts: CacheParts,
    compute: () => Promise<T>,
    opts: GetOrComputeOptions<T> = {},
  ): Promise<{ value: T; cached: boolean }> {
    if (opts.noCache === true) return { value: await compute(), cached: false };
    const encoded = encodeParts(parts);
    const { key } = encoded;
    const joined = this.inflight.get(key);
    if (joined !== undefined) return { value: (await joined) as T, cached: true };
    // SQLite answers at once (no await: identical requests made together share one compute); a
    // shared store's claim (below) looks the answer up in the same round trip, so no lookup first
    if (this.store.claimRequest === undefined) {
      const hit = this.store.cacheGetNow !== undefined ? this.peekSync<T>(key) : await this.get<T>(key).then((e) => (e === undefined ? undefined : { value: e.response }));
      if (hit !== undefined) return { value: hit.value, cached: true };
      const pending = this.inflight.get(key);
      if (pending !== undefined) return { value: (await pending) as T, cached: true };
    }
    let servedMeanwhile = false;
    const work = (async () => {
      if (this.store.claimRequest !== undefined) {
        const found = await this.awaitClaim<T>(key);
        if (found !== undefined) {
          servedMeanwhile = true;
          return found.value;
        }
      }
      let value: T;
      try {
        // SQLite: asked again when the request gets a scheduler slot: another process may have stored it
        value = this.store.claimRequest !== undefined ? await compute() : await withSlotCheck(() => this.peekSync<T>(key), compute);
      } catch (err) {
        await this.store.releaseRequest?.(key).catch(() => undefined);
        if (!(err instanceof AnsweredWhileQueued)) throw err;
        servedMeanwhile = true;
        return err.value as T;
      }
      let released = false;
      if (opts.isCacheable === undefined || opts.isCacheable(value)) {
        try {
          await this.putEncoded(key, encoded, value, { releaseClaim: true });
          released = true;
        } catch (err) {
          // A value JSON cannot hold (undefined, a bigint) is returned but not cached.
          if (!(err instanceof TypeError)) throw err;
        }
      }
      if (!released) await this.store.releaseRequest?.(key);
      return value;
    })();
    this.inflight.set(key, work);
    try {
      const value = await work;
      return { value, cached: servedMeanwhile };
    } finally {
      this.inflight.delete(key);
    }
  }

  /**
   * The slot check (SQLite only): the SQLite store answers synchronously, and the scheduler asks it
   * with a slot held, just before sending.
   */
  private peekSync<T>(key: string): { value: T } | undefined {
    const r = this.store.cacheGetNow?.(key);
    return r === undefined ? undefined : { value: fromStoredJson(r.response_json) as T };
  }

  /**
   * Hold the database claim on `key` (undefined: this process sends the request), or wait until
   * the process holding it stored the answer (returned), taking the claim over if that process
   * stopped beating or gave the claim up without an answer.
   */
  private async awaitClaim<T>(key: string): Promise<{ value: T } | undefined> {
    let wait = 25;
    const claim = (this.store.claimRequest as NonNullable<CacheStore['claimRequest']>).bind(this.store);
    for (;;) {
      // the claim comes back with the answer if the holder stored it just before (then nothing is claimed)
      const c = await claim(key);
      if (c.cached !== undefined) return { value: fromStoredJson(c.cached.response_json) as T };
      if (c.claimed) return undefined;
      await new Promise((r) => setTimeout(r, wait));
      wait = Math.min(wait * 2, 500);
      const hit = await this.get<T>(key);
      if (hit !== undefined) return { value: hit.response };
    }
  }
}

/** A request's parts without credentials (stripSecrets), the cache key, and the stored request's text. */
interface EncodedParts {
  provider: string;
  model: string;
  key: string;
  /** the stripped request's canonical JSON (throws a TypeError, as canonicalJson does, for a request JSON cannot hold) */
  requestJson: () => string;
}

/**
 * The key is the SHA-256 of canonicalJson({provider, model, request}) with secrets stripped, and
 * the stored request is canonicalJson(request): the request's text is the same in both (keys
 * sorted, "model" < "provider" < "request"), so it is stripped and encoded once per request, not
 * twice (a long prompt encoded twice was a good part of the request cache's CPU). The key's text
 * is the same string canonicalJson writes for the whole, so no stored key changes.
 */
function encodeParts(parts: CacheParts): EncodedParts {
  const { provider, model } = parts;
  const request = stripSecrets(parts.request);
  // an undefined request is dropped from the key's object (as canonicalJson drops an undefined property) and cannot be stored
  const json = request === undefined ? undefined : canonicalJson(request, '$.request');
  const key = sha256Hex(`{"model":${JSON.stringify(model)},"provider":${JSON.stringify(provider)}${json === undefined ? '' : `,"request":${json}`}}`);
  return { provider, model, key, requestJson: () => json ?? canonicalJson(request) };
}
