import { metricOf, pointOf, seriesName, statOf, type Presentation, type PresentedTable } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import { citedTitle } from '../../core/papers.js';

const PERIODS = ['pre', 'post'] as const;

/** Seed 000: Table 4 (accuracies before/after the cutoff, δ_H) and Table 6 (confidence tags). */
export function presentHallucination(group: GroupResultJson): Presentation {
  const model = seriesName(group.labels);
  const link = (filter?: string) => ({ probe: 'hallucination', labels: group.labels, ...(filter ? { filter } : {}) });
  const tables: PresentedTable[] = [
    {
      id: 'table4',
      title: citedTitle('Accuracy on true and falsified news before and after the cutoff', '000', 'Table 4'),
      columns: ['period', 'actual news acc.', 'falsified news acc.', 'strict acc. s_H'],
      rows: [...PERIODS, 'all'].map((p) => {
        const s = p === 'all' ? '' : `_${p}`;
        return [p, statOf(metricOf(group, `actual_acc${s}`)), statOf(metricOf(group, `falsified_acc${s}`)), statOf(metricOf(group, `strict_acc${s}`))];
      }),
      links: [link('period:pre'), link('period:post'), link()],
    },
    { id: 'delta_h', title: 'δ_H = |s_H^pre − s_H^post| (eq. 4, Newcombe interval)', columns: ['metric', 'value'], rows: [['δ_H', statOf(metricOf(group, 'delta_h'))], ['s_H^pre − s_H^post', statOf(metricOf(group, 'delta_h_signed'))]] },
  ];
  const conf = group.tables?.find((t) => t.name === 'confidence');
  if (conf) {
    tables.push({
      id: 'table6',
      title: citedTitle('Epistemic tagging: share of High confidence among tagged answers', '000', 'Table 6'),
      columns: ['period', 'actual news: High', 'falsified news: High'],
      rows: PERIODS.map((p) => [p, statOf(metricOf(group, `high_conf_actual_${p}`)), statOf(metricOf(group, `high_conf_falsified_${p}`))]),
    });
  }
  return {
    tables,
    figures: [
      {
        kind: 'intervals',
        id: 'strict',
        title: 'Strict accuracy s_H before and after the knowledge cutoff (95% Wilson interval)',
        x: 'period',
        y: 'strict accuracy s_H',
        points: PERIODS.map((p) => ({ category: `${p}-cutoff`, series: model, ...pointOf(metricOf(group, `strict_acc_${p}`)) })),
      },
    ],
  };
}
