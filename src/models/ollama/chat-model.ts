/**
 * Ollama native chat (`POST {host}/api/chat`), streamed as newline-delimited JSON (Ollama's
 * default). Seed, top-k and JSON-schema output (`format`) are honoured. Ollama accepts mirostat
 * options but no longer applies them, and has no logit bias or logprobs here: all warned, none sent.
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { toAnswer, type ProviderAnswer } from '../answer.js';
import { badShape, joinUrl, open, readLines, type HttpCall } from '../http.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel } from '../types.js';
import { checkParams, setParams } from '../warnings.js';
import { preflight, type PreflightOptions } from '../preflight.js';

export const OLLAMA_CAPABILITIES: Capabilities = {
  logprobs: false,
  logitBias: false,
  seed: true,
  mirostat: false,
  stepwise: false,
  jsonSchema: true,
  embeddings: true,
};

interface OllamaConfig {
  id: string;
  model: string;
  baseURL: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
  /** Ollama keep_alive, e.g. "5m" */
  keepAlive?: string;
  /** `think`: true / false, or an effort ("low", "medium", "high") for models that take one (gpt-oss) */
  think?: boolean | string;
  /** keep the text as sent: no <think> block taken out of the answer */
  rawText?: boolean;
}

/** What to change when the whole num_predict went to thinking. */
const OLLAMA_BUDGET_FIX = 'raise generation.maxTokens, or switch thinking off (models[].options.think: false)';

function mapOllamaDone(r: unknown): GenerateResult['finishReason'] {
  if (r === 'stop') return 'stop';
  if (r === 'length') return 'length';
  return typeof r === 'string' ? 'other' : undefined;
}

export class OllamaModel implements LanguageModel {
  readonly id: string;
  readonly version = 'api-chat/1';
  readonly provider = 'ollama';
  readonly capabilities = OLLAMA_CAPABILITIES;
  constructor(private readonly cfg: OllamaConfig) {
    this.id = cfg.id;
  }

  /** POST /api/show { model }: free, 404 "model not found" for a model that is not pulled. */
  preflight(opts: PreflightOptions): Promise<string | undefined> {
    const call: HttpCall = { provider: 'ollama', url: joinUrl(this.cfg.baseURL, 'api/show'), method: 'POST', body: { model: this.cfg.model }, ...(this.cfg.headers !== undefined ? { headers: this.cfg.headers } : {}) };
    return preflight({ call, id: this.id, model: this.cfg.model, addressFrom: 'providers.ollama.baseURL, OLLAMA_HOST, or the address in the model id' }, opts);
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const p = req.params ?? {};
    const warnings = checkParams('ollama', this.capabilities, p, {
      unsupported: { mirostat: 'accepts mirostat but no longer applies it (removed from its sampler)' },
    });
    const set = new Set(setParams(p));
    const options: Record<string, unknown> = {};
    if (set.has('temperature')) options.temperature = p.temperature;
    if (set.has('topP')) options.top_p = p.topP;
    if (set.has('topK')) options.top_k = p.topK;
    if (set.has('maxTokens')) options.num_predict = p.maxTokens;
    if (set.has('seed')) options.seed = p.seed;
    if (set.has('stop')) options.stop = p.stop;
    const body: Record<string, unknown> = {
      model: this.cfg.model,
      messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
      stream: true,
    };
    if (Object.keys(options).length > 0) body.options = options;
    if (set.has('jsonSchema') && p.jsonSchema !== undefined) body.format = p.jsonSchema.schema;
    if (this.cfg.keepAlive !== undefined) body.keep_alive = this.cfg.keepAlive;
    if (this.cfg.think !== undefined) body.think = this.cfg.think;
    const call: HttpCall = { provider: 'ollama', url: joinUrl(this.cfg.baseURL, 'api/chat'), body, ...(this.cfg.headers !== undefined ? { headers: this.cfg.headers } : {}) };
    const result = await this.cfg.scheduler.run('ollama', (signal) => this.stream({ ...call, signal }), {
      ...(req.signal !== undefined ? { signal: req.signal } : {}),
      ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}),
    });
    return { ...toAnswer('ollama', result, { ...(this.cfg.rawText === true ? { rawText: true } : {}), budgetFix: OLLAMA_BUDGET_FIX }, warnings), cached: false };
  }

  private async stream(call: HttpCall): Promise<ProviderAnswer> {
    const res = await open(call);
    let text = '';
    let thinking = '';
    for await (const line of readLines(res, call)) {
      if (line.trim() === '') continue;
      let msg: { message?: { content?: unknown; thinking?: unknown }; done?: unknown; done_reason?: unknown; prompt_eval_count?: unknown; eval_count?: unknown; error?: unknown };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        throw badShape('ollama', 'malformed JSON line in the stream');
      }
      if (typeof msg.error === 'string') throw badShape('ollama', `error in stream: ${msg.error}`);
      if (typeof msg.message?.content === 'string') text += msg.message.content;
      if (typeof msg.message?.thinking === 'string') thinking += msg.message.thinking;
      if (msg.done === true) {
        const out: ProviderAnswer = { content: text, reasoning: [thinking] };
        const finish = mapOllamaDone(msg.done_reason);
        if (finish !== undefined) out.finishReason = finish;
        if (finish === 'other') out.finishDetail = String(msg.done_reason);
        if (typeof msg.prompt_eval_count === 'number' || typeof msg.eval_count === 'number')
          out.usage = {
            inputTokens: typeof msg.prompt_eval_count === 'number' ? msg.prompt_eval_count : 0,
            outputTokens: typeof msg.eval_count === 'number' ? msg.eval_count : 0,
          };
        return out;
      }
    }
    throw badShape('ollama', 'the stream ended before "done": true');
  }
}
