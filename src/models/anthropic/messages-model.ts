/**
 * Anthropic Messages API (`POST {baseURL}/v1/messages`). No logprobs, logit bias or seed exist
 * in this API; JSON-schema output is not enforced here (warned). A final assistant message is
 * continued by the model (prefill), which is what step-wise decoding needs.
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { badShape, joinUrl, requestJson, type HttpCall } from '../http.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel, Warning } from '../types.js';
import { checkParams, otherWarning, setParams } from '../warnings.js';
import { samplingFields } from './one-sampler.js';

export const ANTHROPIC_VERSION = '2023-06-01';
/** the API requires max_tokens; used when the request sets none */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export const ANTHROPIC_CAPABILITIES: Capabilities = {
  logprobs: false,
  logitBias: false,
  seed: false,
  mirostat: false,
  stepwise: true,
  jsonSchema: false,
  embeddings: false,
};

export interface AnthropicConfig {
  id: string;
  model: string;
  baseURL: string;
  apiKey: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
}

export function mapAnthropicStop(r: unknown): GenerateResult['finishReason'] {
  if (r === 'end_turn' || r === 'stop_sequence') return 'stop';
  if (r === 'max_tokens') return 'length';
  if (r === 'refusal') return 'content-filter';
  return typeof r === 'string' ? 'other' : undefined;
}

export class AnthropicModel implements LanguageModel {
  readonly id: string;
  readonly version = 'messages/2023-06-01';
  readonly provider = 'anthropic';
  readonly capabilities = ANTHROPIC_CAPABILITIES;
  constructor(private readonly cfg: AnthropicConfig) {
    this.id = cfg.id;
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const p = req.params ?? {};
    const warnings: Warning[] = checkParams('anthropic', this.capabilities, p);
    const set = new Set(setParams(p));
    const system = req.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const body: Record<string, unknown> = {
      model: this.cfg.model,
      max_tokens: p.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
      messages: req.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: m.content })),
    };
    if (system.length > 0) body.system = system.join('\n\n');
    const sampling = samplingFields(this.cfg.model, set.has('temperature') ? p.temperature : undefined, set.has('topP') ? p.topP : undefined);
    Object.assign(body, sampling.fields);
    if (sampling.warning !== undefined) warnings.push(sampling.warning);
    if (set.has('topK')) body.top_k = p.topK;
    if (set.has('stop')) body.stop_sequences = p.stop;
    const call: HttpCall = {
      provider: 'anthropic',
      url: joinUrl(this.cfg.baseURL, 'v1/messages'),
      headers: { 'x-api-key': this.cfg.apiKey, 'anthropic-version': ANTHROPIC_VERSION, ...(this.cfg.headers ?? {}) },
      body,
      secrets: [this.cfg.apiKey],
      keyEnv: 'ANTHROPIC_API_KEY',
    };
    const json = (await this.cfg.scheduler.run('anthropic', (signal) => requestJson({ ...call, signal }), {
      ...(req.signal !== undefined ? { signal: req.signal } : {}),
      ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}),
    })) as { content?: { type?: unknown; text?: unknown }[]; stop_reason?: unknown; usage?: { input_tokens?: unknown; output_tokens?: unknown } };
    if (!Array.isArray(json?.content)) throw badShape('anthropic', 'no content array');
    const text = json.content
      .filter((b) => b.type === 'text')
      .map((b) => String(b.text ?? ''))
      .join('');
    const out: GenerateResult = { text, warnings, cached: false };
    const finish = mapAnthropicStop(json.stop_reason);
    if (finish !== undefined) out.finishReason = finish;
    if (json.stop_reason === 'refusal') warnings.push(otherWarning('anthropic: the model refused to answer'));
    const u = json.usage;
    if (u !== undefined && typeof u.input_tokens === 'number' && typeof u.output_tokens === 'number')
      out.usage = { inputTokens: u.input_tokens, outputTokens: u.output_tokens };
    return out;
  }
}
