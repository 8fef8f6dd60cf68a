/**
 * The offline comparators (offline-comparator.ts, pair-comparator.ts) score a pair with an
 * antisymmetric δ(A, B) = −δ(B, A) and band it into the 5-point label; both orders follow from one δ.
 */
import { combineOrders, toCanonical, type CertaintyScore } from './labels.js';
import type { OrderCall, PairJudgement } from './types.js';

/** |δ| < tieBand → 0 (no clear difference); |δ| < clearBand → ±1 (slightly); else ±2 (clearly). */
export function bandedScore(delta: number, tieBand: number, clearBand: number): CertaintyScore {
  const a = Math.abs(delta);
  const mag = a < tieBand ? 0 : a < clearBand ? 1 : 2;
  return (mag === 0 ? 0 : Math.sign(delta) * mag) as CertaintyScore;
}

/** Both presentations of (original, modified) from δ(original, modified), with each order's reasoning. */
export function judgementFromDelta(delta: number, bands: { tieBand: number; clearBand: number }, reasoning: { forward: string; reverse: string }): PairJudgement {
  const fwd = bandedScore(delta, bands.tieBand, bands.clearBand);
  const rev = bandedScore(-delta, bands.tieBand, bands.clearBand);
  const calls: OrderCall[] = [
    { score: fwd, reasoning: reasoning.forward, presentation: 'original-first', canonical: toCanonical(fwd, 'original-first') },
    { score: rev, reasoning: reasoning.reverse, presentation: 'modified-first', canonical: toCanonical(rev, 'modified-first') },
  ];
  const label = combineOrders(calls[0]!.canonical!, calls[1]!.canonical!);
  return { label, judgeLabel: label, calls, score: delta };
}
