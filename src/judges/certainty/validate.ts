/**
 * Validation of a certainty comparator against labelled pairs {a, b, label}: `label` is any number
 * whose sign says which text humans found more certain (> 0: b; < 0: a; 0: same), e.g. the
 * difference of two claim-strength ratings. Reports
 * - directionAccuracy: on pairs with label ≠ 0, the share whose predicted direction matches
 *   (a predicted "no clear difference" counts as a miss), n = those pairs;
 * - decidedAccuracy: the same among pairs where the comparator did pick a direction;
 * - orderAccuracy: for comparators whose judgements carry a continuous score δ (the offline one), the share
 *   of pairs with label ≠ 0 where the sign of δ agrees — which text it finds more certain,
 *   whatever its tie band; only δ = 0 exactly counts as a miss;
 * - inTraining: pairs with a text the comparator was fitted on (the offline comparator:
 *   training-overlap.ts; others: the `inTraining` predicate given); the figures on them are in-sample;
 * - tauB: Kendall τ_b between the predicted canonical score (−2..2) and the label, over all
 *   pairs with a consistent prediction;
 * - confusion: rows = true sign (−, 0, +), columns = predicted (−, 0, +, inconsistent/invalid).
 */
import { kendallTauB } from '../../stats/kendall.js';
import { OfflineCertaintyComparator } from './offline-comparator.js';
import { inOfflineTrainingSet } from './training-overlap.js';
import type { CertaintyComparator } from './types.js';

export interface LabelledPair {
  a: string;
  b: string;
  label: number;
}

export interface CertaintyValidation {
  directionAccuracy: number;
  /** pairs with label ≠ 0 */
  n: number;
  decidedAccuracy: number;
  decided: number;
  /** sign of the continuous score on pairs with label ≠ 0 (n as directionAccuracy); NaN without a score */
  orderAccuracy: number;
  /** pairs with a text from the offline comparator's training set (0 for other comparators) */
  inTraining: number;
  /** share of label = 0 pairs predicted as no clear difference */
  tieAccuracy: number;
  nTies: number;
  tauB: number;
  tauBPValue: number;
  nAll: number;
  /** pairs whose judge answer stated no option: left out of every figure above, not counted as misses */
  unreadable: number;
  confusion: { rows: ['−', '0', '+']; columns: ['−', '0', '+', 'other']; counts: number[][] };
}

/** One comparator answer on a labelled pair. */
export interface CertaintyPrediction {
  /** the human label (its sign says which text is more certain) */
  label: number;
  /** the comparator's −2..2 label; null when inconsistent or unreadable */
  predicted: number | null;
  /** the comparator's continuous score, when it has one */
  score?: number;
  /** the judge's answer stated no option (label 'invalid'): reported apart, never a miss */
  unreadable?: boolean;
}

/** The validation figures from predictions already made (also used by scripts/fit-certainty-weights.ts). */
export function summariseCertaintyPredictions(preds: readonly CertaintyPrediction[], inTraining = 0): CertaintyValidation {
  const counts = [0, 1, 2].map(() => [0, 0, 0, 0]);
  const xs: number[] = [];
  const ys: number[] = [];
  let n = 0;
  let hit = 0;
  let decided = 0;
  let decidedHit = 0;
  let nTies = 0;
  let tieHit = 0;
  let orderHit = 0;
  let scored = preds.length > 0;
  let unreadable = 0;
  for (const p of preds) {
    if (p.unreadable) {
      unreadable++;
      continue;
    }
    const truth = Math.sign(p.label);
    const pred = p.predicted === null ? null : Math.sign(p.predicted);
    counts[truth + 1]![pred === null ? 3 : pred + 1]!++;
    if (p.predicted !== null) {
      xs.push(p.predicted);
      ys.push(p.label);
    }
    if (p.score === undefined) scored = false;
    if (truth !== 0) {
      n++;
      if (pred === truth) hit++;
      if (p.score !== undefined && Math.sign(p.score) === truth) orderHit++;
      if (pred !== null && pred !== 0) {
        decided++;
        if (pred === truth) decidedHit++;
      }
    } else {
      nTies++;
      if (pred === 0) tieHit++;
    }
  }
  const tau = xs.length >= 2 ? kendallTauB(xs, ys) : { tau: NaN, pValue: NaN };
  return {
    directionAccuracy: n ? hit / n : NaN,
    n,
    decidedAccuracy: decided ? decidedHit / decided : NaN,
    decided,
    orderAccuracy: scored && n ? orderHit / n : NaN,
    inTraining,
    tieAccuracy: nTies ? tieHit / nTies : NaN,
    nTies,
    tauB: tau.tau,
    tauBPValue: tau.pValue,
    nAll: preds.length,
    unreadable,
    confusion: { rows: ['−', '0', '+'], columns: ['−', '0', '+', 'other'], counts },
  };
}

/**
 * `inTraining`: says whether a text was a training text of the comparator (e.g. a fingerprint set
 * from a fit script's --out-fingerprints); the offline comparator's own set is the default for it.
 */
export async function validateCertaintyComparator(input: {
  items: readonly LabelledPair[];
  comparator?: CertaintyComparator;
  inTraining?: (text: string) => boolean;
  signal?: AbortSignal;
}): Promise<CertaintyValidation> {
  const comparator = input.comparator ?? new OfflineCertaintyComparator();
  const seen = input.inTraining ?? (comparator instanceof OfflineCertaintyComparator ? inOfflineTrainingSet : undefined);
  const preds: CertaintyPrediction[] = [];
  let inTraining = 0;
  for (const [k, it] of input.items.entries()) {
    if (!Number.isFinite(it.label)) throw new RangeError(`validateCertaintyComparator: item ${k} has a non-numeric label (${String(it.label)})`);
    const j = await comparator.compare(it.a, it.b, input.signal ? { signal: input.signal } : {});
    preds.push({ label: it.label, predicted: typeof j.label === 'number' ? j.label : null, ...(j.score !== undefined ? { score: j.score } : {}), ...(j.label === 'invalid' ? { unreadable: true } : {}) });
    if (seen && (seen(it.a) || seen(it.b))) inTraining++;
  }
  return summariseCertaintyPredictions(preds, inTraining);
}
