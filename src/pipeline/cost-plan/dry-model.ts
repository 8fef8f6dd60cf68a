/**
 * A model that answers without calling anyone, for the cost plan's dry run of the real executor.
 * Its answers are shaped so that every call a real answer could lead to is made: a summary that
 * later steps can read, a label the judges can read, and, for the calls that depend on answers,
 * the answer that leads to the most calls (both certainty orders say "Clearly A", so every item
 * goes to the moderator; with judges.reask, the first answer to a label question states no label,
 * so every label question is asked again). Every answer names its request's hash, so two requests
 * never get the same answer (a real run's answers differ too, and a judge reading two equal
 * outputs would be served one of them from the cache).
 */
import { sha256Hex } from '../../runtime/canonical-json.js';
import type { StepwiseResult } from '../../models/stepwise.js';
import type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel } from '../../models/types.js';
import { wrapLanguageModel } from '../../models/wrap.js';
import { estimateTokens } from '../../runtime/token-count.js';

/** The follow-up turn of a re-ask (src/judges/ask-label.ts: reaskMessage). */
export const REASK = /^Your answer did not state one of: (.+?)\. Reply with exactly one of them/;

/** Request kinds slant asks through the label reader with a re-ask (src/judges/ask-label.ts). */
const LABEL_KINDS = new Set(['framing-judge', 'certainty-compare', 'certainty-moderate']);

/** The kinds of calls made only when an answer asks for them: the moderator of an order-inconsistent certainty item. */
export const ANSWER_DEPENDENT_KINDS: Readonly<Record<string, string>> = { 'certainty-moderate': 'certainty moderator (order-inconsistent items only)' };

export const lastUserText = (messages: readonly ChatMessage[]): string => [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';

/** The first `n` words (runs of non-space) joined by single spaces: read no further than they go (a document may be long). */
export function firstWords(text: string, n: number): string {
  const words: string[] = [];
  const word = /\S+/g;
  for (let m = word.exec(text); m !== null && words.length < n; m = word.exec(text)) words.push(m[0]);
  return words.join(' ');
}

function dryAnswer(req: Pick<GenerateRequest, 'messages' | 'params' | 'task'>, opts: { reask: boolean }): string {
  const last = lastUserText(req.messages);
  const again = REASK.exec(last);
  if (again) return (again[1] ?? '').split(', ')[0] ?? '';
  const kind = req.task?.kind ?? '';
  const input = req.task?.input ?? last;
  const tag = sha256Hex(JSON.stringify([req.messages, req.params ?? {}])).slice(0, 8);
  if (opts.reask && LABEL_KINDS.has(kind)) return `I cannot tell (${tag}).`;
  switch (kind) {
    case 'framing-judge':
    case 'classify-sentiment':
      return 'Neutral';
    case 'certainty-compare':
    case 'certainty-moderate':
      return req.params?.jsonSchema !== undefined ? JSON.stringify({ explanation: tag, final_answer: 'Clearly A' }) : `${tag}\n<final_answer>Clearly A</final_answer>`;
    case 'fact-check':
      return 'True';
    case 'certainty-claim-align':
      return `<source_claim>${firstWords(input, 12)}</source_claim>\n<output_claim>${firstWords(input, 12)}</output_claim>`;
    default:
      return `FINAL_SUMMARY: ${firstWords(input, 40)} (${tag})`;
  }
}

/** Answers waiting for their turn (`turns`), first come first answered. */
const waitingTurns: (() => void)[] = [];

/** One answer per turn of the event loop: the I/O that came meanwhile is handled before the next. */
function nextTurn(): void {
  waitingTurns.shift()?.();
  if (waitingTurns.length > 0) setImmediate(nextTurn);
}

/**
 * `answer` now, or (`turns`) in a turn of the event loop of its own: a plan made while a run sends
 * requests takes one pretend answer's work at a time (what its record does with it up to its next
 * wait), so an answer of the run that arrives meanwhile waits for at most that, not for the whole
 * pass's pool of answers at once.
 */
function answered<T>(answer: T, turns: boolean): Promise<T> {
  if (!turns) return Promise.resolve(answer);
  return new Promise((resolve) => {
    if (waitingTurns.push(() => resolve(answer)) === 1) setImmediate(nextTurn);
  });
}

/**
 * `model` with every call answered here (its identity, settings and abilities kept). `turns`:
 * each answer waits for a turn of the event loop (a plan made while a run sends requests).
 */
export function dryModel(model: LanguageModel, opts: { reask: boolean; turns?: boolean }): LanguageModel {
  const turns = opts.turns === true;
  const dry = wrapLanguageModel(model, {
    generate(_next, req): Promise<GenerateResult> {
      const text = dryAnswer(req, opts);
      const inputTokens = req.messages.reduce((n, m) => n + estimateTokens(m.content), 0);
      return answered<GenerateResult>({ text, finishReason: 'stop', usage: { inputTokens, outputTokens: estimateTokens(text) }, warnings: [], cached: false }, turns);
    },
    stepwise(_next, o): Promise<StepwiseResult> {
      const text = dryAnswer({ messages: o.messages }, { reask: false });
      return answered<StepwiseResult>({ text, tokens: [], steps: [], finishReason: 'stop', usage: { inputTokens: o.messages.reduce((n, m) => n + estimateTokens(m.content), 0), outputTokens: estimateTokens(text) }, warnings: [] }, turns);
    },
  });
  // a dry run checks nothing with the provider
  delete dry.preflight;
  return dry;
}
