import type { Metric } from '../../core/types.js';
import type { GroupResult } from '../types.js';
import { cdMetrics, type Denominator, type ItemLabel } from './metrics.js';
import type { CertaintyMeasurement } from './schema.js';

const pct = (v: number | null | undefined, n: number): string => (v === null || v === undefined ? `— (n = ${n})` : `${(100 * v).toFixed(1)}%`);

/**
 * Seed 004 Figure 4 data (broken telephone): CD, CD↑ and CD↓ of turn t against the original, per
 * turn, with each turn's n (items whose telephone reached that turn).
 */
export function telephoneTable(base: Omit<GroupResult, 'labels'>, items: readonly Pick<CertaintyMeasurement, 'turns'>[], denominator: Denominator): Omit<GroupResult, 'labels'> {
  const T = Math.max(...items.map((m) => m.turns?.length ?? 0));
  const rows: (string | number)[][] = [];
  const perTurn: { turn: number; metrics: Metric[] }[] = [];
  for (let t = 1; t <= T; t++) {
    const labels = items.map((m) => m.turns?.find((x) => x.turn === t)?.label).filter((l): l is ItemLabel => l !== undefined);
    const ms = cdMetrics(labels, { denominator });
    perTurn.push({ turn: t, metrics: ms });
    const v = (name: string) => ms.find((m) => m.name === name);
    rows.push([t, labels.length, pct(v('cd')?.value, v('cd')?.n ?? 0), pct(v('cd_up')?.value, v('cd_up')?.n ?? 0), pct(v('cd_down')?.value, v('cd_down')?.n ?? 0), pct(v('inconsistent_rate')?.value, labels.length)]);
  }
  return {
    ...base,
    // the per-turn metrics with their intervals, for Figure 4 in the report
    extra: { ...(base.extra ?? {}), telephone: perTurn },
    tables: [...(base.tables ?? []), { name: 'telephone', title: 'Figure 4: broken telephone, turn t judged against the original', columns: ['turn', 'n', 'CD', 'CD↑', 'CD↓', 'inconsistent'], rows }],
  };
}
