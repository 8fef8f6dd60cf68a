import type { Framing, UnreadableAnswer } from '../../core/types.js';
import type { LanguageModel } from '../../models/types.js';
import { readAnswer } from '../../text/answer-reader.js';
import { askForLabel } from '../ask-label.js';
import { withLocalTokenLimit } from '../local-token-limit.js';
import type { FramingJudge } from '../types.js';

/** Seed 000, Appendix A.1: the framing judge prompt (the paper used GPT-o4-mini). */
export const A1_FRAMING_PROMPT = 'Classify the framing of the text as Positive, Negative, or Neutral. Respond with the class label only.';

/**
 * The label a framing answer states (src/text/answer-reader.ts: a bare label, a first line, JSON,
 * "Final answer: …"), or null when it states none or hedges.
 */
export function parseFramingAnswer(answer: string): Framing | null {
  const r = readAnswer(answer, 'framing');
  return 'label' in r ? (r.label as Framing) : null;
}

export function createLlmFramingJudge(model: LanguageModel, opts: { prompt?: string; reask?: boolean } = {}): FramingJudge {
  const prompt = opts.prompt ?? A1_FRAMING_PROMPT;
  return {
    id: `llm-framing:${model.id}`,
    version: `a1@${model.version}`,
    async classify(texts, o) {
      return Promise.all(
        texts.map(async (text): Promise<Framing | UnreadableAnswer> => {
          const r = await askForLabel(
            model,
            {
              // A.1 puts the text first, then the instruction
              messages: [{ role: 'user', content: `${text}\n${prompt}` }],
              // no limit on hosted judges: reasoning judges (o4-mini) spend hidden tokens before the label
              params: withLocalTokenLimit(model, { temperature: 0, seed: 42 }, 'label'),
              // what is asked, for those who count requests by kind (the cost plan); not part of the cache key
              task: { kind: 'framing-judge', input: text },
              ...(o?.signal ? { signal: o.signal } : {}),
            },
            'framing',
            { reask: opts.reask ?? false },
          );
          // an answer that states no label is the judge's: returned as unreadable with its reason, counted by the probe
          if ('label' in r) return r.label as Framing;
          return r;
        }),
      );
    },
  };
}
