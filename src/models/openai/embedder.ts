/**
 * Embeddings over HTTP with the OpenAI protocol (`POST {baseURL}/embeddings`): OpenAI itself and,
 * through openai-compatible/embedder.ts, TEI, vLLM, LM Studio and llama.cpp's /v1. Texts are sent
 * in batches through the runtime Scheduler (shared rate limits and retries). e5-style prefixes
 * (`query: ` / `passage: `) are configurable and part of the instrument version.
 */
import { UserError } from '../../core/errors.js';
import type { Vector } from '../../text/vector.js';
import { applyPrefix, embedderCommon, inBatches, prefixVersion, type Embedder, type EmbedderOptions, type EmbedPrefixes } from '../embedder.js';
import { badShape, checkBaseUrl, joinUrl, pickSetting, requestJson, requireKey } from '../http.js';
import type { OpenAIEndpoint } from './chat-model.js';
import { OPENAI_DEFAULT_BASE_URL } from './index.js';

interface OpenAIEmbedderConfig extends OpenAIEndpoint {
  provider: 'openai' | 'openai-compatible';
  prefixes: EmbedPrefixes;
  batchSize: number;
  dimensions?: number;
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
    const results = await Promise.all(inBatches(input, this.cfg.batchSize).map((b) => this.embedBatch(b, opts.signal)));
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

/** `openai:<embedding model>`, e.g. openai:text-embedding-3-small. Key and base URL as for chat models. */
export function createOpenAIEmbedder(model: string, opts: EmbedderOptions = {}): OpenAIEmbedder {
  if (model.trim() === '') throw new UserError('openai embedder: needs a model, e.g. openai:text-embedding-3-small');
  const env = opts.env ?? process.env;
  const apiKey = requireKey('openai', opts, ['OPENAI_API_KEY']);
  const baseURL = checkBaseUrl('openai', pickSetting(opts.baseURL, env, ['OPENAI_BASE_URL'], OPENAI_DEFAULT_BASE_URL) ?? '', 'options.baseURL / OPENAI_BASE_URL');
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
