/**
 * Intervals for a source-certainty ranking (Belem et al., App. D.2 report the ranking; slant adds
 * uncertainty): a bootstrap of the judgements given the design — every compared pair keeps its
 * number of judgements, redrawn from its own observed shares of wins, losses and ties — then
 * Rao–Kupper is refitted (with the run's prior) and the 2.5/97.5 percentiles of each item's
 * log-strength and rank are taken. Keeping the pairs fixed keeps the comparison graph connected in
 * every resample (resampling whole pairs disconnects small designs). Resamples whose fit does not
 * converge (no finite MLE) are left out; with fewer than 2 usable resamples an item has no interval.
 * This is slant's one ranking bootstrap: `slant run` (ranking option), `slant certainty rank` and the
 * report's ranking table and chart (present-ranking.ts) all show its numbers.
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
  /** the connected component of the comparison graph the source is in (1-based; > 1 only when the graph is disconnected) */
  component: number;
  /** judgements this source took part in (its n) */
  n: number;
}

export function rankingIntervals(result: Pick<RankingResult, 'fit' | 'counts'>, opts: { resamples?: number; seed?: number; prior?: number } = {}): RankedSource[] {
  const B = opts.resamples ?? 100;
  const ids = result.fit.ranking;
  const logs = new Map<string, number[]>(ids.map((id) => [id, []]));
  const ranks = new Map<string, number[]>(ids.map((id) => [id, []]));
  const rng = createRng(opts.seed ?? 7);
  const pairs: PairCounts[] = result.counts;
  for (let b = 0; b < B && pairs.length > 0; b++) {
    const sample: PairCounts[] = pairs.map((p) => {
      const t = p.aWins + p.bWins + p.ties;
      const s: PairCounts = { a: p.a, b: p.b, aWins: 0, bWins: 0, ties: 0 };
      for (let k = 0; k < t; k++) {
        const u = rng() * t;
        if (u < p.aWins) s.aWins++;
        else if (u < p.aWins + p.bWins) s.bWins++;
        else s.ties++;
      }
      return s;
    });
    const fit = fitBradleyTerryTies(sample, { tolerance: 1e-8, maxIterations: 5000, ...(opts.prior !== undefined ? { prior: opts.prior } : {}) });
    // a resample without a finite MLE (disconnected, or a source that never loses) says nothing
    if (!fit.converged) continue;
    fit.ranking.forEach((id, r) => {
      const v = fit.lambda[id]!;
      if (v > 0 && Number.isFinite(v)) logs.get(id)?.push(Math.log(v));
      ranks.get(id)?.push(r + 1);
    });
  }
  const component = new Map<string, number>();
  result.fit.components.forEach((c, k) => c.forEach((id) => component.set(id, k + 1)));
  const n = new Map<string, number>();
  for (const p of pairs) for (const id of [p.a, p.b]) n.set(id, (n.get(id) ?? 0) + p.aWins + p.bWins + p.ties);
  return ids.map((id, r) => {
    const out: RankedSource = { id, rank: r + 1, lambda: result.fit.lambda[id]!, component: component.get(id) ?? 1, n: n.get(id) ?? 0 };
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
