/** `ollama:<embedding model>` via Ollama's native `POST /api/embed` ({model, input: [...]} → {embeddings}). */
import { UserError } from '../../core/errors.js';
import type { Vector } from '../../text/vector.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import { applyPrefix, embedderCommon, inBatches, prefixVersion, type Embedder, type EmbedderOptions, type EmbedPrefixes } from '../embedder.js';
import { badShape, checkBaseUrl, joinUrl, pickSetting, requestJson } from '../http.js';
import { normalizeOllamaHost, OLLAMA_DEFAULT_HOST } from './index.js';

export class OllamaEmbedder implements Embedder {
  readonly id: string;
  readonly version: string;
  readonly mode = 'independent' as const;
  constructor(
    private readonly cfg: {
      model: string;
      baseURL: string;
      scheduler: Scheduler;
      prefixes: EmbedPrefixes;
      batchSize: number;
      headers?: Record<string, string>;
      timeoutMs?: number;
    },
  ) {
    this.id = `ollama:${cfg.model}`;
    this.version = `api-embed/1${prefixVersion(cfg.prefixes)}`;
  }

  async embed(texts: readonly string[], opts: { kind?: 'query' | 'passage'; signal?: AbortSignal } = {}): Promise<Vector[]> {
    const input = applyPrefix(texts, this.cfg.prefixes, opts.kind);
    const out = await Promise.all(
      inBatches(input, this.cfg.batchSize).map(async (batch) => {
        const json = (await this.cfg.scheduler.run(
          'ollama',
          (signal) =>
            requestJson({
              provider: 'ollama',
              url: joinUrl(this.cfg.baseURL, 'api/embed'),
              body: { model: this.cfg.model, input: batch },
              signal,
              ...(this.cfg.headers !== undefined ? { headers: this.cfg.headers } : {}),
            }),
          { ...(opts.signal !== undefined ? { signal: opts.signal } : {}), ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}) },
        )) as { embeddings?: unknown };
        const e = json?.embeddings;
        if (!Array.isArray(e) || e.length !== batch.length || !e.every((v) => Array.isArray(v)))
          throw badShape('ollama', `expected ${batch.length} embeddings from /api/embed`);
        return (e as number[][]).map((v) => Float64Array.from(v));
      }),
    );
    return out.flat();
  }
}

/** Host: options.baseURL > OLLAMA_HOST > http://127.0.0.1:11434. */
export function createOllamaEmbedder(model: string, opts: EmbedderOptions = {}): OllamaEmbedder {
  if (model.trim() === '') throw new UserError('ollama embedder: needs a model, e.g. ollama:nomic-embed-text');
  const raw = pickSetting(opts.baseURL, opts.env ?? process.env, ['OLLAMA_HOST'], OLLAMA_DEFAULT_HOST) ?? OLLAMA_DEFAULT_HOST;
  let host: string;
  try {
    host = normalizeOllamaHost(raw);
  } catch {
    throw new UserError(`ollama: host is not a valid URL: "${raw}"`);
  }
  return new OllamaEmbedder({
    model,
    baseURL: checkBaseUrl('ollama', host, 'OLLAMA_HOST'),
    ...embedderCommon(opts),
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
}
