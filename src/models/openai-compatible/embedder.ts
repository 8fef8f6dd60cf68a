/**
 * `openai-compatible:<baseURL>#<model>` embeddings: TEI (`/v1/embeddings`), vLLM, LM Studio,
 * llama.cpp. e5-family models want prefixes: pass `prefixes: 'e5'`.
 * Key (optional): options.apiKey > OPENAI_COMPATIBLE_API_KEY.
 */
import { embedderCommon, type EmbedderOptions } from '../embedder.js';
import { pickSetting } from '../http.js';
import { OpenAIEmbedder } from '../openai/embedder.js';
import { parseCompatibleId } from './index.js';

export function createOpenAICompatibleEmbedder(rest: string, opts: EmbedderOptions = {}): OpenAIEmbedder {
  const { baseURL, model } = parseCompatibleId(rest, opts);
  const apiKey = pickSetting(opts.apiKey, opts.env ?? process.env, ['OPENAI_COMPATIBLE_API_KEY']);
  return new OpenAIEmbedder({
    provider: 'openai-compatible',
    id: `openai-compatible:${baseURL}#${model}`,
    model,
    baseURL,
    keyEnv: 'OPENAI_COMPATIBLE_API_KEY',
    ...embedderCommon(opts),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(opts.headers !== undefined ? { headers: opts.headers } : {}),
    ...(opts.dimensions !== undefined ? { dimensions: opts.dimensions } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
}
