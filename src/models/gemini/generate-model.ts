/**
 * Gemini API `models/{model}:generateContent` (`POST {baseURL}/v1beta/models/{model}:generateContent`).
 * Seed, logprobs (responseLogprobs + logprobs ≤ 20; some models only) and JSON-schema output
 * (responseMimeType application/json + responseJsonSchema, which takes plain JSON Schema). No
 * logit bias, no mirostat.
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { toAnswer, type ProviderAnswer } from '../answer.js';
import { badShape, joinUrl, requestJson, type HttpCall } from '../http.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel, TokenLogprob } from '../types.js';
import { checkParams, clampTopK, otherWarning, setParams } from '../warnings.js';
import { preflight, type PreflightOptions } from '../preflight.js';

export const GEMINI_CAPABILITIES: Capabilities = {
  logprobs: { maxTopK: 20 },
  logitBias: false,
  seed: true,
  mirostat: false,
  stepwise: false,
  jsonSchema: true,
  embeddings: false,
};

interface GeminiConfig {
  id: string;
  model: string;
  baseURL: string;
  apiKey: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
  /** generationConfig.thinkingConfig.thinkingBudget (0 switches thinking off where the model allows, -1 lets the model choose) */
  thinkingBudget?: number;
  /** keep the text as sent: no <think> block taken out of the answer */
  rawText?: boolean;
}

/** Finish reasons by which the API withholds or stops an answer for its content. */
const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);

function mapGeminiFinish(r: unknown): GenerateResult['finishReason'] {
  if (r === 'STOP') return 'stop';
  if (r === 'MAX_TOKENS') return 'length';
  if (typeof r === 'string' && FILTERED.has(r)) return 'content-filter';
  return typeof r === 'string' ? 'other' : undefined;
}

interface GeminiCandidateLp {
  token?: unknown;
  logProbability?: unknown;
}

function parseGeminiLogprobs(result: unknown): TokenLogprob[] | undefined {
  const r = result as { chosenCandidates?: GeminiCandidateLp[]; topCandidates?: { candidates?: GeminiCandidateLp[] }[] } | undefined;
  if (r === undefined || !Array.isArray(r.chosenCandidates)) return undefined;
  return r.chosenCandidates.map((c, i) => {
    const t: TokenLogprob = { token: String(c.token ?? ''), logprob: Number(c.logProbability ?? NaN) };
    const top = r.topCandidates?.[i]?.candidates;
    if (Array.isArray(top)) t.top = top.map((a) => ({ token: String(a.token ?? ''), logprob: Number(a.logProbability ?? NaN) }));
    return t;
  });
}

export class GeminiModel implements LanguageModel {
  readonly id: string;
  readonly version = 'generate-content/v1beta';
  readonly provider = 'gemini';
  readonly capabilities = GEMINI_CAPABILITIES;
  constructor(private readonly cfg: GeminiConfig) {
    this.id = cfg.id;
  }

  /** GET /v1beta/models/{model}: free, 404 for a model id Gemini does not know. */
  preflight(opts: PreflightOptions): Promise<string | undefined> {
    const call: HttpCall = {
      provider: 'gemini',
      url: joinUrl(this.cfg.baseURL, `v1beta/models/${encodeURIComponent(this.cfg.model)}`),
      headers: { 'x-goog-api-key': this.cfg.apiKey, ...(this.cfg.headers ?? {}) },
      secrets: [this.cfg.apiKey],
      keyEnv: 'GEMINI_API_KEY',
    };
    return preflight({ call, id: this.id, model: this.cfg.model, addressFrom: 'providers.gemini.baseURL' }, opts);
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const p = req.params ?? {};
    const warnings = checkParams('gemini', this.capabilities, p);
    const set = new Set(setParams(p));
    const system = req.messages.filter((m) => m.role === 'system').map((m) => m.content);
    const body: Record<string, unknown> = {
      contents: req.messages
        .filter((m) => m.role !== 'system')
        .map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] })),
    };
    if (system.length > 0) body.systemInstruction = { parts: [{ text: system.join('\n\n') }] };
    const gc: Record<string, unknown> = {};
    if (set.has('temperature')) gc.temperature = p.temperature;
    if (set.has('topP')) gc.topP = p.topP;
    if (set.has('topK')) gc.topK = p.topK;
    if (set.has('maxTokens')) gc.maxOutputTokens = p.maxTokens;
    if (set.has('seed')) gc.seed = p.seed;
    if (set.has('stop')) gc.stopSequences = p.stop;
    const k = clampTopK(this.capabilities, p.logprobs);
    if (k !== undefined) {
      gc.responseLogprobs = true;
      if (k > 0) gc.logprobs = k;
    }
    if (set.has('jsonSchema') && p.jsonSchema !== undefined) {
      gc.responseMimeType = 'application/json';
      gc.responseJsonSchema = p.jsonSchema.schema;
    }
    if (this.cfg.thinkingBudget !== undefined) gc.thinkingConfig = { thinkingBudget: this.cfg.thinkingBudget };
    if (Object.keys(gc).length > 0) body.generationConfig = gc;
    const call: HttpCall = {
      provider: 'gemini',
      url: joinUrl(this.cfg.baseURL, `v1beta/models/${encodeURIComponent(this.cfg.model)}:generateContent`),
      headers: { 'x-goog-api-key': this.cfg.apiKey, ...(this.cfg.headers ?? {}) },
      body,
      secrets: [this.cfg.apiKey],
      keyEnv: 'GEMINI_API_KEY',
    };
    const json = (await this.cfg.scheduler.run('gemini', (signal) => requestJson({ ...call, signal }), {
      ...(req.signal !== undefined ? { signal: req.signal } : {}),
      ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}),
    })) as {
      candidates?: { content?: { parts?: { text?: unknown; thought?: unknown }[] }; finishReason?: unknown; logprobsResult?: unknown }[];
      usageMetadata?: { promptTokenCount?: unknown; candidatesTokenCount?: unknown; thoughtsTokenCount?: unknown };
      promptFeedback?: { blockReason?: unknown };
    };
    const u = json?.usageMetadata;
    const answer: ProviderAnswer = { content: '' };
    if (u !== undefined && typeof u.promptTokenCount === 'number') {
      const thoughts = typeof u.thoughtsTokenCount === 'number' ? u.thoughtsTokenCount : 0;
      answer.usage = { inputTokens: u.promptTokenCount, outputTokens: (typeof u.candidatesTokenCount === 'number' ? u.candidatesTokenCount : 0) + thoughts };
      if (thoughts > 0) answer.usage.reasoningTokens = thoughts;
    }
    const opts = {
      ...(this.cfg.rawText === true ? { rawText: true } : {}),
      budgetFix: 'raise generation.maxTokens, or lower the thinking budget (models[].options.thinkingBudget; 0 switches thinking off on models that allow it)',
    };
    const cand = json?.candidates?.[0];
    if (cand === undefined) {
      const blocked = json?.promptFeedback?.blockReason;
      if (blocked !== undefined) return { ...toAnswer('gemini', { ...answer, finishReason: 'content-filter', finishDetail: `prompt: ${String(blocked)}` }, opts, warnings), cached: false };
      throw badShape('gemini', 'no candidates');
    }
    // a candidate stopped while thinking may have no parts at all
    const parts = cand.content?.parts ?? [];
    answer.content = parts.filter((part) => part.thought !== true).map((part) => String(part.text ?? '')).join('');
    answer.reasoning = parts.filter((part) => part.thought === true).map((part) => String(part.text ?? ''));
    const finish = mapGeminiFinish(cand.finishReason);
    if (finish !== undefined) answer.finishReason = finish;
    if (finish === 'content-filter' || finish === 'other') answer.finishDetail = String(cand.finishReason);
    const lp = parseGeminiLogprobs(cand.logprobsResult);
    if (lp !== undefined) answer.logprobs = lp;
    else if (k !== undefined) warnings.push(otherWarning(`gemini: "${this.cfg.model}" returned no logprobs (not every Gemini model supports them)`));
    return { ...toAnswer('gemini', answer, opts, warnings), cached: false };
  }
}
