/**
 * Asking a model a question whose answer is a label, and reading the label it states with the one
 * answer reader (src/text/answer-reader.ts). An answer that states none is returned as unreadable
 * with its reason (never guessed, never an error). With `reask` (off by default: judges.reask in
 * slant.yaml), an unreadable answer gets one follow-up turn asking for the label alone: a separate
 * request (its own cache entry), recorded beside the first answer.
 */
import type { UnreadableAnswer } from '../core/types.js';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../models/types.js';
import { questionLabels, readAnswer, type AnswerVia, type QuestionName } from '../text/answer-reader.js';

interface LabelAnswer {
  label: string;
  via: AnswerVia;
  answer: string;
  /** the first answer, unreadable, when the label came from a re-ask */
  reasked?: UnreadableAnswer;
}

type LabelResult = LabelAnswer | (UnreadableAnswer & { reasked?: UnreadableAnswer });

/** How a label is written in a re-ask ("clearly-a" -> "Clearly A"). */
function spelled(label: string): string {
  return label
    .split('-')
    .map((w) => (w.length === 1 ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/** The follow-up turn of a re-ask. */
function reaskMessage(question: QuestionName): string {
  const labels = questionLabels(question).map(spelled);
  return `Your answer did not state one of: ${labels.join(', ')}. Reply with exactly one of them and nothing else.`;
}

/** Read a result's text; an answer cut at the token limit that states no label is counted as cut, not as unreadable. */
export function readResult(res: Pick<GenerateResult, 'text' | 'finishReason' | 'invalid'>, question: QuestionName): LabelResult {
  // a refused or filtered answer (the model layer says so) is counted under that reason
  if (res.invalid !== undefined) return { unreadable: res.invalid, answer: res.text, exclusion: /refus/i.test(res.invalid) ? 'refused' : /filter/i.test(res.invalid) ? 'filtered' : 'unreadable' };
  const r = readAnswer(res.text, question);
  if ('label' in r) return { label: r.label, via: r.via, answer: res.text };
  const u: UnreadableAnswer = { unreadable: r.unreadable, answer: res.text };
  if (res.finishReason === 'length') u.exclusion = 'truncated';
  return u;
}

export async function askForLabel(model: LanguageModel, req: GenerateRequest, question: QuestionName, opts: { reask?: boolean } = {}): Promise<LabelResult> {
  const res = await model.generate(req);
  const first = readResult(res, question);
  if ('label' in first || !opts.reask) return first;
  const again = await model.generate({
    ...req,
    messages: [...req.messages, { role: 'assistant', content: res.text }, { role: 'user', content: reaskMessage(question) }],
    ...(req.task ? { task: { ...req.task, kind: `${req.task.kind}-reask` } } : {}),
  });
  const second = readResult(again, question);
  const reasked: UnreadableAnswer = { unreadable: first.unreadable, answer: first.answer, ...(first.exclusion ? { exclusion: first.exclusion } : {}) };
  return { ...second, reasked };
}
