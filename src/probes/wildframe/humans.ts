import type { Polarity } from './score.js';

/** Annotators per statement in WildFrame (seed 001, §2.3). */
export const ANNOTATORS = 5;

/**
 * Human score of one statement: the number of the 5 annotators whose label follows the opposite
 * framing (seed 001, §2.3), 0..5.
 *
 * From the release's framed_eval.csv columns: majority_confidence is the share of annotators with
 * the majority label and sentiment_flip_after_framing says whether that majority label is the
 * framing's; the release (visualize.py `generate_labels_csv`) takes the shifted share as
 * majority_confidence when flipped, else 1 − majority_confidence. The same value follows from
 * positive_score / negative_score (the share voting positive / negative): it is the share voting
 * for the opposite of the base sentiment. We compute it from the scores and check the two agree.
 */
export function humanScoreFromRelease(row: {
  baseSentiment: Polarity;
  positiveScore: number;
  negativeScore: number;
}): number {
  const share = row.baseSentiment === 'positive' ? row.negativeScore : row.positiveScore;
  return Math.round(share * ANNOTATORS);
}

/** The release's own route (majority_confidence and the flip flag), for the consistency check. */
export function humanScoreFromMajority(majorityConfidence: number, flipped: boolean): number {
  return Math.round((flipped ? majorityConfidence : 1 - majorityConfidence) * ANNOTATORS);
}

/** Human majority shift (seed 001, §3): at least `threshold` (default 3) of 5 annotators follow the framing. */
export function humanMajorityShift(humanScore: number, threshold = 3): boolean {
  return humanScore >= threshold;
}
