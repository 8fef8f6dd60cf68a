import { UserError } from '../core/errors.js';
import type { Embedder, FramingJudge } from './types.js';
import type { LanguageModel } from '../models/types.js';

/** Creates models by id; a run's factory adds provider options, the request cache and usage tracking. */
export type ModelFactory = (id: string, options?: Record<string, unknown>) => Promise<LanguageModel>;
const plainFactory: ModelFactory = async (id, options) => {
  const { createModel } = await import('../models/create-model.js');
  return createModel(id, options);
};

/**
 * Judges by name: "offline" / "tfidf" need no network; any other value is a model id
 * ("openai:o4-mini") used as an LLM judge (framing: seed 000 Appendix A.1's prompt).
 */
export async function createFramingJudge(spec: string, makeModel: ModelFactory = plainFactory, opts: { reask?: boolean } = {}): Promise<FramingJudge> {
  if (spec === 'offline') {
    const { createOfflineFramingJudge } = await import('./framing/offline-judge.js');
    return createOfflineFramingJudge();
  }
  if (/^[a-z][a-z0-9-]*:/.test(spec)) {
    const { createLlmFramingJudge } = await import('./framing/llm-judge.js');
    return createLlmFramingJudge(await makeModel(spec), opts.reask ? { reask: true } : {});
  }
  throw new UserError(`unknown framing judge "${spec}"; use "offline" or a model id such as "openai:o4-mini"`);
}

export async function createEmbedder(spec: string, providerOptions: Record<string, Record<string, unknown>> = {}): Promise<Embedder> {
  if (spec === 'tfidf') {
    const { TfidfEmbedder } = await import('./embedders/tfidf-embedder.js');
    return new TfidfEmbedder();
  }
  if (spec === 'use') {
    const { UseEmbedder } = await import('./embedders/use-embedder.js');
    return new UseEmbedder();
  }
  if (/^[a-z][a-z0-9-]*:/.test(spec)) {
    const { createEmbedderFromId } = await import('./embedders/registry.js');
    return createEmbedderFromId(spec, providerOptions[spec.slice(0, spec.indexOf(':'))] ?? {});
  }
  throw new UserError(`unknown embedder "${spec}"; use "tfidf", "use" (Universal Sentence Encoder lite, optional packages) or an embedding model id such as "openai:text-embedding-3-small"`);
}
