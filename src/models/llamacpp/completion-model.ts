/**
 * llama.cpp server, native API: the chat is rendered with the server's own template
 * (`POST /apply-template`), then completed with `POST /completion`, which exposes what the
 * OpenAI-style route hides: mirostat 1/2 with tau and eta, logit bias by token id AND by string,
 * n_probs (top-N logprobs per token) and JSON-schema-constrained sampling. A final assistant
 * message is prefilled by the template, so step-wise decoding works (maxTokens 1 + logprobs).
 */
import type { Scheduler } from '../../runtime/scheduler.js';
import { REASONING_TAGS, toAnswer, type ProviderAnswer } from '../answer.js';
import { badShape, joinUrl, requestJson, type HttpCall } from '../http.js';
import { mirostatTemperature } from '../stepwise.js';
import type { Capabilities, GenerateRequest, GenerateResult, LanguageModel, TokenLogprob } from '../types.js';
import { checkParams, clampTopK, otherWarning, setParams } from '../warnings.js';
import { preflight, type PreflightOptions } from '../preflight.js';

export const LLAMACPP_CAPABILITIES: Capabilities = {
  logprobs: { maxTopK: 100 },
  logitBias: 'both',
  seed: true,
  mirostat: true,
  stepwise: true,
  jsonSchema: true,
  embeddings: true,
};

interface LlamaCppConfig {
  id: string;
  baseURL: string;
  apiKey?: string;
  headers?: Record<string, string>;
  scheduler: Scheduler;
  timeoutMs?: number;
  /** keep the completion text as sent: no <think> block taken out of the answer */
  rawText?: boolean;
}

/**
 * The opening reasoning tag a chat template pre-fills at the end of the prompt (DeepSeek-R1's ends
 * with "<think>\n"): the completion then starts inside the block.
 */
function prefilledTag(prompt: string): string | undefined {
  const end = prompt.trimEnd().toLowerCase();
  return REASONING_TAGS.find((t) => end.endsWith(`<${t}>`));
}

function mapLlamaStop(stopType: unknown, truncated: unknown): GenerateResult['finishReason'] {
  if (stopType === 'eos' || stopType === 'word') return 'stop';
  if (stopType === 'limit' || truncated === true) return 'length';
  return typeof stopType === 'string' ? 'other' : undefined;
}

interface WireProb {
  token?: unknown;
  logprob?: unknown;
  prob?: unknown;
  top_logprobs?: WireProb[];
  top_probs?: WireProb[];
  // pre-2025 format
  content?: unknown;
  probs?: { tok_str?: unknown; prob?: unknown }[];
}

/** Both the current format ({token, logprob, top_logprobs}) and the old one ({content, probs:[{tok_str, prob}]}). */
export function parseLlamaProbs(list: unknown): TokenLogprob[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return (list as WireProb[]).map((p) => {
    if (p.probs !== undefined) {
      const top = p.probs.map((a) => ({ token: String(a.tok_str ?? ''), logprob: Math.log(Number(a.prob)) }));
      const token = String(p.content ?? '');
      const chosen = top.find((t) => t.token === token);
      return { token, logprob: chosen?.logprob ?? NaN, top };
    }
    const lp = (x: WireProb): number => (typeof x.logprob === 'number' ? x.logprob : Math.log(Number(x.prob)));
    const t: TokenLogprob = { token: String(p.token ?? ''), logprob: lp(p) };
    const alts = p.top_logprobs ?? p.top_probs;
    if (Array.isArray(alts)) t.top = alts.map((a) => ({ token: String(a.token ?? ''), logprob: lp(a) }));
    return t;
  });
}

export class LlamaCppModel implements LanguageModel {
  readonly id: string;
  readonly version = 'completion/1';
  readonly provider = 'llamacpp';
  readonly capabilities = LLAMACPP_CAPABILITIES;
  constructor(private readonly cfg: LlamaCppConfig) {
    this.id = cfg.id;
  }

  /** GET /health: free; the server serves the one model it was started with, so only the address and the key are checked. */
  preflight(opts: PreflightOptions): Promise<string | undefined> {
    const call: HttpCall = {
      provider: 'llamacpp',
      url: joinUrl(this.cfg.baseURL, 'health'),
      headers: { ...(this.cfg.apiKey !== undefined ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}), ...(this.cfg.headers ?? {}) },
      secrets: [this.cfg.apiKey],
      keyEnv: 'LLAMACPP_API_KEY',
    };
    return preflight({ call, id: this.id, model: this.id, addressFrom: 'providers.llamacpp.baseURL, or the address in the model id' }, opts);
  }

  private call(path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    const call: HttpCall = {
      provider: 'llamacpp',
      url: joinUrl(this.cfg.baseURL, path),
      headers: { ...(this.cfg.apiKey !== undefined ? { authorization: `Bearer ${this.cfg.apiKey}` } : {}), ...(this.cfg.headers ?? {}) },
      body,
      signal,
      secrets: [this.cfg.apiKey],
      keyEnv: 'LLAMACPP_API_KEY',
    };
    return requestJson(call);
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    const p = req.params ?? {};
    const warnings = checkParams('llamacpp', this.capabilities, p);
    const set = new Set(setParams(p));
    const body: Record<string, unknown> = { cache_prompt: true };
    if (set.has('temperature')) body.temperature = p.temperature;
    if (set.has('topP')) body.top_p = p.topP;
    if (set.has('topK')) body.top_k = p.topK;
    if (set.has('maxTokens')) body.n_predict = p.maxTokens;
    if (set.has('seed')) body.seed = p.seed;
    if (set.has('stop')) body.stop = p.stop;
    if (p.mirostat !== undefined) {
      if (typeof body.temperature === 'number' && body.temperature <= 0) {
        warnings.push(otherWarning(`llamacpp: mirostat at temperature ${body.temperature} would be greedy decoding (llama.cpp applies the temperature first); sent temperature 1`));
        body.temperature = mirostatTemperature(body.temperature);
      }
      body.mirostat = p.mirostat.mode;
      body.mirostat_tau = p.mirostat.tau;
      body.mirostat_eta = p.mirostat.eta;
    }
    if (set.has('logitBias') && p.logitBias !== undefined) {
      const pairs: [string | number, number][] = [];
      for (const [id, b] of Object.entries(p.logitBias.byTokenId ?? {})) pairs.push([Number(id), b]);
      for (const [s, b] of Object.entries(p.logitBias.byString ?? {})) pairs.push([s, b]);
      body.logit_bias = pairs;
    }
    const k = clampTopK(this.capabilities, p.logprobs);
    if (k !== undefined) body.n_probs = Math.max(1, k);
    if (p.jsonSchema !== undefined) body.json_schema = p.jsonSchema.schema;
    const messages = req.messages.map((m) => ({ role: m.role, content: m.content }));
    let opened: string | undefined;
    const json = (await this.cfg.scheduler.run(
      'llamacpp',
      async (signal) => {
        const tpl = (await this.call('apply-template', { messages }, signal)) as { prompt?: unknown };
        if (typeof tpl?.prompt !== 'string') throw badShape('llamacpp', '/apply-template returned no prompt');
        opened = prefilledTag(tpl.prompt);
        return this.call('completion', { ...body, prompt: tpl.prompt }, signal);
      },
      { ...(req.signal !== undefined ? { signal: req.signal } : {}), ...(this.cfg.timeoutMs !== undefined ? { timeoutMs: this.cfg.timeoutMs } : {}) },
    )) as {
      content?: unknown;
      stop_type?: unknown;
      truncated?: unknown;
      tokens_evaluated?: unknown;
      tokens_predicted?: unknown;
      completion_probabilities?: unknown;
    };
    if (typeof json?.content !== 'string') throw badShape('llamacpp', '/completion returned no content');
    // the native completion is the raw text: reasoning, if the model writes any, is in it
    const answer: ProviderAnswer = { content: json.content };
    const finish = mapLlamaStop(json.stop_type, json.truncated);
    if (finish !== undefined) answer.finishReason = finish;
    if (typeof json.tokens_evaluated === 'number' && typeof json.tokens_predicted === 'number')
      answer.usage = { inputTokens: json.tokens_evaluated, outputTokens: json.tokens_predicted };
    if (k !== undefined) {
      let lp = parseLlamaProbs(json.completion_probabilities);
      if (lp !== undefined && k === 0) lp = lp.map((t) => ({ token: t.token, logprob: t.logprob }));
      if (lp !== undefined) answer.logprobs = lp;
    }
    const opts = {
      ...(this.cfg.rawText === true ? { rawText: true } : {}),
      ...(opened !== undefined ? { openedTag: opened } : {}),
      budgetFix: 'raise generation.maxTokens (n_predict), or use a template that switches thinking off',
    };
    return { ...toAnswer('llamacpp', answer, opts, warnings), cached: false };
  }
}
