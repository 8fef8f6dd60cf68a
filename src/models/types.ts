import type { InstrumentId } from '../core/types.js';
import type { StepwiseOptions, StepwiseResult } from './stepwise.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Decoding settings. A model that cannot honour one returns a warning, never drops it silently. */
export interface GenerateParams {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxTokens?: number;
  seed?: number;
  stop?: string[];
  /** return per-token logprobs with this many alternatives (0 = chosen token only) */
  logprobs?: number;
  /** bias by token id (key is the id as a string) or by string, in logit units */
  logitBias?: { byTokenId?: Record<string, number>; byString?: Record<string, number> };
  mirostat?: { mode: 1 | 2; tau: number; eta: number };
  /** JSON schema the answer must satisfy */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
}

/**
 * What the caller is asking for, for models that do not read prompts (built-in extractive
 * summarizers, replay). Prompted models ignore it.
 */
export interface TaskHint {
  kind: string;
  /** the raw input document (e.g. the text to summarize) */
  input: string;
  /** id of the record, for replay models */
  recordId?: string;
}

export interface GenerateRequest {
  messages: ChatMessage[];
  params?: GenerateParams;
  task?: TaskHint;
  signal?: AbortSignal;
}

export interface Warning {
  type: 'unsupported-setting' | 'other';
  setting?: string;
  message: string;
}

export interface TokenLogprob {
  token: string;
  logprob: number;
  top?: { token: string; logprob: number }[];
}

export interface GenerateResult {
  text: string;
  usage?: { inputTokens: number; outputTokens: number };
  finishReason?: 'stop' | 'length' | 'content-filter' | 'error' | 'other';
  logprobs?: TokenLogprob[];
  warnings: Warning[];
  /** true when served from the request cache */
  cached: boolean;
}

export interface Capabilities {
  logprobs: false | { maxTopK: number };
  logitBias: false | 'token-id' | 'string' | 'both';
  seed: boolean;
  mirostat: boolean;
  stepwise: boolean;
  jsonSchema: boolean;
  embeddings: boolean;
}

export interface LanguageModel extends InstrumentId {
  /** provider name, e.g. 'builtin', 'openai' */
  readonly provider: string;
  readonly capabilities: Capabilities;
  /**
   * Options fixed when the model was made that change its answers (context size, chat template,
   * base URL, …; src/models/answer-settings.ts): part of the request-cache key.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
  generate(req: GenerateRequest): Promise<GenerateResult>;
  /**
   * Optional ability: step-wise decoding with a controller (src/models/stepwise.ts). Present on
   * models that can run it (in-process gguf); every wrapper forwards it (src/models/wrap.ts).
   */
  stepwise?(opts: StepwiseOptions): Promise<StepwiseResult>;
}

export const NO_CAPABILITIES: Capabilities = {
  logprobs: false,
  logitBias: false,
  seed: false,
  mirostat: false,
  stepwise: false,
  jsonSchema: false,
  embeddings: false,
};
