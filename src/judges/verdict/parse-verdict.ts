/**
 * Reads a fact-checking answer ("True", "False [High Confidence]", a chain of thought ending in
 * "Final answer: False", JSON, markdown...) as a verdict plus an optional confidence tag (seed 000,
 * Table A7), with the one answer reader (src/text/answer-reader.ts): the verdict the answer
 * states, never one guessed from words in its reasoning. An answer that states none has verdict
 * null and says why; callers count it.
 *
 * Confidence: "[High Confidence]", "(low confidence)", "Confidence: High", "[High]",
 * "high-confidence" -> 'high' | 'low'; none stated (or another level, e.g. medium) -> null.
 */
import { readAnswer, type AnswerVia } from '../../text/answer-reader.js';

export type Confidence = 'high' | 'low';

export type VerdictRule = AnswerVia;

export interface ParsedVerdict {
  /** true = the statement is judged factual; null = unreadable */
  verdict: boolean | null;
  confidence: Confidence | null;
  /** which rule read the verdict, or 'unreadable' */
  via: VerdictRule | 'unreadable';
  /** why no verdict could be read (verdict null) */
  unreadable?: string;
}

export function parseVerdict(answer: string): ParsedVerdict {
  const v = readAnswer(answer, 'verdict');
  const c = readAnswer(answer, 'confidence');
  const confidence = 'label' in c ? (c.label as Confidence) : null;
  if ('unreadable' in v) return { verdict: null, confidence, via: 'unreadable', unreadable: v.unreadable };
  return { verdict: v.label === 'true', confidence, via: v.via };
}
