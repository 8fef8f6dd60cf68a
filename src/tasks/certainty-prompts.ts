/**
 * Generation prompts of Belem et al. (seed 004), Appendix C: the sentence-level tasks (Figures
 * 16–19), the document-level tasks (Figures 20–23), the cumulative prompt interventions of C.2,
 * and the decoding presets of §4.1 / §4.2 (top-p: T = 1, p = 0.9; greedy: T = 0; 3.5k tokens).
 */
import { UserError } from '../core/errors.js';
import type { ChatMessage, GenerateParams } from '../models/types.js';
import { splitSentences } from '../text/sentences.js';
import { countWords } from '../text/tokens.js';

export type CertaintyTask =
  | 'spiced-paraphrase'
  | 'spiced-news'
  | 'mimic-paraphrase'
  | 'mimic-simplify'
  | 'abstract-paraphrase'
  | 'abstract-summary'
  | 'mimic-doc-paraphrase'
  | 'mimic-doc-simplify';

interface TaskPrompt {
  figure: number;
  /** where the instructions go: a system prompt with the text as the user message, or one user prompt holding the text */
  mode: 'system' | 'user-with-text';
  template: string;
}

export const CERTAINTY_TASKS: Record<CertaintyTask, TaskPrompt> = {
  'spiced-paraphrase': {
    figure: 16,
    mode: 'system',
    template:
      'Your task is to paraphrase an English text. When paraphrasing, avoid copying phrases from the provided text. Your paraphrase must be 1 sentence long. Return **only** the paraphrased text.',
  },
  'spiced-news': {
    figure: 17,
    mode: 'system',
    template: 'Imagine you are a New York Times journalist. Rewrite the following scientific finding as **one sentence** suitable for publication. Return **only** the sentence.',
  },
  'mimic-paraphrase': {
    figure: 18,
    mode: 'system',
    template: 'Paraphrase this radiology findings sentence. Your paraphrase must be 1 sentence long. Return **only** the paraphrased text.',
  },
  'mimic-simplify': {
    figure: 19,
    mode: 'system',
    template: `You are simplifying a single sentence from the Findings section of a radiology report.

Instructions:
- Rewrite the sentence in simpler and clearer language.
- Preserve all clinical information.
- Do not add new findings or interpretations.
- Do not omit medically important details.
- Keep the output as a single sentence.
- Use concise and natural wording.
- Avoid unnecessary medical jargon when possible.`,
  },
  'abstract-paraphrase': {
    figure: 20,
    mode: 'user-with-text',
    template: `You have experience in academic writing.

Your task is to rephrase the following abstract in English.

Input text to process:

"""{text}"""

Requirements:
- Preserve the academic tone.
- The rewritten version should be roughly comparable in length to the original, around {target_len} words.
- Do not include any introductory sentence such as "Here is a rephrased version..."
- Do not include explanations, notes, labels, bullet points, or comments.
- Write **only** the rewritten abstract text.`,
  },
  'abstract-summary': {
    figure: 21,
    mode: 'user-with-text',
    template: `You have experience in academic writing. You are doing a literature review and want to summarize the main findings of academic abstracts.

Your task is to summarize the following academic abstract in English in a single sentence.

Input text to process:
"""{text}"""

Requirements:
- Focus on the main finding or contribution of the abstract.
- Include the research question, data/method, or setting only if needed to understand the finding.
- Preserve the academic tone.
- Write exactly 1 sentence.
- Do not include any introductory sentence such as "Here is a summary..."
- Do not include explanations, notes, labels, bullet points, or comments.
- Write **only** the summary sentence.`,
  },
  'mimic-doc-paraphrase': {
    figure: 22,
    mode: 'system',
    template:
      'Your task is to paraphrase an English text. When paraphrasing, avoid copying phrases from the provided text. The paraphrase should be no longer than {n_sentences} sentences. Return **only** the paraphrased text. Do not include a header, preamble, or any text outside the paraphrased text.',
  },
  'mimic-doc-simplify': {
    figure: 23,
    mode: 'system',
    template: `You are explaining part of a chest X-ray report to a patient who has no medical background.

Rewrite the Findings below in simple, plain language a patient can understand.

Format requirements:
- Return a numbered list (1., 2., 3., ...).
- Each item must be a single sentence that explains one radiological observation from the Findings.
- Include between 1 and 8 items, ordered as they appear in the Findings.
- Use everyday language; avoid medical jargon. If a medical term is unavoidable, briefly explain it.
- Do not add reassurance, recommendations, or any information not present in the Findings.
- Do not include a header, preamble, or any text outside the list.`,
  },
};

/** Appendix C.2: cumulative interventions appended to the task prompt. */
export type CertaintyIntervention = 'none' | 'preserve-semantics' | 'do-not-hallucinate' | 'preserve-certainty';
export const INTERVENTIONS: Record<CertaintyIntervention, string> = {
  none: '',
  'preserve-semantics': 'Preserve semantics of the original text.',
  'do-not-hallucinate': 'Preserve semantics of the original text. Do not hallucinate.',
  'preserve-certainty': 'Preserve semantics of the original text. Do not hallucinate. Preserve the degree of certainty in the original text.',
};

/** §4.1 / §4.2 decoding presets (generation budget 3.5k tokens). */
export type DecodingPreset = 'top-p' | 'greedy';
export const DECODING_PRESETS: Record<DecodingPreset, GenerateParams> = {
  'top-p': { temperature: 1, topP: 0.9, maxTokens: 3500 },
  greedy: { temperature: 0, maxTokens: 3500 },
};

export function renderCertaintyTask(task: CertaintyTask, text: string, intervention: CertaintyIntervention = 'none'): ChatMessage[] {
  const t = CERTAINTY_TASKS[task];
  if (!t) throw new UserError(`unknown certainty task "${String(task)}"; available: ${Object.keys(CERTAINTY_TASKS).join(', ')}`);
  const extra = INTERVENTIONS[intervention];
  if (extra === undefined) throw new UserError(`unknown intervention "${String(intervention)}"; available: ${Object.keys(INTERVENTIONS).join(', ')}`);
  const filled = t.template
    .replaceAll('{target_len}', String(countWords(text)))
    .replaceAll('{n_sentences}', String(Math.max(1, splitSentences(text).length)));
  const instructions = extra ? `${filled}\n\n${extra}` : filled;
  if (t.mode === 'system') {
    return [
      { role: 'system', content: instructions },
      { role: 'user', content: text },
    ];
  }
  // Substitute the text last, so braces inside it are never read as placeholders.
  const [before, after] = instructions.split('{text}');
  return [{ role: 'user', content: `${before ?? ''}${text}${after ?? ''}` }];
}
