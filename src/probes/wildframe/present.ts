import { groupTables, metricOf, modelName, pointOf, seriesName, statOf, type Presentation } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import { citedTitle } from '../../core/papers.js';

const POLARITIES = ['positive', 'negative'] as const;

/** Seed 001: Figure 3 (shift rate by base polarity, the model beside the human majority) and r. */
export function presentWildframe(group: GroupResultJson): Presentation {
  const model = seriesName(group.labels);
  const humans = POLARITIES.some((p) => metricOf(group, `human_shift_rate_base_${p}`));
  const points = POLARITIES.flatMap((p) => [
    { category: `${p} base`, series: model, ...pointOf(metricOf(group, `shift_rate_base_${p}`)) },
    ...(humans ? [{ category: `${p} base`, series: 'humans (majority)', ...pointOf(metricOf(group, `human_shift_rate_base_${p}`)) }] : []),
  ]);
  const r = metricOf(group, 'pearson_r');
  const link = (filter?: string) => ({ probe: 'wildframe', labels: group.labels, ...(filter ? { filter } : {}) });
  return {
    tables: [
      // Figure 3: shift by base polarity beside the humans'
      ...groupTables(group, ['shift_by_polarity']),
      {
        id: 'wildframe',
        title: citedTitle('Shift under opposite framing', '001'),
        columns: ['metric', 'model', 'humans (majority)'],
        rows: [
          ['shift rate', statOf(metricOf(group, 'shift_rate')), statOf(metricOf(group, 'human_shift_rate'))],
          ...POLARITIES.map((p) => [`shift rate, ${p} base`, statOf(metricOf(group, `shift_rate_base_${p}`)), statOf(metricOf(group, `human_shift_rate_base_${p}`))]),
          ['Pearson r (model vs human score)', statOf(r), null],
        ],
        links: [link('changed'), link('polarity:positive'), link('polarity:negative'), link()],
      },
    ],
    figures: [
      { kind: 'intervals', id: 'figure3', title: citedTitle('Shift rate by base polarity, model beside humans', '001', 'Figure 3'), x: 'base statement polarity', y: 'shift rate', points },
      ...(r ? [{ kind: 'intervals' as const, id: 'pearson', title: 'Pearson r between model and human shift scores (Fisher-z 95% interval)', x: 'model', y: 'Pearson r', horizontal: true, rule: 0, points: [{ category: modelName(group.labels), series: group.labels.dataset ?? '', ...pointOf(r) }] }] : []),
    ],
  };
}
