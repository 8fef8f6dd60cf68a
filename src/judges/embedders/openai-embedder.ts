/**
 * Embeddings over HTTP with the OpenAI protocol (`POST {baseURL}/embeddings`): OpenAI itself and,
 * through openai-compatible-embedder.ts, TEI, vLLM, LM Studio and llama.cpp's /v1. Texts are sent
 * in batches through the runtime Scheduler (shared rate limits and retries). e5-style prefixes
 * (`query: ` / `passage: `) are configurable and part of the instrument version.
 */
import { UserError } from '../../core/errors.js';
import { badShape, checkBaseUrl, joinUrl, pickSetting, requestJson, requireKey, type ProviderOptions } from '../../models/http.js';
import { getDefaultScheduler, type Scheduler } from '../../runtime/scheduler.js';
import type { Embedder, Vector } from '../types.js';

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

export interface OpenAIEmbedderConfig {
  provider: 'openai' | 'openai-compatible';
  id: string;
  model: string;
  baseURL: string;
  apiKey?: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  prefixes: EmbedPrefixes;
  batchSize: number;
  dimensions?: number;
  timeoutMs?: number;
  keyEnv: string;
}

export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly version: string;
  readonly mode = 'independent' as const;
  constructor(private readonly cfg: OpenAIEmbedderConfig) {
    this.id = cfg.id;
    this.version = `embeddings/1${cfg.dimensions !== undefined ? `+dim${cfg.dimensions}` : ''}${prefixVersion(cfg.prefixes)}`;
  }

  async embed(texts: readonly string[], opts: { kind?: 'query' | 'passage'; signal?: AbortSignal } = {}): Promise<Vector[]> {
    const input = applyPrefix(texts, this.cfg.prefixes, opts.kind);
    const batches: string[][] = [];
    for (let i = 0; i < input.length; i += this.cfg.batchSize) batches.push(input.slice(i, i + this.cfg.batchSize));
    const results = await Promise.all(batches.map((b) => this.embedBatch(b, opts.signal)));
    return results.flat();
  }

  private async embedBatch(input: string[], signal: AbortSignal | undefined): Promise<Vector[]> {
    const body: Record<string, unknown> = { model: this.cfg.model, input, encoding_format: 'float' };
    if (this.cfg.dimensions !== undefined) body.dimensions = this.cfg.dimensions;
    const json = (await this.cfg.scheduler.run(
      this.cfg.provider,
      (s) =>
        requestJson({
          provider: this.cfg.provider,
          url: joinUrl(this.cfg.baseURL, 'embeddings'),
          headers: { ...(this.cfg.apiKey !== undefined ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}), ...(this.cfg.headers ?? {}) },
          body,
          signal: s,
          secrets: [this.cfg.apiKey],
          keyEnv: this.cfg.keyEnv,
        }),
      { ...(signal !== undefined ? { signal } : {}), ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}) },
    )) as { data?: { index?: unknown; embedding?: unknown }[] };
    const data = json?.data;
    if (!Array.isArray(data) || data.length !== input.length) throw badShape(this.cfg.provider, `expected ${input.length} embeddings, got ${Array.isArray(data) ? data.length : 'none'}`);
    const out: Vector[] = new Array<Vector>(input.length);
    data.forEach((d, i) => {
      const idx = typeof d.index === 'number' ? d.index : i;
      if (!Array.isArray(d.embedding) || idx < 0 || idx >= input.length) throw badShape(this.cfg.provider, 'an embedding is missing or out of range');
      out[idx] = Float64Array.from(d.embedding as number[]);
    });
    return out;
  }
}

export function embedderCommon(opts: EmbedderOptions): { scheduler: Scheduler; prefixes: EmbedPrefixes; batchSize: number } {
  const batchSize = opts.batchSize ?? 128;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new UserError(`embedder batchSize must be a positive integer, got ${String(opts.batchSize)}`);
  return { scheduler: opts.scheduler ?? getDefaultScheduler(), prefixes: resolvePrefixes(opts.prefixes), batchSize };
}

/** `openai:<embedding model>`, e.g. openai:text-embedding-3-small. Key and base URL as for chat models. */
export function createOpenAIEmbedder(model: string, opts: EmbedderOptions = {}): OpenAIEmbedder {
  if (model.trim() === '') throw new UserError('openai embedder: needs a model, e.g. openai:text-embedding-3-small');
  const env = opts.env ?? process.env;
  const apiKey = requireKey('openai', opts, ['OPENAI_API_KEY']);
  const baseURL = checkBaseUrl('openai', pickSetting(opts.baseURL, env, ['OPENAI_BASE_URL'], 'https://api.openai.com/v1') ?? '', 'options.baseURL / OPENAI_BASE_URL');
  return new OpenAIEmbedder({
    provider: 'openai',
    id: `openai:${model}`,
    model,
    baseURL,
    apiKey,
    keyEnv: 'OPENAI_API_KEY',
    ...embedderCommon(opts),
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    ...(opts.dimensions !== undefined ? { dimensions: opts.dimensions } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
}
