import { UserError } from '../../core/errors.js';
import type { Embedder } from '../types.js';
import type { EmbedderOptions } from './openai-embedder.js';

/**
 * Embedding model ids: `openai:<model>`, `ollama:<model>`, `openai-compatible:<baseURL>#<model>`.
 * Options (e.g. `{ prefixes: 'e5' }` for multilingual-e5 as seed 000 used) pass through.
 */
export async function createEmbedderFromId(id: string, opts: EmbedderOptions = {}): Promise<Embedder> {
  const colon = id.indexOf(':');
  const provider = id.slice(0, colon);
  const rest = id.slice(colon + 1);
  if (!rest) throw new UserError(`embedder "${id}": expected "<provider>:<model>"`);
  switch (provider) {
    case 'openai': {
      const { createOpenAIEmbedder } = await import('./openai-embedder.js');
      return createOpenAIEmbedder(rest, opts);
    }
    case 'ollama': {
      const { createOllamaEmbedder } = await import('./ollama-embedder.js');
      return createOllamaEmbedder(rest, opts);
    }
    case 'openai-compatible': {
      const { createOpenAICompatibleEmbedder } = await import('./openai-compatible-embedder.js');
      return createOpenAICompatibleEmbedder(rest, opts);
    }
    default:
      throw new UserError(`no embeddings for provider "${provider}"; use tfidf, openai:<model>, ollama:<model> or openai-compatible:<baseURL>#<model>`);
  }
}
