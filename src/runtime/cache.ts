import { redact } from '../core/redact.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import type { Store } from './store.js';
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

  constructor(private readonly store: Store) {}

  key(parts: CacheParts): string {
    return sha256Hex(canonicalJson(strippedParts(parts)));
  }

  /** The entry under `key` (counting a hit), or undefined. */
  get<T = unknown>(key: string): CacheEntry<T> | undefined {
    const r = this.store.guard(() =>
      this.store
        .statement(
          `UPDATE cache SET hits = hits + 1, last_hit_at = ? WHERE key = ?
           RETURNING provider, model, request_json, response_json, created_at, hits`,
        )
        .get(new Date().toISOString(), key),
    ) as
      | { provider: string; model: string; request_json: string; response_json: string; created_at: string; hits: number }
      | undefined;
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

  put(key: string, entry: CacheParts & { response: unknown }): void {
    const { provider, model, request } = strippedParts(entry);
    const requestJson = redact(canonicalJson(request));
    const responseJson = toStoredJson(entry.response, 'cached response');
    this.store.guard(() =>
      this.store
        .statement(
          `INSERT OR REPLACE INTO cache (key, provider, model, request_json, response_json, created_at, hits)
           VALUES (?, ?, ?, ?, ?, ?, 0)`,
        )
        .run(key, provider, model, requestJson, responseJson, new Date().toISOString()),
    );
  }

  stats(): CacheStats {
    const total = this.store
      .statement(
        `SELECT count(*) AS entries, coalesce(sum(hits), 0) AS hits,
           coalesce(sum(length(CAST(request_json AS BLOB)) + length(CAST(response_json AS BLOB))), 0) AS bytes
         FROM cache`,
      )
      .get() as { entries: number; hits: number; bytes: number };
    const byProvider = this.store
      .statement(
        `SELECT provider, model, count(*) AS entries, coalesce(sum(hits), 0) AS hits
         FROM cache GROUP BY provider, model ORDER BY provider, model`,
      )
      .all() as CacheStats['byProvider'];
    return { ...total, byProvider };
  }

  /** Delete entries (all, or one provider's, or those created more than N days ago). Returns the count. */
  clear(filter: { provider?: string; olderThanDays?: number } = {}): number {
    const cutoff =
      filter.olderThanDays === undefined ? null : new Date(Date.now() - filter.olderThanDays * 86_400_000).toISOString();
    return this.store
      .statement(
        `DELETE FROM cache WHERE (@provider IS NULL OR provider = @provider)
           AND (@cutoff IS NULL OR created_at < @cutoff)`,
      )
      .run({ provider: filter.provider ?? null, cutoff }).changes;
  }

  /**
   * The cached value for `parts`, or compute, store and return it. Errors from `compute` are
   * not cached. Identical requests in flight share one compute; callers that joined one (or
   * read the cache) get `cached: true`, since no new request was made for them.
   */
  async getOrCompute<T>(
    parts: CacheParts,
    compute: () => Promise<T>,
    opts: GetOrComputeOptions<T> = {},
  ): Promise<{ value: T; cached: boolean }> {
    if (opts.noCache === true) return { value: await compute(), cached: false };
    const key = this.key(parts);
    const hit = this.get<T>(key);
    if (hit !== undefined) return { value: hit.response, cached: true };
    const pending = this.inflight.get(key);
    if (pending !== undefined) return { value: (await pending) as T, cached: true };
    let servedMeanwhile = false;
    const work = (async () => {
      let value: T;
      try {
        // asked again when the request gets a scheduler slot: another process may have stored it
        value = await withSlotCheck(() => {
          const found = this.get<T>(key);
          return found === undefined ? undefined : { value: found.response };
        }, compute);
      } catch (err) {
        if (!(err instanceof AnsweredWhileQueued)) throw err;
        servedMeanwhile = true;
        return err.value as T;
      }
      if (opts.isCacheable === undefined || opts.isCacheable(value)) {
        try {
          this.put(key, { ...parts, response: value });
        } catch (err) {
          // A value JSON cannot hold (undefined, a bigint) is returned but not cached.
          if (!(err instanceof TypeError)) throw err;
        }
      }
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
}

function strippedParts(parts: CacheParts): CacheParts {
  return { provider: parts.provider, model: parts.model, request: stripSecrets(parts.request) };
}
