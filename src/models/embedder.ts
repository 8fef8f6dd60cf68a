/**
 * The embedding-model contract and what every provider's embedder shares (prefixes, batch size,
 * the scheduler). Provider embedders live in their provider's folder beside its language models
 * (models/<provider>/embedder.ts) and are made through its manifest's `createEmbedder`; judges
 * take them from the provider registry.
 */
import { UserError } from '../core/errors.js';
import type { InstrumentId } from '../core/types.js';
import type { Vector } from '../text/vector.js';
import { getDefaultScheduler, type Scheduler } from '../runtime/scheduler.js';
import type { ProviderOptions } from './http.js';

/**
 * Turns texts into vectors. Neural embedders embed each text on its own. Corpus-fitted
 * embedders (TF-IDF) fit on the texts of ONE call, so callers pass together the texts that must
 * share a vocabulary (e.g. a summary and the three thirds of its source).
 */
export interface Embedder extends InstrumentId {
  /** 'fit-per-call' for TF-IDF-like embedders; 'independent' for neural ones */
  readonly mode: 'fit-per-call' | 'independent';
  embed(texts: readonly string[], opts?: { kind?: 'query' | 'passage'; signal?: AbortSignal }): Promise<Vector[]>;
}

export interface EmbedPrefixes {
  query?: string;
  passage?: string;
}

/** `'e5'` is shorthand for { query: 'query: ', passage: 'passage: ' }. */
export function resolvePrefixes(p: unknown): EmbedPrefixes {
  if (p === undefined || p === null || p === 'none') return {};
  if (p === 'e5') return { query: 'query: ', passage: 'passage: ' };
  if (typeof p === 'object' && !Array.isArray(p)) {
    const o = p as Record<string, unknown>;
    for (const k of Object.keys(o))
      if ((k !== 'query' && k !== 'passage') || typeof o[k] !== 'string') throw new UserError(`embedder prefixes: expected { query?: string, passage?: string } or "e5", got key "${k}"`);
    return { ...(typeof o.query === 'string' ? { query: o.query } : {}), ...(typeof o.passage === 'string' ? { passage: o.passage } : {}) };
  }
  throw new UserError(`embedder prefixes: expected { query?: string, passage?: string } or "e5"`);
}

export function applyPrefix(texts: readonly string[], prefixes: EmbedPrefixes, kind: 'query' | 'passage' | undefined): string[] {
  const pre = kind === undefined ? '' : (prefixes[kind] ?? '');
  return pre === '' ? [...texts] : texts.map((t) => pre + t);
}

/** The prefixes as part of the instrument version (a different prefix is a different instrument). */
export function prefixVersion(prefixes: EmbedPrefixes): string {
  return prefixes.query === undefined && prefixes.passage === undefined ? '' : `+prefix(${JSON.stringify(prefixes.query ?? '')},${JSON.stringify(prefixes.passage ?? '')})`;
}

export interface EmbedderOptions extends ProviderOptions {
  scheduler?: Scheduler;
  /** e5-style prefixes per kind, or 'e5' */
  prefixes?: EmbedPrefixes | 'e5';
  /** texts per request (default 128) */
  batchSize?: number;
  /** OpenAI text-embedding-3 output dimensions */
  dimensions?: number;
}

export function embedderCommon(opts: EmbedderOptions): { scheduler: Scheduler; prefixes: EmbedPrefixes; batchSize: number } {
  const batchSize = opts.batchSize ?? 128;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new UserError(`embedder batchSize must be a positive integer, got ${String(opts.batchSize)}`);
  return { scheduler: opts.scheduler ?? getDefaultScheduler(), prefixes: resolvePrefixes(opts.prefixes), batchSize };
}

/** The texts in requests of at most `size` each, in order. */
export function inBatches(texts: readonly string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < texts.length; i += size) out.push(texts.slice(i, i + size));
  return out;
}
