/**
 * What a provider's non-2xx answer means for the user, read from the status and the error body
 * the provider documents: whether retrying can help, the exit code, and what to change.
 *
 * - A 429 is normally a rate limit that clears within a minute (retried). But OpenAI's
 *   `insufficient_quota` family (no credit left, a spend or usage limit reached) and a Gemini
 *   quota counted per day (`QuotaFailure` violation whose `quotaId` says `PerDay`) cannot clear
 *   while the run waits: they end the run at once with the provider's own message (exit 4,
 *   finished work stored). So does Anthropic's "credit balance is too low" (sent as a 400).
 * - A 404, or a body that says the model does not exist, means the model id (or base URL) is
 *   wrong: exit 2, the config must change.
 * - A 400/422 that names a parameter (OpenAI `param`, or a setting named in the message) is a
 *   setting the model refuses: exit 2, naming the setting.
 * - A request longer than the model's context is about the record, not the config: exit 4 with
 *   that said (the record's text is the input, not a setting to change).
 *
 * Only for calls to model providers: a news page's 404 (datasets) is not a model id problem.
 */
import { EXIT } from '../core/errors.js';

interface StatusAdvice {
  /** false: retrying cannot help, even for a status that is usually retried (429) */
  retryable?: false;
  exitCode: number;
  hint: string;
  /** the request is longer than the model's context: the record's problem (the run records it and goes on) */
  contextOverflow?: true;
}

const MODEL_PROVIDERS = new Set(['openai', 'anthropic', 'gemini', 'ollama', 'llamacpp', 'openai-compatible']);

/** OpenAI's error codes for an account that cannot pay: retrying does not restore access. */
const OPENAI_QUOTA_CODES = new Set(['insufficient_quota', 'credit_balance_exhausted', 'organization_spend_limit_exceeded', 'project_spend_limit_exceeded', 'organization_usage_limit_exceeded']);

const RESUME = 'finished work is stored; continue with `slant run --resume`';

/** Settings slant sends under these wire names (OpenAI, Anthropic, Gemini, Ollama, llama.cpp), by the option a user writes. */
const SETTING_NAMES: readonly [RegExp, string][] = [
  [/\btop_?p\b|\btopP\b/i, 'topP'],
  [/\btemperature\b/i, 'temperature'],
  [/\btop_?k\b|\btopK\b/i, 'topK'],
  [/\bmax_(?:completion_)?tokens\b|\bmaxOutputTokens\b|\bnum_predict\b|\bn_predict\b/i, 'maxTokens'],
  [/\blogit_bias\b/i, 'logitBias'],
  [/\b(?:top_)?logprobs\b|\bresponseLogprobs\b/i, 'logprobs'],
  [/\bseed\b/i, 'seed'],
  [/\bresponse_format\b|\bresponseJsonSchema\b|\bresponseSchema\b/i, 'jsonSchema'],
  [/\bstop_sequences\b|\bstopSequences\b|['"`]stop['"`]/i, 'stop'],
  [/\bfrequency_penalty\b|\bfrequencyPenalty\b/i, 'frequencyPenalty'],
  [/\bpresence_penalty\b|\bpresencePenalty\b/i, 'presencePenalty'],
  [/\breasoning_effort\b|\bthinking\b|\bthinkingConfig\b/i, 'reasoning'],
];

interface ErrorBody {
  message?: unknown;
  type?: unknown;
  code?: unknown;
  param?: unknown;
  status?: unknown;
  details?: unknown;
}

function errorObject(json: unknown): ErrorBody {
  const top = (json as { error?: unknown } | null) ?? {};
  if (typeof top.error === 'object' && top.error !== null) return top.error as ErrorBody;
  return top as ErrorBody;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A Gemini quota counted per day (it resets at midnight Pacific time, not within a run). */
function geminiDailyQuota(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const d of details as { violations?: unknown; metadata?: unknown }[]) {
    const violations = Array.isArray(d?.violations) ? (d.violations as { quotaId?: unknown; quotaValue?: unknown }[]) : [];
    for (const v of violations) {
      const id = str(v?.quotaId);
      if (id !== undefined && /per ?day/i.test(id)) return str(v.quotaValue) !== undefined ? `${id}, limit ${String(v.quotaValue)}` : id;
    }
    const limit = str((d?.metadata as { quota_limit?: unknown } | undefined)?.quota_limit);
    if (limit !== undefined && /per ?day/i.test(limit)) return limit;
  }
  return undefined;
}

function quotaAdvice(status: number, err: ErrorBody, message: string): StatusAdvice | undefined {
  const code = str(err.code);
  const type = str(err.type);
  if (status === 429 && ((code !== undefined && OPENAI_QUOTA_CODES.has(code)) || (type !== undefined && OPENAI_QUOTA_CODES.has(type)))) {
    return { retryable: false, exitCode: EXIT.provider, hint: `the account has no quota left (${code ?? type}): waiting cannot clear it. Add credit or raise the spend limit in the provider's billing settings; ${RESUME}` };
  }
  // the quota's id names its period; without details, the message may ("… Requests per day per user …")
  const daily = status === 429 ? (geminiDailyQuota(err.details) ?? (str(err.status) === 'RESOURCE_EXHAUSTED' ? /'([^']*per day[^']*)'/i.exec(message)?.[1] : undefined)) : undefined;
  if (daily !== undefined) {
    return { retryable: false, exitCode: EXIT.provider, hint: `a daily quota is used up (${daily}): it resets the next day, not within this run. Wait for the reset or raise the quota (a paid tier); ${RESUME}` };
  }
  if (status === 400 && /credit balance is too low/i.test(message)) {
    return { retryable: false, exitCode: EXIT.provider, hint: `the account has no credit left: add credit in the provider's billing settings; ${RESUME}` };
  }
  return undefined;
}

function modelNotFound(status: number, err: ErrorBody, message: string): boolean {
  const code = str(err.code) ?? '';
  const type = str(err.type) ?? '';
  if (code === 'model_not_found' || type === 'not_found_error') return true;
  if (/\bmodel\b.*\b(?:not found|does not exist|is not supported for generateContent)|\bnot found\b.*\bmodel\b|try pulling it/i.test(message)) return true;
  return status === 404;
}

function contextTooLong(err: ErrorBody, message: string): boolean {
  return str(err.code) === 'context_length_exceeded' || str(err.type) === 'exceed_context_size_error' || /maximum context length|context (?:length|window|size)|prompt is too long|input token count.*exceeds|too many tokens/i.test(message);
}

/** The options the provider's message (or OpenAI's `param`) names, as slant.yaml spells them. */
function namedSettings(err: ErrorBody, message: string): string[] {
  const text = `${str(err.param) ?? ''} ${message}`;
  return SETTING_NAMES.filter(([re]) => re.test(text)).map(([, name]) => name);
}

/** Advice for a non-2xx answer of a model provider (undefined: nothing beyond the default). */
export function adviseStatus(provider: string, status: number, json: unknown, message: string, model?: string): StatusAdvice | undefined {
  if (!MODEL_PROVIDERS.has(provider)) return undefined;
  const err = errorObject(json);
  const quota = quotaAdvice(status, err, message);
  if (quota !== undefined) return quota;
  if (status !== 400 && status !== 404 && status !== 422) return undefined;
  if (contextTooLong(err, message)) {
    return { contextOverflow: true, exitCode: EXIT.provider, hint: `a request is longer than the model's context window: use a model with a longer context, or shorter records (the record size limit in slant.yaml); ${RESUME}` };
  }
  if (modelNotFound(status, err, message)) {
    const pull = provider === 'ollama' ? ` or pull it first (\`ollama pull ${model ?? '<model>'}\`)` : '';
    const which = model !== undefined ? ` "${model}"` : '';
    return { exitCode: EXIT.usage, hint: `${provider} does not know the model${which}: check the model id in slant.yaml (models[].id, judges) and the provider's baseURL${pull}, then run again` };
  }
  const settings = namedSettings(err, message);
  if (settings.length > 0) {
    const which = settings.map((s) => `\`${s}\``).join(' and ');
    return { exitCode: EXIT.usage, hint: `the model refuses the setting ${which}: remove or change it for this model in slant.yaml (models[].options, or the probe or mitigation that sets it), then run again` };
  }
  return { exitCode: EXIT.usage, hint: `${provider} refused the request as invalid (HTTP ${status}), and sending it again cannot help: check the model's options in slant.yaml against the provider's documentation, then run again` };
}
