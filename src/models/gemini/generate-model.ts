/**
 * Gemini API `models/{model}:generateContent` (`POST {baseURL}/v1beta/models/{model}:generateContent`).
 * Seed, logprobs (responseLogprobs + logprobs ≤ 20; some models only) and JSON-schema output
 * (responseMimeType application/json + responseJsonSchema, which takes plain JSON Schema). No
 * logit bias, no mirostat.
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { badShape, joinUrl, requestJson, type HttpCall } from '../http.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel, TokenLogprob } from '../types.js';
import { checkParams, clampTopK, otherWarning, setParams } from '../warnings.js';

export const GEMINI_CAPABILITIES: Capabilities = {
  logprobs: { maxTopK: 20 },
  logitBias: false,
  seed: true,
  mirostat: false,
  stepwise: false,
  jsonSchema: true,
  embeddings: false,
};

export interface GeminiConfig {
  id: string;
  model: string;
  baseURL: string;
  apiKey: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
}

export function mapGeminiFinish(r: unknown): GenerateResult['finishReason'] {
  if (r === 'STOP') return 'stop';
  if (r === 'MAX_TOKENS') return 'length';
  if (r === 'SAFETY' || r === 'RECITATION' || r === 'BLOCKLIST' || r === 'PROHIBITED_CONTENT' || r === 'SPII') return 'content-filter';
  return typeof r === 'string' ? 'other' : undefined;
}

interface GeminiCandidateLp {
  token?: unknown;
  logProbability?: unknown;
}

export function parseGeminiLogprobs(result: unknown): TokenLogprob[] | undefined {
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
    const out: GenerateResult = { text: '', warnings, cached: false };
    const u = json?.usageMetadata;
    if (u !== undefined && typeof u.promptTokenCount === 'number')
      out.usage = {
        inputTokens: u.promptTokenCount,
        outputTokens: (typeof u.candidatesTokenCount === 'number' ? u.candidatesTokenCount : 0) + (typeof u.thoughtsTokenCount === 'number' ? u.thoughtsTokenCount : 0),
      };
    const cand = json?.candidates?.[0];
    if (cand === undefined) {
      if (json?.promptFeedback?.blockReason !== undefined) {
        warnings.push(otherWarning(`gemini: the prompt was blocked (${String(json.promptFeedback.blockReason)})`));
        out.finishReason = 'content-filter';
        return out;
      }
      throw badShape('gemini', 'no candidates');
    }
    out.text = (cand.content?.parts ?? [])
      .filter((part) => part.thought !== true)
      .map((part) => String(part.text ?? ''))
      .join('');
    const finish = mapGeminiFinish(cand.finishReason);
    if (finish !== undefined) out.finishReason = finish;
    const lp = parseGeminiLogprobs(cand.logprobsResult);
    if (lp !== undefined) out.logprobs = lp;
    else if (k !== undefined) warnings.push(otherWarning(`gemini: "${this.cfg.model}" returned no logprobs (not every Gemini model supports them)`));
    return out;
  }
}
