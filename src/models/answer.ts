/**
 * The one place where what a provider sent becomes a model's answer (GenerateResult): reasoning is
 * separated from the answer, and an answer that cannot be measured says why.
 *
 * Reasoning arrives in two ways. Some servers put it in a field of its own (vLLM `reasoning`,
 * llama.cpp and DeepSeek `reasoning_content`, Anthropic thinking blocks, Gemini thought parts,
 * Ollama `message.thinking`): the providers pass it here as `reasoning`. Others leave it in the
 * text: a model served without a reasoning parser writes `<think>…</think>` (or `<thinking>`,
 * `<reasoning>`) before its answer, and a template that pre-fills the opening tag (DeepSeek-R1's)
 * leaves only a lone closing tag after the reasoning. Both are taken out of the text here, for
 * every provider, so that every task, judge and mitigation reads the answer only.
 *
 * An answer is invalid (recorded and counted with the reason, never measured) when the provider
 * filtered it, the model refused, it is only reasoning, or its reasoning block never closed. A
 * cut-off answer (finishReason `length`) is not invalid here: whether it is measured is the run's
 * choice (src/pipeline/truncated.ts).
 */
import type { FinishReason, GenerateResult, TokenLogprob, Warning } from './types.js';
import { otherWarning } from './warnings.js';

/**
 * Reasons an answer is not measured, short enough to count by: every screen prints them after a
 * metric's n (src/core/excluded.ts; `refused` and `filtered` are its known keys).
 */
export const INVALID = {
  refused: 'refused',
  filtered: (detail: string | undefined): string => (detail ? `filtered (${detail})` : 'filtered'),
  onlyReasoning: 'only reasoning, no answer',
  unclosed: 'reasoning block never closed',
  budgetOnReasoning: 'token budget spent on reasoning',
} as const;

/** Tag names whose blocks hold reasoning, as models write them in plain text. */
export const REASONING_TAGS = ['think', 'thinking', 'reasoning'] as const;

const OPEN = /<(think|thinking|reasoning)>/i;
const CLOSE = /<\/(think|thinking|reasoning)>/i;

interface SplitText {
  /** the text with every reasoning block taken out, trimmed */
  answer: string;
  /** the blocks' contents, in order */
  reasoning: string[];
  /** a block was opened and never closed (its content, to the end, is in `reasoning`) */
  unterminated: boolean;
}

/**
 * Take reasoning blocks out of a text. `opened`: the prompt ended with this opening tag (a
 * template that pre-fills `<think>`), so the text starts inside a block. A closing tag with no
 * opening tag before it is such a block too (the template's tag is not in the text).
 */
function splitReasoning(content: string, opened?: string): SplitText {
  const reasoning: string[] = [];
  let rest = content;
  let kept = '';
  const firstClose = CLOSE.exec(rest);
  const firstOpen = OPEN.exec(rest);
  if (opened !== undefined || (firstClose !== null && (firstOpen === null || firstOpen.index > firstClose.index))) {
    // the text starts inside a block: up to the first closing tag (or to the end) is reasoning
    if (firstClose === null) return { answer: '', reasoning: nonEmpty([rest]), unterminated: true };
    reasoning.push(rest.slice(0, firstClose.index));
    rest = rest.slice(firstClose.index + firstClose[0].length);
  }
  for (;;) {
    const open = OPEN.exec(rest);
    if (open === null) break;
    kept += rest.slice(0, open.index);
    const after = rest.slice(open.index + open[0].length);
    const close = new RegExp(`</${open[1] ?? 'think'}>`, 'i').exec(after);
    if (close === null) {
      reasoning.push(after);
      return { answer: (kept).trim(), reasoning: nonEmpty(reasoning), unterminated: true };
    }
    reasoning.push(after.slice(0, close.index));
    rest = after.slice(close.index + close[0].length);
  }
  return { answer: (kept + rest).trim(), reasoning: nonEmpty(reasoning), unterminated: false };
}

function nonEmpty(parts: string[]): string[] {
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** What a provider's parser read from one response. */
export interface ProviderAnswer {
  /** the answer text as sent (content, text parts, completion text) */
  content: string;
  /** reasoning from the provider's own field(s) */
  reasoning?: string[];
  finishReason?: FinishReason;
  finishDetail?: string;
  /** the model's refusal message, when the API carries one apart from the content (OpenAI) */
  refusal?: string;
  usage?: GenerateResult['usage'];
  logprobs?: TokenLogprob[];
}

/** Per-model answer options (docs/providers.md, "Reasoning models"). */
export interface AnswerOptions {
  /** keep the text as the provider sent it: no <think> block is taken out (a reasoning field stays apart) */
  rawText?: boolean;
  /** the prompt ended with this opening tag: the text starts inside a reasoning block */
  openedTag?: string;
  /** what to change when a whole token budget went to reasoning, named in the warning */
  budgetFix?: string;
}

/** The model's answer from a provider's parsed response (without `cached`). */
export function toAnswer(provider: string, a: ProviderAnswer, opts: AnswerOptions = {}, warnings: Warning[] = []): Omit<GenerateResult, 'cached'> {
  const split = opts.rawText === true ? { answer: a.content, reasoning: [], unterminated: false } : splitReasoning(a.content, opts.openedTag);
  const reasoning = [...nonEmpty(a.reasoning ?? []), ...split.reasoning];
  const out: Omit<GenerateResult, 'cached'> = { text: opts.rawText === true ? a.content : split.answer, warnings };
  if (reasoning.length > 0) out.reasoning = reasoning.join('\n\n');
  if (a.finishReason !== undefined) out.finishReason = a.finishReason;
  if (a.finishDetail !== undefined) out.finishDetail = a.finishDetail;
  if (a.usage !== undefined) out.usage = a.usage;
  if (a.logprobs !== undefined) out.logprobs = a.logprobs;
  const refused = a.finishReason === 'refusal' || (a.refusal !== undefined && a.refusal.trim() !== '');
  if (refused) {
    out.finishReason = 'refusal';
    out.invalid = INVALID.refused;
    return out;
  }
  if (a.finishReason === 'content-filter') {
    out.invalid = INVALID.filtered(a.finishDetail);
    return out;
  }
  const thought = reasoning.length > 0 || (a.usage?.reasoningTokens ?? 0) > 0 || split.unterminated;
  if (out.text.trim() === '' && thought && a.finishReason === 'length') {
    out.invalid = INVALID.budgetOnReasoning;
    warnings.push(budgetWarning(provider, opts.budgetFix));
  } else if (split.unterminated) out.invalid = INVALID.unclosed;
  else if (out.text.trim() === '' && thought) out.invalid = INVALID.onlyReasoning;
  return out;
}

/**
 * One message per model (the run's warning log counts repeats), naming the setting that fixes it:
 * the default maxTokens (500, seed 000's setting) is often less than a reasoning model thinks.
 */
function budgetWarning(provider: string, fix: string | undefined): Warning {
  return otherWarning(
    `${provider}: the model ${BUDGET_SPENT_ON_REASONING} and wrote no answer; ${fix ?? 'raise generation.maxTokens (or the model\'s maxTokens)'}`,
  );
}

/** The words that mark the budget warning, so a run can say it at the first such answer. */
export const BUDGET_SPENT_ON_REASONING = 'spent the whole token budget on reasoning';

/** What is kept of an answer that is not measured: its text, reasoning and how it ended. */
export interface UnmeasuredAnswer {
  text: string;
  reasoning?: string;
  finishReason?: FinishReason;
  finishDetail?: string;
}

/**
 * Thrown where an answer is read and it cannot be measured (filtered, refused, only reasoning, cut
 * off when cut answers are not measured): the pipeline records the item as an invalid output with
 * `reason` (stored, counted, shown) and goes on. `cost` is what the strategy had spent by then.
 */
export class InvalidAnswerError extends Error {
  cost?: { calls: number; usage: { inputTokens: number; outputTokens: number }; cached: boolean };
  /** the warnings of the calls made up to this answer (e.g. the reasoning-budget warning) */
  warnings: Warning[] = [];
  constructor(
    readonly reason: string,
    readonly answer?: UnmeasuredAnswer,
  ) {
    super(reason);
    this.name = 'InvalidAnswerError';
  }
}

/** The parts of a result kept with an unmeasured answer. */
export function unmeasured(r: Pick<GenerateResult, 'text' | 'reasoning' | 'finishReason' | 'finishDetail'>): UnmeasuredAnswer {
  return {
    text: r.text,
    ...(r.reasoning !== undefined ? { reasoning: r.reasoning } : {}),
    ...(r.finishReason !== undefined ? { finishReason: r.finishReason } : {}),
    ...(r.finishDetail !== undefined ? { finishDetail: r.finishDetail } : {}),
  };
}

