import type { Framing } from '../../core/types.js';
import type { LanguageModel } from '../../models/types.js';
import { withLocalTokenLimit } from '../local-token-limit.js';
import type { FramingJudge } from '../types.js';

/** Seed 000, Appendix A.1: the framing judge prompt (the paper used GPT-o4-mini). */
export const A1_FRAMING_PROMPT = 'Classify the framing of the text as Positive, Negative, or Neutral. Respond with the class label only.';

export class UnparseableJudgeAnswerError extends Error {
  constructor(
    readonly judge: string,
    readonly answer: string,
  ) {
    super(`framing judge ${judge} answered "${answer.slice(0, 120)}", which names none (or several) of Positive, Negative, Neutral`);
    this.name = 'UnparseableJudgeAnswerError';
  }
}

/**
 * Read a label from a model's answer. Accepts "Positive", "positive.", "**Negative**",
 * "Framing: Neutral", "The framing is negative". Refuses answers naming no label or several
 * different ones: they are reported, never guessed.
 */
export function parseFramingAnswer(answer: string): Framing | null {
  const found = new Set<Framing>();
  for (const m of answer.toLowerCase().matchAll(/\b(positive|negative|neutral)\b/g)) found.add(m[1] as Framing);
  if (found.size !== 1) return null;
  return [...found][0] ?? null;
}

export function createLlmFramingJudge(model: LanguageModel, opts: { prompt?: string } = {}): FramingJudge {
  const prompt = opts.prompt ?? A1_FRAMING_PROMPT;
  return {
    id: `llm-framing:${model.id}`,
    version: `a1@${model.version}`,
    async classify(texts, o) {
      return Promise.all(
        texts.map(async (text) => {
          const res = await model.generate({
            // A.1 puts the text first, then the instruction
            messages: [{ role: 'user', content: `${text}\n${prompt}` }],
            // no limit on hosted judges: reasoning judges (o4-mini) spend hidden tokens before the label
            params: withLocalTokenLimit(model, { temperature: 0, seed: 42 }, 'label'),
            signal: o?.signal,
          });
          const label = parseFramingAnswer(res.text);
          if (!label) throw new UnparseableJudgeAnswerError(model.id, res.text);
          return label;
        }),
      );
    },
  };
}
