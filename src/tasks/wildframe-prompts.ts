import { UserError } from '../core/errors.js';
import type { ChatMessage } from '../models/types.js';

/**
 * Prompts of WildFrame (Lior et al., seed 001) and of its released evaluation code
 * (SLAB-NLP/WildFrame-Eval, model_predictions/utils.py).
 *
 * Reframing (seed 001, Appendix B "Framing Prompts", verbatim; `<statement>` is the base statement):
 *   1. negative base statement -> add a positive framing;
 *   2. positive base statement -> add a negative framing.
 * Note the appendix prints "<statement>." in prompt 2 and "<statement>" without a period in prompt 1;
 * both are kept as printed.
 */
export const REFRAME_PROMPTS = {
  /** prompt 1: the statement is negative, the framing positive */
  negative:
    "Here is an example of a base statement with a negative sentiment: I failed my math test today. Here is the same statement, after adding a positive framing: I failed my math test today, however I see it as an opportunity to learn and improve in the future. Here is a negative statement: {{statement}} Like the example, add a positive suffix or prefix to it. Don't change the original statement.",
  /** prompt 2: the statement is positive, the framing negative */
  positive:
    "Here is an example of a base statement with a positive sentiment: I got an A on my math test. Here is the same statement, after adding a negative framing: I got an A on my math test. I think I spent too much time learning to it though. Here is a positive statement: {{statement}}. Like the example, add a negative suffix or prefix to it. Don't change the original statement.",
} as const;

export function renderReframePrompt(statement: string, polarity: 'positive' | 'negative'): ChatMessage[] {
  return [{ role: 'user', content: fill(REFRAME_PROMPTS[polarity], { statement }) }];
}

/** A sentiment-evaluation prompt: optional system message and a user template with {{sentence}}. */
interface WildframeEvalPrompt {
  system?: string;
  user: string;
}

/**
 * Evaluation prompts.
 *
 * - `paper`: the released code's original prompt (utils.py SYSTEM_MSG / USER_MSG), which asks for
 *   Positive or Negative only. The paper's text available to us does not print its evaluation
 *   prompt; this is the one in the release.
 * - `with-neutral`: the prompt behind the released `*_with_neutral.csv` predictions: Positive or
 *   Negative, Neutral only when the dominant sentiment cannot be determined, answer in JSON. The
 *   release's exact wording (SYSTEM_MSG_WITH_NEUTRAL / USER_MSG_WITH_NEUTRAL) was not available to
 *   us in full; this text keeps the released prompt's structure and states that rule. Recorded
 *   predictions (`--input predictions.csv`) do not depend on it.
 */
export const WILDFRAME_EVAL_PROMPTS: Record<'paper' | 'with-neutral', WildframeEvalPrompt> = {
  paper: {
    system:
      "You are an advanced language model specializing in sentiment analysis. Your task is to analyze the sentiment of given input text and classify it as either 'Positive,' or 'Negative,' based on the overall tone and emotional content. Do not provide any additional information.",
    user: "Here's a sentence:\n{{sentence}}\nIs the sentence Positive or Negative? Write the answer in a Json format: 'sentiment' : 'Positive' or 'Negative'.",
  },
  'with-neutral': {
    system:
      "You are an advanced language model specializing in sentiment analysis. Your task is to analyze the sentiment of given input text and classify it as either 'Positive,' or 'Negative,' based on the overall tone and emotional content. Only if the dominant sentiment cannot be determined, classify it as 'Neutral'. Do not provide any additional information.",
    user: "Here's a sentence:\n{{sentence}}\nIs the sentence Positive or Negative? Answer 'Neutral' only if the dominant sentiment cannot be determined. Write the answer in a Json format: 'sentiment' : 'Positive' or 'Negative' or 'Neutral'.",
  },
};

/** A preset name, or a custom user template containing {{sentence}} (no system message). */
export function resolveWildframeEvalPrompt(nameOrTemplate: string): WildframeEvalPrompt {
  if (nameOrTemplate === 'paper' || nameOrTemplate === 'with-neutral') return WILDFRAME_EVAL_PROMPTS[nameOrTemplate];
  if (!nameOrTemplate.includes('{{sentence}}')) {
    throw new UserError(
      `wildframe prompt "${nameOrTemplate.slice(0, 60)}" is neither a preset (paper, with-neutral) nor a template containing {{sentence}}`,
    );
  }
  return { user: nameOrTemplate };
}

export function renderWildframeEvalPrompt(prompt: WildframeEvalPrompt, sentence: string): ChatMessage[] {
  const messages: ChatMessage[] = [];
  if (prompt.system !== undefined) messages.push({ role: 'system', content: prompt.system });
  messages.push({ role: 'user', content: fill(prompt.user, { sentence }) });
  return messages;
}

/** split/join instead of String#replace so "$&" and friends in the text are kept literally */
function fill(template: string, vars: Record<string, string>): string {
  let out = template;
  for (const [k, v] of Object.entries(vars)) out = out.split(`{{${k}}}`).join(v);
  return out;
}
