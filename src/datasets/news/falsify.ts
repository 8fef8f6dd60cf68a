import type { LanguageModel } from '../../models/types.js';
import { splitSentencesWithOffsets } from '../../text/sentences.js';
import { checkNegation, negateSentence, type NegationRule } from '../../text/negator/index.js';

/**
 * Falsified counterparts of true news text (seed 000, §5 and Appendix A.3: `falsified_description`).
 * Two falsifiers:
 *   - offline: the rule-based negator (src/text/negator), deterministic, no network;
 *   - llm: a model asked to minimally negate the central claim (FALSIFY_PROMPT).
 * Either way the output goes through the negation check (src/text/negator/check.ts); an output that
 * fails it is reported with `accepted: false`, never silently kept or dropped by this module.
 */
export const FALSIFY_PROMPT =
  'Rewrite the news text below so that its central claim becomes false, changing as few words as possible: negate the main verb (add or remove "not"), or replace one key word with its opposite, or change one number. Keep every other word, the names, the dates and the style. Do not add explanations, hedges or a phrase like "It is not true that". Reply with the rewritten text only.';

export interface Falsified {
  text: string;
  /** 'offline:<rule>' or 'llm:<model id>' */
  method: string;
  /** passed the negation check */
  accepted: boolean;
}

export interface Falsifier {
  readonly id: string;
  falsify(text: string, signal?: AbortSignal): Promise<Falsified | null>;
}

/** Negates the first sentence that a rule applies to (news descriptions are 1-3 sentences). */
export function offlineFalsifier(rules?: readonly NegationRule[]): Falsifier {
  return {
    id: 'offline',
    falsify(text: string): Promise<Falsified | null> {
      const spans = splitSentencesWithOffsets(text);
      for (const span of spans.length > 0 ? spans : [{ text: text.trim(), start: 0, end: text.length }]) {
        const n = negateSentence(span.text, rules);
        if (n === null) continue;
        // replace the sentence in place, keeping the rest of the text byte for byte
        const at = text.indexOf(span.text, span.start);
        const out = at < 0 ? n.text : text.slice(0, at) + n.text + text.slice(at + span.text.length);
        return Promise.resolve({ text: out.trim(), method: `offline:${n.rule}`, accepted: checkNegation(text, out).ok });
      }
      return Promise.resolve(null);
    },
  };
}

/** Strips quotes/labels a model may wrap its rewrite in. */
export function cleanRewrite(answer: string): string {
  return answer
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .trim()
    .replace(/^(?:rewritten(?: text)?|falsified(?: text)?|output)\s*:\s*/i, '')
    .replace(/^["“'](.*)["”']$/s, '$1')
    .trim();
}

export function llmFalsifier(model: LanguageModel, opts: { temperature?: number; maxTokens?: number } = {}): Falsifier {
  return {
    id: `llm:${model.id}`,
    async falsify(text: string, signal?: AbortSignal): Promise<Falsified | null> {
      const res = await model.generate({
        messages: [
          { role: 'system', content: FALSIFY_PROMPT },
          { role: 'user', content: text },
        ],
        params: { temperature: opts.temperature ?? 0, ...(opts.maxTokens !== undefined ? { maxTokens: opts.maxTokens } : {}) },
        task: { kind: 'falsify', input: text },
        ...(signal ? { signal } : {}),
      });
      const out = cleanRewrite(res.text);
      if (out === '') return null;
      return { text: out, method: `llm:${model.id}`, accepted: checkNegation(text, out).ok };
    },
  };
}
