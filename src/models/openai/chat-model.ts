/**
 * OpenAI Chat Completions (`POST {baseURL}/chat/completions`), for OpenAI itself and for
 * OpenAI-compatible servers (vLLM, LM Studio, llama.cpp's /v1, hosted open-model APIs).
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { toAnswer, type AnswerOptions } from '../answer.js';
import { badShape, joinUrl, open, readSse, requestJson, type HttpCall } from '../http.js';
import type { Capabilities, FinishReason, GenerateParams, GenerateRequest, GenerateResult, LanguageModel, TokenLogprob, Warning } from '../types.js';
import { checkParams, clampTopK, setParams, type ParamKey } from '../warnings.js';
import { tokenIdBias } from './tokenizer.js';
import { preflight, type PreflightOptions } from '../preflight.js';

type OpenAIFlavor = 'openai' | 'openai-compatible';

/** Where an OpenAI-protocol model is reached: its chat models and its embedders alike. */
export interface OpenAIEndpoint {
  /** full model id, e.g. 'openai:gpt-4o-mini' */
  id: string;
  /** model name sent on the wire */
  model: string;
  baseURL: string;
  apiKey?: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
}

interface OpenAIChatConfig extends OpenAIEndpoint {
  flavor: OpenAIFlavor;
  /** stream the answer as server-sent events (default false) */
  stream?: boolean;
  /** send `strict: true` with JSON schemas (OpenAI then requires every property listed and additionalProperties: false) */
  strictJsonSchema?: boolean;
  /** env var named in credential errors */
  keyEnv?: string;
  /** `reasoning_effort` for reasoning models (OpenAI o-series / gpt-5; gpt-oss on vLLM) */
  reasoningEffort?: string;
  /** openai-compatible: switch a hybrid model's thinking on or off (chat_template_kwargs.enable_thinking: Qwen3, DeepSeek-V3.1, Granite) */
  think?: boolean;
  /** keep the text as sent: no <think> block taken out of the answer */
  rawText?: boolean;
}

/** Values OpenAI documents for reasoning_effort. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high'] as const;

/** o-series and gpt-5 reasoning models reject sampling settings, logprobs and logit bias. */
export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)(?!-chat)/.test(model.toLowerCase());
}

export function openaiCapabilities(flavor: OpenAIFlavor, model: string): Capabilities {
  const reasoning = flavor === 'openai' && isReasoningModel(model);
  return {
    logprobs: reasoning ? false : { maxTopK: 20 },
    logitBias: reasoning ? false : flavor === 'openai' ? 'both' : 'token-id',
    seed: true,
    mirostat: false,
    stepwise: false,
    jsonSchema: true,
    embeddings: false,
  };
}

function unsupportedFor(flavor: OpenAIFlavor, model: string): Partial<Record<ParamKey, string>> {
  if (flavor === 'openai-compatible') return {};
  const out: Partial<Record<ParamKey, string>> = { topK: 'has no top-k sampling' };
  if (isReasoningModel(model)) {
    out.temperature = `reasoning model "${model}" accepts no temperature`;
    out.topP = `reasoning model "${model}" accepts no top_p`;
  }
  return out;
}

function mapOpenAIFinish(r: unknown): FinishReason | undefined {
  if (r === 'stop' || r === 'eos') return 'stop';
  if (r === 'length') return 'length';
  if (r === 'content_filter') return 'content-filter';
  if (typeof r === 'string') return 'other';
  return undefined;
}

/** The provider's own word for finishes that are not a plain stop or length ("content_filter"). */
function finishDetail(r: unknown): string | undefined {
  return typeof r === 'string' && r !== 'stop' && r !== 'length' ? r : undefined;
}

/** Reasoning text of a message or a stream delta: `reasoning` (vLLM ≥ 0.10, OpenRouter, Ollama's /v1) or `reasoning_content` (llama.cpp, DeepSeek, older vLLM). */
function reasoningOf(m: { reasoning?: unknown; reasoning_content?: unknown } | undefined): string | undefined {
  if (m === undefined) return undefined;
  if (typeof m.reasoning_content === 'string' && m.reasoning_content !== '') return m.reasoning_content;
  if (typeof m.reasoning === 'string' && m.reasoning !== '') return m.reasoning;
  return undefined;
}

type WireUsage = { prompt_tokens?: unknown; completion_tokens?: unknown; completion_tokens_details?: { reasoning_tokens?: unknown } | null } | null | undefined;

function usageOf(u: WireUsage): GenerateResult['usage'] {
  if (u == null || typeof u.prompt_tokens !== 'number' || typeof u.completion_tokens !== 'number') return undefined;
  const out: NonNullable<GenerateResult['usage']> = { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens };
  const r = u.completion_tokens_details?.reasoning_tokens;
  if (typeof r === 'number' && r > 0) out.reasoningTokens = r;
  return out;
}

/** What to change when a reasoning model spends its whole budget thinking. */
function openaiBudgetFix(flavor: OpenAIFlavor): string {
  return flavor === 'openai'
    ? 'raise generation.maxTokens, or lower the reasoning effort (models[].options.reasoningEffort: low or minimal)'
    : 'raise generation.maxTokens, or switch thinking off (models[].options.think: false)';
}

interface WireLogprob {
  token?: unknown;
  logprob?: unknown;
  top_logprobs?: unknown;
}

function parseOpenAILogprobs(content: unknown): TokenLogprob[] | undefined {
  if (!Array.isArray(content)) return undefined;
  return content.map((c: WireLogprob) => {
    const t: TokenLogprob = { token: String(c.token ?? ''), logprob: Number(c.logprob) };
    if (Array.isArray(c.top_logprobs))
      t.top = (c.top_logprobs as WireLogprob[]).map((a) => ({ token: String(a.token ?? ''), logprob: Number(a.logprob) }));
    return t;
  });
}

/** Map a Chat Completions JSON answer to a result (without `cached`). */
export function parseChatCompletion(raw: unknown, provider: string, opts: AnswerOptions = {}): Omit<GenerateResult, 'cached'> {
  const json = raw as {
    choices?: { message?: { content?: unknown; refusal?: unknown; reasoning?: unknown; reasoning_content?: unknown }; finish_reason?: unknown; logprobs?: { content?: unknown } | null }[];
    usage?: WireUsage;
  } | null;
  const choice = json?.choices?.[0];
  if (choice === undefined || typeof choice !== 'object' || choice.message === undefined) throw badShape(provider, 'no choices[0].message');
  const content = choice.message.content;
  const reasoning = reasoningOf(choice.message);
  const finish = mapOpenAIFinish(choice.finish_reason);
  const detail = finishDetail(choice.finish_reason);
  const usage = usageOf(json?.usage);
  const lp = parseOpenAILogprobs(choice.logprobs?.content);
  return toAnswer(provider, {
    content: typeof content === 'string' ? content : '',
    ...(reasoning !== undefined ? { reasoning: [reasoning] } : {}),
    ...(finish !== undefined ? { finishReason: finish } : {}),
    ...(detail !== undefined ? { finishDetail: detail } : {}),
    ...(typeof choice.message.refusal === 'string' ? { refusal: choice.message.refusal } : {}),
    ...(usage !== undefined ? { usage } : {}),
    ...(lp !== undefined ? { logprobs: lp } : {}),
  }, opts);
}

/** The model names of an OpenAI-style model list ({ data: [{ id }] }); undefined for another shape. */
function listedIds(json: unknown): string[] | undefined {
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.map((m) => (m as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
}

export class OpenAIChatModel implements LanguageModel {
  readonly id: string;
  readonly version = 'chat-completions/1';
  readonly provider: OpenAIFlavor;
  readonly capabilities: Capabilities;
  private readonly cfg: OpenAIChatConfig;
  /** the settings this model never takes, and why (the same for every request: made once) */
  private readonly unsupported: Partial<Record<ParamKey, string>>;
  private readonly skip: ReadonlySet<string>;

  constructor(cfg: OpenAIChatConfig) {
    this.cfg = cfg;
    this.id = cfg.id;
    this.provider = cfg.flavor;
    this.capabilities = openaiCapabilities(cfg.flavor, cfg.model);
    this.unsupported = unsupportedFor(cfg.flavor, cfg.model);
    this.skip = new Set(Object.keys(this.unsupported));
  }

  /**
   * @internal How to reach the API (for the Batch API runner in this folder). Holds the key in
   * `headers`: never log or return it.
   */
  connection(): { provider: OpenAIFlavor; baseURL: string; headers: Record<string, string>; secrets: (string | undefined)[]; keyEnv?: string; scheduler: Scheduler; model: string } {
    return {
      provider: this.provider,
      baseURL: this.cfg.baseURL,
      headers: { ...(this.cfg.apiKey !== undefined ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}), ...(this.cfg.headers ?? {}) },
      secrets: [this.cfg.apiKey],
      ...(this.cfg.keyEnv !== undefined ? { keyEnv: this.cfg.keyEnv } : {}),
      scheduler: this.cfg.scheduler,
      model: this.cfg.model,
    };
  }

  /** How this model's answers are read (also used by the Batch API). */
  answerOptions(): AnswerOptions {
    return { ...(this.cfg.rawText === true ? { rawText: true } : {}), budgetFix: openaiBudgetFix(this.cfg.flavor) };
  }

  /** The Chat Completions body for a request, and the warnings for settings not honoured (also used by the Batch API). */
  async prepare(req: GenerateRequest, opts: { stream?: boolean } = {}): Promise<{ body: Record<string, unknown>; warnings: Warning[] }> {
    const params = req.params ?? {};
    const warnings = checkParams(this.provider, this.capabilities, params, { unsupported: this.unsupported });
    const body = await this.buildBody(req, params, warnings, opts.stream ?? this.cfg.stream === true);
    return { body, warnings };
  }

  /** OpenAI: retrieve the model (GET models/{model}); a compatible server: its model list must name the model. */
  preflight(opts: PreflightOptions): Promise<string | undefined> {
    const official = this.cfg.flavor === 'openai';
    return preflight(
      {
        call: {
          provider: this.provider,
          url: joinUrl(this.cfg.baseURL, official ? `models/${encodeURIComponent(this.cfg.model)}` : 'models'),
          headers: { ...(this.cfg.apiKey !== undefined ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}), ...(this.cfg.headers ?? {}) },
          secrets: [this.cfg.apiKey],
          ...(this.cfg.keyEnv !== undefined ? { keyEnv: this.cfg.keyEnv } : {}),
        },
        id: this.id,
        model: this.cfg.model,
        addressFrom: `providers.${this.provider}.baseURL, or the address in the model id`,
        ...(official ? {} : { listed: listedIds }),
      },
      opts,
    );
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const { body, warnings } = await this.prepare(req);
    const call: HttpCall = {
      provider: this.provider,
      url: joinUrl(this.cfg.baseURL, 'chat/completions'),
      headers: {
        ...(this.cfg.apiKey !== undefined ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}),
        ...(this.cfg.headers ?? {}),
      },
      body,
      secrets: [this.cfg.apiKey],
      ...(this.cfg.keyEnv !== undefined ? { keyEnv: this.cfg.keyEnv } : {}),
    };
    const result = await this.cfg.scheduler.run(
      this.provider,
      (signal) => (this.cfg.stream === true ? this.callStream({ ...call, signal }) : this.callJson({ ...call, signal })),
      { ...(req.signal !== undefined ? { signal: req.signal } : {}), ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}) },
    );
    return { ...result, warnings: [...warnings, ...result.warnings], cached: false };
  }

  private async buildBody(req: GenerateRequest, p: GenerateParams, warnings: Warning[], stream: boolean): Promise<Record<string, unknown>> {
    const flavor = this.cfg.flavor;
    const caps = this.capabilities;
    const skip = this.skip;
    const set = new Set(setParams(p));
    const body: Record<string, unknown> = {
      model: this.cfg.model,
      messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
    };
    if (set.has('temperature') && !skip.has('temperature')) body.temperature = p.temperature;
    if (set.has('topP') && !skip.has('topP')) body.top_p = p.topP;
    if (set.has('topK') && !skip.has('topK')) body.top_k = p.topK;
    if (set.has('maxTokens')) body[flavor === 'openai' ? 'max_completion_tokens' : 'max_tokens'] = p.maxTokens;
    if (set.has('seed')) body.seed = p.seed;
    if (set.has('stop')) body.stop = p.stop;
    const k = clampTopK(caps, p.logprobs);
    if (k !== undefined) {
      body.logprobs = true;
      if (k > 0) body.top_logprobs = k;
    }
    if (set.has('logitBias') && caps.logitBias !== false && p.logitBias !== undefined) {
      const byString = flavor === 'openai' ? p.logitBias.byString : undefined;
      const { bias, warnings: w } = await tokenIdBias(this.cfg.model, byString, p.logitBias.byTokenId);
      warnings.push(...w);
      if (Object.keys(bias).length > 0) body.logit_bias = bias;
    }
    if (set.has('jsonSchema') && p.jsonSchema !== undefined) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: p.jsonSchema.name, schema: p.jsonSchema.schema, strict: this.cfg.strictJsonSchema === true },
      };
    }
    if (this.cfg.reasoningEffort !== undefined) body.reasoning_effort = this.cfg.reasoningEffort;
    if (this.cfg.think !== undefined) body.chat_template_kwargs = { enable_thinking: this.cfg.think };
    if (stream) {
      body.stream = true;
      body.stream_options = { include_usage: true };
    }
    return body;
  }

  private async callJson(call: HttpCall): Promise<Omit<GenerateResult, 'cached'>> {
    return parseChatCompletion(await requestJson(call), this.provider, this.answerOptions());
  }

  private async callStream(call: HttpCall): Promise<Omit<GenerateResult, 'cached'>> {
    const res = await open(call);
    let text = '';
    let reasoning = '';
    let refusal = '';
    let finish: FinishReason | undefined;
    let detail: string | undefined;
    let usage: GenerateResult['usage'];
    let logprobs: TokenLogprob[] | undefined;
    let done = false;
    for await (const data of readSse(res, call)) {
      if (data.trim() === '[DONE]') {
        done = true;
        break;
      }
      let chunk: {
        choices?: { delta?: { content?: unknown; refusal?: unknown; reasoning?: unknown; reasoning_content?: unknown }; finish_reason?: unknown; logprobs?: { content?: unknown } | null }[];
        usage?: WireUsage;
        error?: { message?: unknown };
      };
      try {
        chunk = JSON.parse(data) as typeof chunk;
      } catch {
        throw badShape(this.provider, 'malformed JSON in the event stream');
      }
      if (chunk.error !== undefined) throw badShape(this.provider, `error in stream: ${String(chunk.error.message ?? '')}`);
      const c = chunk.choices?.[0];
      if (c !== undefined) {
        if (typeof c.delta?.content === 'string') text += c.delta.content;
        if (typeof c.delta?.refusal === 'string') refusal += c.delta.refusal;
        reasoning += reasoningOf(c.delta) ?? '';
        const f = mapOpenAIFinish(c.finish_reason);
        if (f !== undefined) {
          finish = f;
          detail = finishDetail(c.finish_reason);
        }
        const lp = parseOpenAILogprobs(c.logprobs?.content);
        if (lp !== undefined) logprobs = [...(logprobs ?? []), ...lp];
      }
      usage = usageOf(chunk.usage) ?? usage;
    }
    if (!done && finish === undefined) throw badShape(this.provider, 'the event stream ended before the answer was complete');
    return toAnswer(this.provider, {
      content: text,
      reasoning: [reasoning],
      ...(finish !== undefined ? { finishReason: finish } : {}),
      ...(detail !== undefined ? { finishDetail: detail } : {}),
      ...(refusal !== '' ? { refusal } : {}),
      ...(usage !== undefined ? { usage } : {}),
      ...(logprobs !== undefined ? { logprobs } : {}),
    }, this.answerOptions());
  }
}
