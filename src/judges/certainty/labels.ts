/**
 * The 5-point certainty scale of Belem et al. (seed 004, §3.1) and the order-swap aggregation rule.
 *
 * A judge sees two texts as "Text A" and "Text B" and answers Clearly A, Slightly A, No clear
 * difference, Slightly B or Clearly B. We store that *ordered* answer as a number in A/B terms:
 *   Clearly A = −2, Slightly A = −1, No clear difference = 0, Slightly B = +1, Clearly B = +2
 * (positive = Text B communicates its finding more confidently).
 *
 * Canonical labels (§3.1) are in original/modified terms, on the same −2..2 scale:
 *   Clearly Original = −2, Slightly Original = −1, No clear difference = 0,
 *   Slightly Modified = +1, Clearly Modified = +2
 * (positive = the modified text / LM rewrite is more certain: certainty inflation).
 * With the original shown as Text A the canonical label is the ordered answer; with the original
 * shown as Text B it is its negation.
 */

export type CertaintyScore = -2 | -1 | 0 | 1 | 2;

/** Final per-item label: a canonical score, or 'inconsistent' when the two orders disagree in direction. */
export type PairLabel = CertaintyScore | 'inconsistent';

/** Which text is shown as Text A. */
export type Presentation = 'original-first' | 'modified-first';

export const ORDERED_OPTIONS: readonly string[] = ['Clearly A', 'Slightly A', 'No clear difference', 'Slightly B', 'Clearly B'] as const;

export function isCertaintyScore(v: unknown): v is CertaintyScore {
  return v === -2 || v === -1 || v === 0 || v === 1 || v === 2;
}

/** Ordered answer (A/B terms) → canonical label (original/modified terms). */
export function toCanonical(ordered: CertaintyScore, presentation: Presentation): CertaintyScore {
  return presentation === 'original-first' ? ordered : (-ordered as CertaintyScore) || 0;
}

/**
 * The order-swap rule (§3.1 and Appendix D.1), applied to the canonical labels of the two calls:
 * - the same label → that label;
 * - the same direction, different strength (−2/−1 or 1/2) → the weaker (the one closer to 0);
 * - otherwise → 'inconsistent': opposite directions, and also a tie in one order against a
 *   directional label in the other (Appendix A.2.3.4: "if only one prediction is a Tie ... we
 *   classify them as Inconsistent"; D.1: "consistent if both orderings yield the same label").
 */
export function combineOrders(first: CertaintyScore, second: CertaintyScore): PairLabel {
  if (first === second) return first;
  if (first !== 0 && second !== 0 && Math.sign(first) === Math.sign(second)) {
    return (Math.abs(first) < Math.abs(second) ? first : second);
  }
  return 'inconsistent';
}

