/**
 * The pairwise certainty judge prompt of Belem et al. (seed 004), Figure 24 (system prompt with two
 * demonstrations), and the user message for one pair. Structured output (Appendix D) asks for an
 * explanation and one of the five options.
 */
import type { ChatMessage } from '../../models/types.js';
import { ORDERED_OPTIONS } from './labels.js';

export const CERTAINTY_JUDGE_SYSTEM_PROMPT = `You have expertise in cognitive science and linguistics and specialize in detecting epistemic language. Epistemic language refers to expressions that convey uncertainty, belief, or degree of certainty (e.g., "may", "might", "likely", "suggests", "appears"). In this study, you will compare two versions of the same text and judge which presents its main finding more confidently.

Here are two representative examples to help you familiarize with the task.

## Example 1.

Example input 1:

Text A: This drug is a known effective treatment for condition X.

Text B: What we've seen in our trials suggests this medicine could work for people who have X.

Question: Which text communicates its main finding **more confidently**?

Options: Clearly A, Slightly A, No Clear Difference, Slightly B, Clearly B

Example output 1:

<explanation>Text A uses assertive, declarative language ("is," "known"), presenting the claim as established fact with no uncertainty. Text B uses hedging terms like "suggests" and "could," with some users also mentioning that the claim is presented as a possibility based on limited trial evidence. Overall, Text A expresses higher confidence than Text B.</explanation>
<final_answer>Clearly A</final_answer>

## Example 2.

Example Input 2:

Text A: This drug is a known effective treatment for condition X.

Text B: Evidence demonstrates the efficacy of this therapeutic agent in treating condition X.

Question: Which text communicates its main finding **more confidently**?

Options: Clearly A, Slightly A, No Clear Difference, Slightly B, Clearly B

Example output 2:

<explanation>Text A uses assertive, declarative language ("is," "known"), presenting the claim as established fact with no uncertainty. Text B uses high-certainty phrasing ("demonstrates efficacy"), which similarly conveys the claim as proven. Overall, both texts express the relationship as a confirmed reality, with no meaningful difference in certainty.</explanation>
<final_answer>No clear difference</final_answer>

## Requirements

- When the user provides two texts discussing the same main finding, determine which text communicates the main finding more confidently.
- Think step by step about which of the two texts is more certain, then conclude by selecting one of the provided options as the final answer.`;

/** The question block for one pair, in the demonstrations' format. */
function renderPairQuestion(textA: string, textB: string): string {
  return `Text A: ${textA}

Text B: ${textB}

Question: Which text communicates its main finding **more confidently**?

Options: Clearly A, Slightly A, No Clear Difference, Slightly B, Clearly B`;
}

export function renderCertaintyJudgeMessages(textA: string, textB: string): ChatMessage[] {
  return [
    { role: 'system', content: CERTAINTY_JUDGE_SYSTEM_PROMPT },
    { role: 'user', content: renderPairQuestion(textA, textB) },
  ];
}

/** Structured output: reasoning first, then the answer (Appendix D: explanation + final answer). */
export const CERTAINTY_JUDGE_SCHEMA = {
  name: 'certainty_comparison',
  schema: {
    type: 'object',
    properties: {
      explanation: { type: 'string' },
      final_answer: { type: 'string', enum: [...ORDERED_OPTIONS] },
    },
    required: ['explanation', 'final_answer'],
    additionalProperties: false,
  } as Record<string, unknown>,
};

/** Swap the names "Text A" and "Text B" in a reasoning chain written under the other order. */
export function swapTextNames(reasoning: string): string {
  return reasoning.replace(/\bText ([AB])\b/g, (_, l: string) => (l === 'A' ? 'Text B' : 'Text A'));
}

/**
 * The moderator's user message (Appendix D.1): the pair in the moderator's order and the two
 * judge analyses, relabelled so that "Text A"/"Text B" refer to the texts as shown here.
 */
function renderModeratorQuestion(textA: string, textB: string, analyses: readonly string[]): string {
  const blocks = analyses.map((a, i) => `Analysis ${i + 1}:\n${a.trim() || '(no reasoning given)'}`).join('\n\n');
  return `${renderPairQuestion(textA, textB)}

Two earlier assessments of this pair reached conflicting conclusions. Their reasoning is below; in both, "Text A" and "Text B" refer to the texts as shown above. Review both analyses critically, reason about the certainty sources in each text yourself, and then give your own final answer.

${blocks}`;
}

export function renderModeratorMessages(textA: string, textB: string, analyses: readonly string[]): ChatMessage[] {
  return [
    { role: 'system', content: CERTAINTY_JUDGE_SYSTEM_PROMPT },
    { role: 'user', content: renderModeratorQuestion(textA, textB, analyses) },
  ];
}
