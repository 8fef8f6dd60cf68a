import { UserError } from '../core/errors.js';
import { toAnswer } from './answer.js';
import { checkParams } from './warnings.js';
import { NO_CAPABILITIES, type Capabilities, type ChatMessage, type GenerateParams, type GenerateResult, type LanguageModel } from './types.js';

/** What a model function returns: the answer's text, or the text with the tokens it used (then it is costed). */
export type ModelFunctionAnswer = string | { text: string; usage?: { inputTokens: number; outputTokens: number } };

/** A product's own pipeline as a model: the messages and decoding settings in, the answer out. */
export type ModelFunction = (messages: ChatMessage[], params: GenerateParams) => Promise<ModelFunctionAnswer>;

/**
 * The function receives every decoding setting, so it may honour the seed; settings that need
 * token-level access (logprobs, logit bias, mirostat, a JSON schema, step-wise decoding) are
 * reported as not applied, as for any model that cannot honour them.
 */
const FUNCTION_CAPABILITIES: Capabilities = { ...NO_CAPABILITIES, seed: true };

/**
 * A model made from an async function, for `audit()`: id `function:<name>` (the function's name
 * unless one is given), version as given (default "1"; change it when the function changes, so the
 * request cache does not answer for the old one). Its answers go through the same answer reading
 * (reasoning blocks kept apart, empty answers invalid) and, in a run, the same request cache and
 * usage tracking as a provider's.
 */
export function functionModel(fn: ModelFunction, opts: { name?: string; version?: string } = {}): LanguageModel {
  if (typeof fn !== 'function') throw new UserError(`a model function must be an async (messages, params) => text function (got ${typeof fn})`);
  const name = (opts.name ?? fn.name) || 'model';
  if (!/^[\w.-]+$/.test(name)) throw new UserError(`model function name "${name}": use letters, digits, "_", "-" or "."`);
  const id = `function:${name}`;
  return {
    id,
    version: opts.version ?? '1',
    provider: 'function',
    capabilities: FUNCTION_CAPABILITIES,
    async generate(req): Promise<GenerateResult> {
      const warnings = checkParams(id, FUNCTION_CAPABILITIES, req.params);
      const out = await fn(req.messages, req.params ?? {});
      const text = typeof out === 'string' ? out : out !== null && typeof out === 'object' && typeof out.text === 'string' ? out.text : undefined;
      // the function's bad return is the function's error (the caller's code), not a model's answer
      if (text === undefined) throw new UserError(`${id} returned ${out === null ? 'null' : typeof out}; a model function returns the answer's text (or { text, usage })`);
      const usage = typeof out === 'object' && out.usage ? { usage: { inputTokens: out.usage.inputTokens, outputTokens: out.usage.outputTokens } } : {};
      return { ...toAnswer(id, { content: text, finishReason: 'stop', ...usage }, {}, warnings), cached: false };
    },
  };
}
