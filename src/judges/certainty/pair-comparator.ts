/**
 * The pair certainty comparator: decides which of two texts states its finding with more
 * certainty FROM THE PAIR ITSELF (Belem et al., seed 004 §3.1: reference-less per-text scores miss
 * pairwise shifts). The pair is aligned first (pair-diff-features.ts: features both texts share
 * cancel, so only the changed words and markers speak) and scored linearly:
 *   s(A, B) = w · d(A, B),   s(B, A) = −s(A, B) exactly;
 * the weights come from an ordinal (cumulative logit) model with a symmetric threshold θ
 * (fit-ordinal-pairs.ts): P(B more certain) = σ(s − θ), P(A more certain) = σ(−s − θ).
 * |s| < tieBand → no clear difference; |s| < clearBand → slightly; else clearly (clearBand =
 * θ + ln 3: the model gives at least 75% to that direction). Weights, θ and the bands are fitted
 * by scripts/fit-certainty-pairs.ts (leave-one-source-out over every certainty source), which
 * writes them as JSON (`--out-weights`). No fitted weights ship: on held-out data the pair
 * comparator did not beat the offline comparator (docs/probes/certainty.md, "Pair comparator"),
 * so it is a library class and a validation target (`scripts/validate-certainty.ts --pair-weights`),
 * not a judge of `slant run`.
 */
import { UserError } from '../../core/errors.js';
import { bandedScore, judgementFromDelta } from './antisymmetric-judgement.js';
import type { CertaintyScore } from './labels.js';
import { isExternalFeature, pairDiffFeatures } from './pair-diff-features.js';
import type { CertaintyComparator, OrderedJudgement, PairJudgement, PairwiseCertaintyJudge } from './types.js';

/** clear band − θ: "clearly" when σ(|s| − θ) ≥ 0.75 */
export const PAIR_CLEAR_MARGIN = Math.log(3);

export interface PairComparatorWeights {
  version: string;
  /** divide d(A, B) by √(1 + changed n-grams) */
  normalise: boolean;
  theta: number;
  tieBand: number;
  clearBand: number;
  weights: Record<string, number>;
}

/** Checks a weights object read from JSON (e.g. the fit script's --out-weights file); `where` names it in errors. */
export function parsePairWeights(raw: unknown, where: string): PairComparatorWeights {
  const r = raw as Partial<PairComparatorWeights> | null;
  const num = (x: unknown): boolean => typeof x === 'number' && Number.isFinite(x);
  if (!r || typeof r !== 'object' || typeof r.version !== 'string' || typeof r.normalise !== 'boolean' || !num(r.theta) || !num(r.tieBand) || !num(r.clearBand) || !r.weights || typeof r.weights !== 'object') {
    throw new UserError(`${where}: expected pair-comparator weights {version, normalise, theta, tieBand, clearBand, weights} (written by scripts/fit-certainty-pairs.ts --out-weights)`);
  }
  for (const [k, v] of Object.entries(r.weights)) {
    if (!num(v)) throw new UserError(`${where}: weight "${k}" is not a finite number`);
    if (isExternalFeature(k)) throw new UserError(`${where}: weight "${k}" needs a feature PairCertaintyComparator does not compute (fitted with --with-strength, --base-delta or --embeddings)`);
  }
  return r as PairComparatorWeights;
}

export class PairCertaintyComparator implements PairwiseCertaintyJudge, CertaintyComparator {
  readonly id = 'certainty-pair';
  readonly version: string;
  private readonly weights: ReadonlyMap<string, number>;
  private readonly normalise: boolean;
  readonly tieBand: number;
  readonly clearBand: number;

  constructor(w: PairComparatorWeights, bands: { tieBand?: number | undefined; clearBand?: number | undefined } = {}) {
    this.version = w.version;
    this.weights = new Map(Object.entries(w.weights));
    this.normalise = w.normalise;
    this.tieBand = bands.tieBand ?? w.tieBand;
    this.clearBand = bands.clearBand ?? Math.max(this.tieBand, w.clearBand);
    if (!(this.tieBand >= 0 && this.clearBand >= this.tieBand)) {
      throw new UserError(`certainty: the pair comparator's clear band (${this.clearBand}) must be at least its tie band (${this.tieBand}) ≥ 0`);
    }
  }

  /** The bands change the answers but not `version`, so a stored card is kept under both. */
  get cardVersion(): string {
    return `${this.version} tie ${this.tieBand} clear ${this.clearBand}`;
  }

  /** s(A, B): > 0 when B is more certain; s(B, A) = −s(A, B). */
  delta(textA: string, textB: string): number {
    let s = 0;
    for (const [k, v] of pairDiffFeatures(textA, textB, { normalise: this.normalise })) s += (this.weights.get(k) ?? 0) * v;
    return s;
  }

  scoreOf(delta: number): CertaintyScore {
    return bandedScore(delta, this.tieBand, this.clearBand);
  }

  /** The features that moved the score most, for the judgement's reasoning. */
  private explain(textA: string, textB: string, delta: number): string {
    const contrib = [...pairDiffFeatures(textA, textB, { normalise: this.normalise })]
      .map(([k, v]) => [k, (this.weights.get(k) ?? 0) * v] as const)
      .filter(([, c]) => c !== 0)
      .sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]))
      .slice(0, 5);
    const list = contrib.map(([k, c]) => `${k} ${c > 0 ? '+' : ''}${c.toFixed(2)}`).join(', ') || 'none';
    return `Changed features (toward B > 0): ${list}. s = ${delta.toFixed(3)}.`;
  }

  async judgeOrdered(textA: string, textB: string): Promise<OrderedJudgement> {
    const d = this.delta(textA, textB);
    return { score: this.scoreOf(d), reasoning: this.explain(textA, textB, d) };
  }

  /** Both orders from one score: s(B, A) = −s(A, B), so the two orders always agree. */
  async compare(original: string, modified: string): Promise<PairJudgement> {
    const delta = this.delta(original, modified);
    return judgementFromDelta(delta, this, { forward: this.explain(original, modified, delta), reverse: this.explain(modified, original, -delta) });
  }
}
