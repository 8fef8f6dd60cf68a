/**
 * The per-model options of reasoning models (docs/providers.md, "Reasoning models"), read from
 * untyped config: a wrong type or value is a UserError naming the option and what it takes.
 */
import { UserError } from '../core/errors.js';
import type { ProviderOptions } from './http.js';

function bad(provider: string, key: string, value: unknown, expected: string): UserError {
  return new UserError(`${provider}: option ${key} is ${JSON.stringify(value)}; expected ${expected}`, { hint: 'see "Reasoning models" in docs/providers.md' });
}

/** `rawText: true`: keep the text as the provider sent it (no <think> block taken out). */
export function rawTextOption(provider: string, opts: ProviderOptions): { rawText?: true } {
  const v = opts.rawText;
  if (v === undefined || v === false) return {};
  if (v === true) return { rawText: true };
  throw bad(provider, 'rawText', v, 'true or false');
}

/** OpenAI `reasoning_effort`. */
export function reasoningEffortOption(provider: string, opts: ProviderOptions, allowed: readonly string[]): { reasoningEffort?: string } {
  const v = opts.reasoningEffort;
  if (v === undefined) return {};
  if (typeof v === 'string' && allowed.includes(v)) return { reasoningEffort: v };
  throw bad(provider, 'reasoningEffort', v, `one of ${allowed.join(', ')}`);
}

/** Ollama `think` (true, false or an effort name); openai-compatible's takes true or false only. */
export function thinkOption<T extends boolean | string>(provider: string, opts: ProviderOptions, efforts: readonly string[] = []): { think?: T } {
  const v = opts.think;
  if (v === undefined) return {};
  if (typeof v === 'boolean' || (typeof v === 'string' && efforts.includes(v))) return { think: v as T };
  throw bad(provider, 'think', v, `true or false${efforts.length > 0 ? ` or one of ${efforts.join(', ')}` : ''}`);
}

/** A thinking budget in tokens: an integer of at least `min` (Gemini also takes -1: the model decides). */
export function thinkingBudgetOption(provider: string, opts: ProviderOptions, min: number, also: readonly number[] = []): { thinkingBudget?: number } {
  const v = opts.thinkingBudget;
  if (v === undefined) return {};
  if (typeof v === 'number' && Number.isInteger(v) && (v >= min || also.includes(v))) return { thinkingBudget: v };
  throw bad(provider, 'thinkingBudget', v, `an integer ≥ ${min}${also.length > 0 ? ` (or ${also.join(', ')})` : ''}`);
}
