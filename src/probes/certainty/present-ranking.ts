import type { Cell, Presentation } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import type { RankedSource } from './ranking-intervals.js';
import { RANKING_COLUMNS } from './ranking-table.js';
import { citedTitle } from '../../core/papers.js';

/** A ranked source as the report shows it: the ranking-intervals numbers (intervals absent where the bootstrap gave none). */
export type RankingRow = Omit<RankedSource, 'component' | 'n'> & { component?: number; n?: number; stratum?: string };

const finite = (v: number | undefined): number | null => (v !== undefined && Number.isFinite(v) && v > 0 ? v : null);
const logOf = (v: number | undefined): number | null => {
  const x = finite(v);
  return x === null ? null : Math.log(x);
};

/**
 * Seed 004's Bradley–Terry (Rao–Kupper) ranking of source certainty as a table and a chart, from the
 * rows of the one ranking bootstrap (ranking-intervals.ts): log λ with its 95% interval (λ has
 * geometric mean 1, so 0 is an average source) with its n (the judgements the source took part
 * in), λ, the rank's interval and the stratum. A comparison graph in several components is shown as such: one
 * colour per component and a note that the order across components is arbitrary.
 */
export function presentRanking(rows: readonly RankingRow[]): Presentation {
  const components = new Set(rows.map((r) => r.component ?? 1)).size;
  const split = components > 1;
  const note = split
    ? `The comparison graph has ${components} disconnected components: strengths compare only within a component (each has its own scale) and the order across components is arbitrary; raise ranking.k1.`
    : undefined;
  const sorted = [...rows].sort((a, b) => a.rank - b.rank);
  const rankCi = (r: RankingRow): string | null => (r.rankLow === undefined || r.rankHigh === undefined ? null : `[${r.rankLow}, ${r.rankHigh}]`);
  return {
    tables: [
      {
        id: 'ranking',
        title: citedTitle('Bradley–Terry (Rao–Kupper) ranking of source certainty, most certain first: log λ with 95% bootstrap interval', '004', 'App. D.2'),
        columns: ['rank', 'source', 'log λ', 'λ', 'rank 95% interval', 'stratum', ...(split ? ['component'] : [])],
        rows: sorted.map((r): Cell[] => [
          r.rank,
          r.id,
          { value: logOf(r.lambda), n: r.n ?? 0, ...(r.lambdaLow !== undefined && r.lambdaHigh !== undefined ? { ci: { low: logOf(r.lambdaLow), high: logOf(r.lambdaHigh), level: 0.95, method: 'bootstrap, judgements redrawn per pair' } } : {}), kind: 'mean' },
          finite(r.lambda) === null ? null : Number((r.lambda as number).toPrecision(4)),
          rankCi(r),
          r.stratum ?? null,
          ...(split ? [r.component ?? 1] : []),
        ]),
        ...(note ? { note } : {}),
      },
    ],
    figures: [
      {
        kind: 'intervals',
        id: 'bt-ranking',
        title: 'Bradley–Terry ranking of source certainty, most certain on top (95% bootstrap interval)',
        x: 'source',
        y: 'log λ (certainty strength; 0 = geometric mean)',
        horizontal: true,
        rule: 0,
        ...(note ? { caption: note } : {}),
        points: sorted.map((r) => ({ category: r.id, series: split ? `component ${r.component ?? 1}` : '', value: logOf(r.lambda), low: logOf(r.lambdaLow), high: logOf(r.lambdaHigh), n: r.n ?? 0 })),
      },
    ],
  };
}

/** The ranking rows of a certainty group, read back from its stored `source_ranking` table (undefined when the run did not rank). */
export function rankingRowsOf(group: Pick<GroupResultJson, 'tables'>): RankingRow[] | undefined {
  const t = group.tables?.find((x) => x.name === 'source_ranking');
  if (!t) return undefined;
  const col = (name: (typeof RANKING_COLUMNS)[number]): number => t.columns.indexOf(name);
  const num = (r: (string | number | null)[], name: (typeof RANKING_COLUMNS)[number]): number | undefined => {
    const v = r[col(name)];
    return typeof v === 'number' ? v : undefined;
  };
  // a table written before the ranking stored numbers (λ as text) has no numeric λ column
  if (col('λ 95% low') < 0) return undefined;
  return t.rows.map((r) => {
    const row: RankingRow = { id: String(r[col('id')] ?? ''), rank: num(r, 'rank') ?? 0, lambda: num(r, 'λ') ?? NaN };
    const opt = { lambdaLow: num(r, 'λ 95% low'), lambdaHigh: num(r, 'λ 95% high'), rankLow: num(r, 'rank 95% low'), rankHigh: num(r, 'rank 95% high'), component: num(r, 'component'), n: num(r, 'judgements') };
    for (const [k, v] of Object.entries(opt)) if (v !== undefined) (row as unknown as Record<string, number>)[k] = v;
    const s = r[col('stratum')];
    if (typeof s === 'string') row.stratum = s;
    return row;
  });
}
