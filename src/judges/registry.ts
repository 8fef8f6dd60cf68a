import { UserError } from '../core/errors.js';
import { createProviderEmbedder } from '../models/providers.js';
import { getDefaultScheduler } from '../runtime/scheduler.js';
import type { ModelFactory } from './judge-manifest.js';
import { judgeManifest, judgeNamesText } from './judges.js';
import type { Embedder, FramingJudge } from './types.js';

export type { ModelFactory } from './judge-manifest.js';

const plainFactory: ModelFactory = async (id, options) => {
  const { createModel } = await import('../models/create-model.js');
  return createModel(id, options);
};

const isModelId = (spec: string): boolean => /^[a-z][a-z0-9-]*:/.test(spec);

/**
 * Judges by name (src/judges/judges.ts: "offline" / "tfidf" need no network, plugins may add
 * more); any other value is a model id ("openai:o4-mini") used as an LLM judge (framing: seed 000
 * Appendix A.1's prompt).
 */
export async function createFramingJudge(spec: string, makeModel: ModelFactory = plainFactory, opts: { reask?: boolean } = {}): Promise<FramingJudge> {
  const named = judgeManifest('framing', spec);
  if (named) return named.create({ makeModel, reask: opts.reask ?? false });
  if (isModelId(spec)) {
    const { createLlmFramingJudge } = await import('./framing/llm-judge.js');
    return createLlmFramingJudge(await makeModel(spec), opts.reask ? { reask: true } : {});
  }
  throw new UserError(`unknown framing judge "${spec}"; use ${judgeNamesText('framing')} or a model id such as "openai:o4-mini"`);
}

export async function createEmbedder(spec: string, providerOptions: Record<string, Record<string, unknown>> = {}): Promise<Embedder> {
  const named = judgeManifest('embedder', spec);
  if (named) return named.create({ providers: providerOptions });
  // an embedding model is its provider's (src/models/<provider>/embedder.ts), made through the provider registry
  if (isModelId(spec)) return createProviderEmbedder(spec, { scheduler: getDefaultScheduler(), ...providerOptions[spec.slice(0, spec.indexOf(':'))] });
  throw new UserError(`unknown embedder "${spec}"; use ${judgeNamesText('embedder')} or an embedding model id such as "openai:text-embedding-3-small"`);
}
