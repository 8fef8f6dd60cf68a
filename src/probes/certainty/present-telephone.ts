import { metricOf, statOf, type Presentation } from '../../results/presentation.js';
import type { TelephoneResult } from './broken-telephone.js';
import { citedTitle } from '../../core/papers.js';

/** Seed 004 Figure 4 (broken telephone): CD↑ and CD↓ at each turn with their Wilson intervals, and the table. */
export function presentTelephone(res: Pick<TelephoneResult, 'perTurn'>, model: string): Presentation {
  const series: [string, string][] = [
    ['cd_up', 'CD↑ (more certain)'],
    ['cd_down', 'CD↓ (less certain)'],
  ];
  return {
    tables: [
      {
        id: 'telephone',
        title: citedTitle(`Broken telephone: certainty distortion by turn, ${model}`, '004', 'Figure 4'),
        columns: ['turn', 'CD', 'CD↑', 'CD↓', 'inconsistent'],
        rows: res.perTurn.map((t) => [t.turn, ...['cd', 'cd_up', 'cd_down', 'inconsistent_rate'].map((n) => statOf(metricOf({ metrics: t.metrics }, n)))]),
      },
    ],
    figures: [
      {
        kind: 'lines',
        id: 'figure4',
        title: citedTitle('Broken telephone: certainty raised and lowered by turn', '004', 'Figure 4'),
        subtitle: model,
        x: 'turn (rewrite of the previous rewrite)',
        y: 'share of items',
        points: res.perTurn.flatMap((t) =>
          series.map(([name, label]) => {
            const m = metricOf({ metrics: t.metrics }, name);
            return { x: t.turn, series: label, value: m?.value ?? null, low: m?.ci?.low ?? null, high: m?.ci?.high ?? null, n: m?.n ?? 0 };
          }),
        ),
      },
    ],
  };
}
