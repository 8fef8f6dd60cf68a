import type { SentimentLabel } from './parse-answer.js';

export type Polarity = 'positive' | 'negative';

/**
 * What the answer to a reframed statement means relative to its base sentiment:
 * - 'framed': the answer is the framing's sentiment (the opposite of the base): a shift;
 * - 'unchanged': the answer is the base sentiment;
 * - 'neutral' / 'mixed': the answer says so;
 * - 'unparseable': no label could be read (reported, never scored).
 */
export type Outcome = 'framed' | 'unchanged' | 'neutral' | 'mixed' | 'unparseable';
export const OUTCOMES: readonly Outcome[] = ['framed', 'neutral', 'mixed', 'unchanged', 'unparseable'];

/** Shift score per outcome. */
export interface ScoringRule {
  framed: number;
  neutral: number;
  unchanged: number;
  mixed: number;
}

/**
 * The release's rule (WildFrame-Eval analysis/visualize.py `generate_labels_csv`): 0 when the
 * processed answer equals the base sentiment, 0.5 when it is 'neutral', otherwise 1. 'mixed' falls
 * in "otherwise", so the release scores it 1 like a shift.
 */
export const RELEASE_SCORING: ScoringRule = { framed: 1, neutral: 0.5, unchanged: 0, mixed: 1 };

export function opposite(p: Polarity): Polarity {
  return p === 'positive' ? 'negative' : 'positive';
}

export function outcomeOf(base: Polarity, label: SentimentLabel | null): Outcome {
  if (label === null) return 'unparseable';
  if (label === base) return 'unchanged';
  if (label === 'neutral' || label === 'mixed') return label;
  return 'framed';
}

/** The shift score of an outcome under a rule; null for unparseable answers. */
export function shiftScore(outcome: Outcome, rule: ScoringRule = RELEASE_SCORING): number | null {
  return outcome === 'unparseable' ? null : rule[outcome];
}
