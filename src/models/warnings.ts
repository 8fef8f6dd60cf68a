/**
 * `unsupported-setting` warnings: a decoding setting a model cannot honour is reported on the
 * result (and from there in the report), never silently dropped.
 */
import type { Capabilities, GenerateParams, Warning } from './types.js';

export function unsupported(setting: string, message: string): Warning {
  return { type: 'unsupported-setting', setting, message };
}

export function otherWarning(message: string): Warning {
  return { type: 'other', message };
}

/** Every GenerateParams key, so checks cannot forget one. */
export const PARAM_KEYS = [
  'temperature',
  'topP',
  'topK',
  'maxTokens',
  'seed',
  'stop',
  'logprobs',
  'logitBias',
  'mirostat',
  'jsonSchema',
] as const satisfies readonly (keyof GenerateParams)[];

export type ParamKey = (typeof PARAM_KEYS)[number];

/** Which params are set (not undefined; empty stop lists / empty bias maps count as unset). */
export function setParams(params: GenerateParams | undefined): ParamKey[] {
  if (params === undefined) return [];
  return PARAM_KEYS.filter((k) => {
    const v = params[k];
    if (v === undefined) return false;
    if (k === 'stop') return Array.isArray(v) && v.length > 0;
    if (k === 'logitBias') {
      const b = v as NonNullable<GenerateParams['logitBias']>;
      return Object.keys(b.byTokenId ?? {}).length + Object.keys(b.byString ?? {}).length > 0;
    }
    return true;
  });
}

interface CheckOptions {
  /** params this provider never sends, with the reason shown to the user */
  unsupported?: Partial<Record<ParamKey, string>>;
}

/**
 * Warnings for the params that `caps` (plus the provider's own `unsupported` list) say are not
 * honoured. Logprobs above the model's maximum are clamped, with a warning.
 */
export function checkParams(provider: string, caps: Capabilities, params: GenerateParams | undefined, opts: CheckOptions = {}): Warning[] {
  const out: Warning[] = [];
  if (params === undefined) return out;
  const set = new Set(setParams(params));
  for (const [key, why] of Object.entries(opts.unsupported ?? {}) as [ParamKey, string][]) {
    if (set.has(key)) {
      out.push(unsupported(key, `${provider} ${why}; ${key} was not applied`));
      set.delete(key);
    }
  }
  if (set.has('logprobs') && params.logprobs !== undefined) {
    if (caps.logprobs === false) out.push(unsupported('logprobs', `${provider} does not return token logprobs; logprobs were not returned`));
    else if (params.logprobs > caps.logprobs.maxTopK)
      out.push(unsupported('logprobs', `${provider} returns at most ${caps.logprobs.maxTopK} alternatives per token; logprobs=${params.logprobs} was clamped to ${caps.logprobs.maxTopK}`));
  }
  if (set.has('logitBias') && params.logitBias !== undefined) {
    const hasIds = Object.keys(params.logitBias.byTokenId ?? {}).length > 0;
    const hasStrings = Object.keys(params.logitBias.byString ?? {}).length > 0;
    const byId = caps.logitBias === 'token-id' || caps.logitBias === 'both';
    const byString = caps.logitBias === 'string' || caps.logitBias === 'both';
    if (hasIds && !byId) out.push(unsupported('logitBias.byTokenId', `${provider} does not support logit bias by token id; it was not applied`));
    if (hasStrings && !byString) out.push(unsupported('logitBias.byString', `${provider} does not support logit bias by string; it was not applied`));
  }
  if (set.has('seed') && !caps.seed) out.push(unsupported('seed', `${provider} does not support a sampling seed; outputs are not reproducible`));
  if (set.has('mirostat') && !caps.mirostat) out.push(unsupported('mirostat', `${provider} does not support mirostat sampling; it was not applied`));
  if (set.has('jsonSchema') && !caps.jsonSchema)
    out.push(unsupported('jsonSchema', `${provider} does not enforce a JSON schema on its output; the answer may not match it`));
  return out;
}

/** The number of top alternatives to request: params.logprobs clamped to the model's maximum. */
export function clampTopK(caps: Capabilities, k: number | undefined): number | undefined {
  if (k === undefined || caps.logprobs === false) return undefined;
  return Math.max(0, Math.min(Math.floor(k), caps.logprobs.maxTopK));
}
