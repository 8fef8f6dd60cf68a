/**
 * A token limit for judge calls on models that run locally. A hosted API stops at the end of the
 * answer; a local model whose chat template does not end its turn (or a plain-text prompt) keeps
 * writing until its context is full, so a one-word label could take minutes. Hosted judges get no
 * limit: reasoning models (o4-mini, the paper's framing judge) spend hidden tokens before the label.
 */
import type { GenerateParams, LanguageModel } from '../models/types.js';

/** Providers whose models run on this machine or one the user runs. */
const LOCAL_PROVIDERS: ReadonlySet<string> = new Set(['gguf', 'llamacpp', 'ollama']);

/** An OpenAI-compatible server on this machine (vLLM, LM Studio, llama.cpp's /v1): its id carries the base URL. */
const LOOPBACK_URL = /^openai-compatible:https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?(?:[/#]|$)/i;

const isLocal = (model: LanguageModel): boolean => LOCAL_PROVIDERS.has(model.provider) || LOOPBACK_URL.test(model.id);

/** The limits per kind of judge answer: a bare label, or an explanation with the answer (a JSON object, an alignment). */
export const LOCAL_JUDGE_MAX_TOKENS = { label: 64, explained: 1024 } as const;

/** `params` with a token limit when `model` is local and the caller set none. */
export function withLocalTokenLimit(model: LanguageModel, params: GenerateParams, answer: keyof typeof LOCAL_JUDGE_MAX_TOKENS): GenerateParams {
  if (params.maxTokens !== undefined || !isLocal(model)) return params;
  return { ...params, maxTokens: LOCAL_JUDGE_MAX_TOKENS[answer] };
}
