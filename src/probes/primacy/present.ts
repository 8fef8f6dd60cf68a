import { metricOf, modelName, pointOf, seriesName, statOf, type Presentation } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import { citedTitle } from '../../core/papers.js';

const THIRDS: [string, string][] = [
  ['mean_s_b', 'beginning (s̄_b)'],
  ['mean_s_m', 'middle (s̄_m)'],
  ['mean_s_e', 'end (s̄_e)'],
];

/** Seed 000: s̄_b, s̄_m, s̄_e with t intervals, ψ_pri with its Wilson interval, the paired t-test. */
export function presentPrimacy(group: GroupResultJson): Presentation {
  const series = seriesName(group.labels);
  const link = (filter?: string) => ({ probe: 'primacy', labels: group.labels, ...(filter ? { filter } : {}) });
  return {
    tables: [
      {
        id: 'primacy',
        title: citedTitle('Similarity of the output to each third of its source; primacy rate', '000', 'eq. 2'),
        columns: ['metric', 'value'],
        rows: [
          ...THIRDS.map(([name, label]) => [label, statOf(metricOf(group, name))]),
          ['ψ_pri (s_b > s_m + α)', statOf(metricOf(group, 'psi_pri'))],
          ['s̄_b − s̄_m (paired t)', statOf(metricOf(group, 'mean_s_b_minus_s_m'))],
          ['coverage (s̄_b+s̄_m+s̄_e)/3', statOf(metricOf(group, 'coverage'))],
        ],
        links: [link(), link(), link(), link('primacy'), link(), link()],
      },
    ],
    figures: [
      {
        kind: 'intervals',
        id: 'thirds',
        title: 'Similarity to the beginning, middle and end of the source (mean, 95% t interval)',
        x: 'third of the source',
        y: 'mean cosine similarity',
        points: THIRDS.map(([name, label]) => ({ category: label, series, ...pointOf(metricOf(group, name)) })),
      },
      {
        kind: 'intervals',
        id: 'psi-pri',
        title: 'ψ_pri: share of outputs closer to the beginning than to the middle (95% Wilson interval)',
        x: 'model',
        y: 'ψ_pri',
        horizontal: true,
        points: [{ category: modelName(group.labels), series: group.labels.dataset ?? '', ...pointOf(metricOf(group, 'psi_pri')) }],
      },
    ],
  };
}
