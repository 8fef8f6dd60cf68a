import type { GroupResult } from '../types.js';
import type { SourceRanking } from './schema.js';

/** The columns of the stored App. D.2 ranking table (numbers; null where a bootstrap gave no interval). */
export const RANKING_COLUMNS = ['rank', 'id', 'λ', 'λ 95% low', 'λ 95% high', 'rank 95% low', 'rank 95% high', 'stratum', 'component', 'judgements'] as const;

/** Adds the App. D.2 ranking table (rank, λ with bootstrap intervals, stratum, component, n) and the graph's state. */
export function rankingTable(base: Omit<GroupResult, 'labels'>, ranked: SourceRanking[]): Omit<GroupResult, 'labels'> {
  const rows = [...ranked].sort((a, b) => a.rank - b.rank);
  const first = rows[0]!;
  const extra: Record<string, unknown> = { ...(base.extra ?? {}) };
  extra['source_ranking'] = {
    items: first.items,
    judge: first.judge,
    judgements: first.judgements,
    invalid: first.invalid,
    components: first.components,
    converged: first.converged,
  };
  if (first.components > 1) {
    extra['source_ranking_warning'] = `the comparison graph has ${first.components} disconnected components: the order (and the strata) across them is arbitrary; raise ranking.k1`;
  } else if (!first.converged) {
    extra['source_ranking_warning'] = 'the Rao–Kupper fit did not converge (a source never won or never lost): set ranking.prior, or raise k1/k2';
  }
  const v = (x: number | undefined): number | null => (x === undefined || !Number.isFinite(x) ? null : x);
  return {
    ...base,
    tables: [
      ...(base.tables ?? []),
      {
        name: 'source_ranking',
        title: 'Source certainty ranking (App. D.2, Rao–Kupper; 95% bootstrap intervals, judgements redrawn per pair), most certain first',
        columns: [...RANKING_COLUMNS],
        rows: rows.map((r) => [r.rank, r.id, v(r.lambda), v(r.lambdaLow), v(r.lambdaHigh), v(r.rankLow), v(r.rankHigh), r.stratum, r.component ?? null, r.n ?? null]),
      },
    ],
    extra,
  };
}
