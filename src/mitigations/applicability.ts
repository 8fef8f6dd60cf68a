import type { LanguageModel } from '../models/types.js';
import type { Applicability } from './types.js';

/** Providers whose models never read the prompt (extractive built-ins, recorded answers). */
const PROMPT_BLIND = new Set(['builtin', 'replay']);

/**
 * A mitigation that works through the prompt needs a model that reads it: built-in extractive
 * summarizers take the document from the task hint and would silently return the baseline.
 */
export function needsPromptReader(model: LanguageModel): Applicability {
  if (PROMPT_BLIND.has(model.provider)) return { ok: false, reason: `${model.id} does not read prompts (it works on the document alone), so a prompt mitigation would silently equal the baseline` };
  return { ok: true };
}

export const always = (): Applicability => ({ ok: true });
