/**
 * The offline certainty comparator compares two texts directly on the judge's 5-point scale:
 *   δ(A, B) = w_cs · (E[s_B] − E[s_A]) + w · d(A, B),
 * where E[s] is the expected causal-claim strength (0–3) from the claim-strength scorer
 * (claim-strength.ts, a multinomial logistic regression on sentence-level strength labels) and
 * d(A, B) the pairwise epistemic-marker differences (pair-features.ts: shared markers cancel).
 * w_cs is the weight named CLAIM_STRENGTH_WEIGHT; weights and bands are fitted by
 * scripts/fit-certainty-weights.ts (offline-fitted-weights.json). |δ| < tieBand → no clear
 * difference, |δ| < clearBand → slightly, else clearly. The comparison is antisymmetric, so the
 * two orders always agree and the offline comparator never reports an item inconsistent.
 */
import { UserError } from '../../core/errors.js';
import { stoppable } from '../../core/stoppable.js';
import { ClaimStrengthScorer, type ClaimStrengthModel } from './claim-strength.js';
import { CLAIM_STRENGTH_MODEL } from './claim-strength-weights.js';
import { extractMarkers, type MarkerHit } from './features.js';
import { OFFLINE_CERTAINTY_WEIGHTS } from './offline-fitted-weights.js';
import { OFFLINE_CERTAINTY_CARD } from './shipped-card.js';
import type { JudgeCard } from '../card.js';
import { bandedScore, judgementFromDelta } from './antisymmetric-judgement.js';
import type { CertaintyScore } from './labels.js';
import { PAIR_FEATURE_NAMES, pairFeatures } from './pair-features.js';
import type { CertaintyComparator, OrderedJudgement, PairJudgement, PairwiseCertaintyJudge } from './types.js';

export interface OfflineWeights {
  version: string;
  weights: Record<string, number>;
  tieBand: number;
  clearBand: number;
}

/** Name of the weight on the expected-claim-strength difference in OfflineWeights.weights. */
export const CLAIM_STRENGTH_WEIGHT = 'claim_strength';

export class OfflineCertaintyComparator implements PairwiseCertaintyJudge, CertaintyComparator {
  readonly id = 'certainty-offline';
  readonly version: string;
  /** the shipped card, when this is the shipped comparator (fitted weights, scorer and bands) */
  readonly card?: JudgeCard;
  private readonly w: Float64Array;
  readonly tieBand: number;
  readonly clearBand: number;
  private readonly wStrength: number;
  private readonly scorer: ClaimStrengthScorer | undefined;

  /** `strengthModel` replaces the fitted claim-strength scorer (used only when w_cs ≠ 0). */
  constructor(weights: OfflineWeights = OFFLINE_CERTAINTY_WEIGHTS, strengthModel: ClaimStrengthModel = CLAIM_STRENGTH_MODEL) {
    this.w = Float64Array.from(PAIR_FEATURE_NAMES, (f) => weights.weights[f] ?? 0);
    this.wStrength = weights.weights[CLAIM_STRENGTH_WEIGHT] ?? 0;
    this.scorer = this.wStrength !== 0 ? new ClaimStrengthScorer(strengthModel) : undefined;
    this.version = this.scorer ? `${weights.version}+${this.scorer.version}` : weights.version;
    if (!(weights.tieBand >= 0 && weights.clearBand >= weights.tieBand)) {
      throw new RangeError(`OfflineCertaintyComparator: need 0 ≤ tieBand ≤ clearBand, got ${weights.tieBand}, ${weights.clearBand}`);
    }
    this.tieBand = weights.tieBand;
    this.clearBand = weights.clearBand;
    const shipped =
      strengthModel === CLAIM_STRENGTH_MODEL &&
      PAIR_FEATURE_NAMES.every((f) => (weights.weights[f] ?? 0) === (OFFLINE_CERTAINTY_WEIGHTS.weights[f] ?? 0)) &&
      this.wStrength === (OFFLINE_CERTAINTY_WEIGHTS.weights[CLAIM_STRENGTH_WEIGHT] ?? 0) &&
      weights.tieBand === OFFLINE_CERTAINTY_WEIGHTS.tieBand &&
      weights.clearBand === OFFLINE_CERTAINTY_WEIGHTS.clearBand;
    if (shipped && OFFLINE_CERTAINTY_CARD.version === this.version) this.card = OFFLINE_CERTAINTY_CARD;
  }

  /** The bands change the answers but not `version`, so a stored card is kept under both. */
  get cardVersion(): string {
    return `${this.version} tie ${this.tieBand} clear ${this.clearBand}`;
  }

  /** δ(A, B): > 0 when B is more certain. */
  delta(textA: string, textB: string): number {
    const d = pairFeatures(textA, textB);
    let z = 0;
    for (let k = 0; k < d.length; k++) z += this.w[k]! * d[k]!;
    if (this.scorer) z += this.wStrength * (this.scorer.expectedStrength(textB) - this.scorer.expectedStrength(textA));
    return z;
  }

  scoreOf(delta: number): CertaintyScore {
    return bandedScore(delta, this.tieBand, this.clearBand);
  }

  private explain(textA: string, textB: string, delta: number): string {
    const list = (hits: MarkerHit[]): string => [...new Set(hits.filter((h) => h.feature !== 'number').map((h) => `${h.phrase} (${h.feature})`))].join(', ') || 'none';
    const ma = extractMarkers(textA);
    const mb = extractMarkers(textB);
    const strength = (t: string): string => (this.scorer ? `; expected claim strength ${this.scorer.expectedStrength(t).toFixed(2)}` : '');
    return `Text A markers: ${list(ma.hits)}; claim class ${ma.claimClass}${strength(textA)}. Text B markers: ${list(mb.hits)}; claim class ${mb.claimClass}${strength(textB)}. δ = ${delta.toFixed(3)}.`;
  }

  private judgeWithDelta(textA: string, textB: string, delta: number): OrderedJudgement {
    return { score: this.scoreOf(delta), reasoning: this.explain(textA, textB, delta) };
  }

  async judgeOrdered(textA: string, textB: string): Promise<OrderedJudgement> {
    return this.judgeWithDelta(textA, textB, this.delta(textA, textB));
  }

  /** Both orders from one δ: the comparison is antisymmetric, δ(B, A) = −δ(A, B) exactly. */
  async compare(original: string, modified: string): Promise<PairJudgement> {
    return stoppable(original.length + modified.length, () => {
      const delta = this.delta(original, modified);
      return judgementFromDelta(delta, this, { forward: this.explain(original, modified, delta), reverse: this.explain(modified, original, -delta) });
    });
  }
}

const WITH_BANDS = new Map<string, OfflineCertaintyComparator>();

/** The fitted offline comparator, with its tie and clear bands replaced where given (one instance per pair of bands). */
export function offlineComparatorWithBands(bands: { tieBand?: number | undefined; clearBand?: number | undefined } = {}): OfflineCertaintyComparator {
  const tieBand = bands.tieBand ?? OFFLINE_CERTAINTY_WEIGHTS.tieBand;
  const clearBand = bands.clearBand ?? Math.max(tieBand, OFFLINE_CERTAINTY_WEIGHTS.clearBand);
  if (clearBand < tieBand) throw new UserError(`certainty: the offline clear band (${clearBand}) must be at least the tie band (${tieBand})`);
  const key = `${tieBand}|${clearBand}`;
  let c = WITH_BANDS.get(key);
  if (!c) {
    c = new OfflineCertaintyComparator({ ...OFFLINE_CERTAINTY_WEIGHTS, tieBand, clearBand });
    WITH_BANDS.set(key, c);
  }
  return c;
}
