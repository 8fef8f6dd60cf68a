/**
 * Anthropic Messages API (`POST {baseURL}/v1/messages`). No logprobs, logit bias or seed exist
 * in this API; JSON-schema output is not enforced here (warned). A final assistant message is
 * continued by the model (prefill), which is what step-wise decoding needs.
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { toAnswer } from '../answer.js';
import { badShape, joinUrl, requestJson, type HttpCall } from '../http.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel, Warning } from '../types.js';
import { checkParams, otherWarning, setParams, unsupported } from '../warnings.js';
import { samplingFields } from './one-sampler.js';
import { preflight, type PreflightOptions } from '../preflight.js';
import { ANTHROPIC_DEFAULT_MAX_TOKENS } from './manifest.js';

const ANTHROPIC_VERSION = '2023-06-01';

export const ANTHROPIC_CAPABILITIES: Capabilities = {
  logprobs: false,
  logitBias: false,
  seed: false,
  mirostat: false,
  stepwise: true,
  jsonSchema: false,
  embeddings: false,
};

interface AnthropicConfig {
  id: string;
  model: string;
  baseURL: string;
  apiKey: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
  /** extended thinking: `thinking: { type: 'enabled', budget_tokens }` (at least 1024, less than max_tokens) */
  thinkingBudget?: number;
  /** keep the text as sent: no <thinking> block taken out of the answer */
  rawText?: boolean;
}

/** The smallest thinking budget the API accepts. */
export const ANTHROPIC_MIN_THINKING_BUDGET = 1024;

function mapAnthropicStop(r: unknown): GenerateResult['finishReason'] {
  if (r === 'end_turn' || r === 'stop_sequence') return 'stop';
  if (r === 'max_tokens') return 'length';
  if (r === 'refusal') return 'refusal';
  return typeof r === 'string' ? 'other' : undefined;
}

type Block = { type?: unknown; text?: unknown; thinking?: unknown; data?: unknown };

/** Thinking blocks are reasoning; a redacted one (encrypted by the API) is counted, its content unknown. */
function thinkingOf(blocks: Block[]): string[] {
  return blocks.map((b) => (b.type === 'thinking' ? String(b.thinking ?? '') : b.type === 'redacted_thinking' ? '[redacted thinking]' : '')).filter((t) => t !== '');
}

export class AnthropicModel implements LanguageModel {
  readonly id: string;
  readonly version = 'messages/2023-06-01';
  readonly provider = 'anthropic';
  readonly capabilities = ANTHROPIC_CAPABILITIES;
  constructor(private readonly cfg: AnthropicConfig) {
    this.id = cfg.id;
  }

  /** GET /v1/models/{model}: free, 404 for a model id Anthropic does not know. */
  preflight(opts: PreflightOptions): Promise<string | undefined> {
    const call: HttpCall = {
      provider: 'anthropic',
      url: joinUrl(this.cfg.baseURL, `v1/models/${encodeURIComponent(this.cfg.model)}`),
      headers: { 'x-api-key': this.cfg.apiKey, 'anthropic-version': ANTHROPIC_VERSION, ...(this.cfg.headers ?? {}) },
      secrets: [this.cfg.apiKey],
      keyEnv: 'ANTHROPIC_API_KEY',
    };
    return preflight({ call, id: this.id, model: this.cfg.model, addressFrom: 'providers.anthropic.baseURL' }, opts);
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
    if (this.cfg.thinkingBudget !== undefined) {
      // extended thinking samples at the API's own temperature and top-k (the API refuses both)
      for (const [key, wire] of [['temperature', 'temperature'], ['topK', 'top_k']] as const) {
        if (body[wire] === undefined) continue;
        delete body[wire];
        warnings.push(unsupported(key, `anthropic: extended thinking (thinkingBudget) accepts no ${wire}; ${key} was not applied`));
      }
    }
    if (set.has('stop')) body.stop_sequences = p.stop;
    const budget = this.cfg.thinkingBudget;
    if (budget !== undefined) {
      // the API refuses a budget that is not below max_tokens: raise max_tokens to fit it, and say so
      const max = body.max_tokens as number;
      if (budget >= max) {
        body.max_tokens = budget + max;
        warnings.push(otherWarning(`anthropic: thinkingBudget ${budget} is not below maxTokens ${max}; max_tokens was raised to ${budget + max} (the budget plus the answer's ${max})`));
      }
      body.thinking = { type: 'enabled', budget_tokens: budget };
    }
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
    })) as { content?: Block[]; stop_reason?: unknown; usage?: { input_tokens?: unknown; output_tokens?: unknown } };
    if (!Array.isArray(json?.content)) throw badShape('anthropic', 'no content array');
    const text = json.content
      .filter((b) => b.type === 'text')
      .map((b) => String(b.text ?? ''))
      .join('');
    const finish = mapAnthropicStop(json.stop_reason);
    const u = json.usage;
    const result = toAnswer('anthropic', {
      content: text,
      reasoning: thinkingOf(json.content),
      ...(finish !== undefined ? { finishReason: finish } : {}),
      ...(finish === 'other' ? { finishDetail: String(json.stop_reason) } : {}),
      ...(u !== undefined && typeof u.input_tokens === 'number' && typeof u.output_tokens === 'number' ? { usage: { inputTokens: u.input_tokens, outputTokens: u.output_tokens } } : {}),
    }, {
      ...(this.cfg.rawText === true ? { rawText: true } : {}),
      budgetFix: 'raise generation.maxTokens, or lower the thinking budget (models[].options.thinkingBudget)',
    }, warnings);
    return { ...result, cached: false };
  }
}
