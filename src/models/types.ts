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

/**
 * Why the model stopped: its own end (`stop`), the token limit (`length`), the provider's filter
 * (`content-filter`: safety, recitation, blocklist, a blocked prompt), the model declining
 * (`refusal`), a server-side failure (`error`), or anything else the provider names (`other`).
 */
export type FinishReason = 'stop' | 'length' | 'content-filter' | 'refusal' | 'error' | 'other';

/**
 * A model's answer (src/models/answer.ts makes it from what a provider sent). `text` is the answer
 * only: reasoning, from a provider's reasoning field or a <think>-style block in the content, is in
 * `reasoning`, never in `text`. An answer that cannot be measured at all (filtered, refused, only
 * reasoning, a block that never closed) says why in `invalid`; a cut-off one has finishReason
 * `length` and is judged by the pipeline.
 */
export interface GenerateResult {
  text: string;
  /** the model's reasoning, kept beside the answer (stored and shown, never measured) */
  reasoning?: string;
  /** output tokens include reasoning tokens; `reasoningTokens` is their share when the provider reports it */
  usage?: { inputTokens: number; outputTokens: number; reasoningTokens?: number };
  finishReason?: FinishReason;
  /** the provider's own word for the finish when it says more than finishReason ("SAFETY", "content_filter") */
  finishDetail?: string;
  /** why this answer cannot be measured (e.g. "refused by the model"); absent for a usable answer */
  invalid?: string;
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
  /**
   * Optional ability: a free check, before a run spends anything, that the provider is reachable,
   * takes the key and knows the model (src/models/preflight.ts). Throws a UserError saying what to
   * fix; returns a note for a problem that is not the user's. Models served in-process have none.
   */
  preflight?(opts: { timeoutMs?: number; signal?: AbortSignal }): Promise<string | undefined>;
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
