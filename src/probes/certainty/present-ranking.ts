import { fitBradleyTerryTies, type PairCounts } from '../../stats/bradley-terry.js';
import { quantileSorted } from '../../stats/quantile.js';
import { createRng } from '../../stats/rng.js';
import type { Presentation } from '../../results/presentation.js';

/**
 * Seed 004's Bradley–Terry ranking of source certainty with 95% percentile-bootstrap intervals
 * of log λ: the judgements (each win, loss or tie of a compared pair) are resampled with
 * replacement `B` times and the model is refitted; an item's interval is the 2.5% and 97.5%
 * quantiles of its refitted log λ (λ has geometric mean 1 in every fit, so log λ is comparable).
 */
export function rankingIntervals(counts: readonly PairCounts[], opts: { B?: number; seed?: number } = {}): { item: string; logLambda: number; low: number; high: number; n: number }[] {
  const fit = fitBradleyTerryTies([...counts]);
  const judgements: [number, 0 | 1 | 2][] = [];
  counts.forEach((c, k) => {
    for (let i = 0; i < c.aWins; i++) judgements.push([k, 0]);
    for (let i = 0; i < c.bWins; i++) judgements.push([k, 1]);
    for (let i = 0; i < c.ties; i++) judgements.push([k, 2]);
  });
  const B = opts.B ?? 200;
  const rng = createRng(opts.seed ?? 1);
  const draws = new Map<string, number[]>(fit.items.map((i) => [i, []]));
  for (let b = 0; b < B; b++) {
    const resampled = counts.map((c) => ({ a: c.a, b: c.b, aWins: 0, bWins: 0, ties: 0 }));
    for (let i = 0; i < judgements.length; i++) {
      const [k, r] = judgements[Math.floor(rng() * judgements.length)] as [number, 0 | 1 | 2];
      const p = resampled[k] as PairCounts;
      if (r === 0) p.aWins++;
      else if (r === 1) p.bWins++;
      else p.ties++;
    }
    const f = fitBradleyTerryTies(resampled.filter((p) => p.aWins + p.bWins + p.ties > 0));
    for (const [item, l] of Object.entries(f.lambda)) draws.get(item)?.push(Math.log(l));
  }
  const n = (item: string): number => counts.reduce((s, c) => s + (c.a === item || c.b === item ? c.aWins + c.bWins + c.ties : 0), 0);
  return fit.ranking.map((item) => {
    const d = (draws.get(item) ?? []).filter(Number.isFinite).sort((x, y) => x - y);
    return { item, logLambda: Math.log(fit.lambda[item] as number), low: d.length ? quantileSorted(d, 0.025) : NaN, high: d.length ? quantileSorted(d, 0.975) : NaN, n: n(item) };
  });
}

/** The ranking as a figure (most certain on top) and a table, every item with its interval and n. */
export function presentRanking(counts: readonly PairCounts[], opts: { B?: number; seed?: number } = {}): Presentation {
  const rows = rankingIntervals(counts, opts);
  const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
  return {
    tables: [
      {
        id: 'ranking',
        title: `Bradley–Terry ranking of source certainty (seed 004), log λ with 95% bootstrap interval (${opts.B ?? 200} resamples of the judgements)`,
        columns: ['rank', 'item', 'log λ', 'judgements'],
        rows: rows.map((r, i) => [i + 1, r.item, { value: num(r.logLambda), n: r.n, ci: { low: num(r.low), high: num(r.high), level: 0.95, method: 'percentile bootstrap over judgements' } }, r.n]),
      },
    ],
    figures: [
      {
        kind: 'intervals',
        id: 'bt-ranking',
        title: 'Bradley–Terry ranking of source certainty, most certain first (95% bootstrap interval)',
        x: 'item',
        y: 'log λ (certainty strength)',
        horizontal: true,
        rule: 0,
        points: rows.map((r) => ({ category: r.item, series: '', value: num(r.logLambda), low: num(r.low), high: num(r.high), n: r.n })),
      },
    ],
  };
}
