/**
 * Intervals for a source-certainty ranking (Belem et al., App. D.2 report the ranking; slant adds
 * uncertainty): a nonparametric bootstrap over the judged pairs — resample the compared pairs with
 * replacement (each with all of its judgements), refit Rao–Kupper, and take the 2.5/97.5
 * percentiles of each item's log-strength and rank. Items missing from a resample keep no value
 * for it (their interval uses the resamples they appear in).
 */
import { fitBradleyTerryTies, type PairCounts } from '../../stats/bradley-terry.js';
import { createRng } from '../../stats/rng.js';
import { quantileSorted } from '../../stats/quantile.js';
import type { RankingResult } from './ranking.js';

export interface RankedSource {
  id: string;
  /** 1 = most certain */
  rank: number;
  /** λ (the paper's form, geometric mean of π is 1) */
  lambda: number;
  lambdaLow?: number;
  lambdaHigh?: number;
  rankLow?: number;
  rankHigh?: number;
}

export function rankingIntervals(result: Pick<RankingResult, 'fit' | 'counts'>, opts: { resamples?: number; seed?: number } = {}): RankedSource[] {
  const B = opts.resamples ?? 100;
  const ids = result.fit.ranking;
  const logs = new Map<string, number[]>(ids.map((id) => [id, []]));
  const ranks = new Map<string, number[]>(ids.map((id) => [id, []]));
  const rng = createRng(opts.seed ?? 7);
  const pairs: PairCounts[] = result.counts;
  for (let b = 0; b < B && pairs.length > 0; b++) {
    const sample: PairCounts[] = [];
    for (let k = 0; k < pairs.length; k++) sample.push(pairs[Math.floor(rng() * pairs.length)]!);
    const fit = fitBradleyTerryTies(sample, { tolerance: 1e-8, maxIterations: 2000 });
    fit.ranking.forEach((id, r) => {
      const v = fit.lambda[id]!;
      if (v > 0 && Number.isFinite(v)) logs.get(id)?.push(Math.log(v));
      ranks.get(id)?.push(r + 1);
    });
  }
  return ids.map((id, r) => {
    const out: RankedSource = { id, rank: r + 1, lambda: result.fit.lambda[id]! };
    const l = logs.get(id)!;
    const q = ranks.get(id)!;
    if (l.length >= 2) {
      const s = [...l].sort((a, b) => a - b);
      out.lambdaLow = Math.exp(quantileSorted(s, 0.025));
      out.lambdaHigh = Math.exp(quantileSorted(s, 0.975));
    }
    if (q.length >= 2) {
      const s = [...q].sort((a, b) => a - b);
      out.rankLow = Math.round(quantileSorted(s, 0.025));
      out.rankHigh = Math.round(quantileSorted(s, 0.975));
    }
    return out;
  });
}
