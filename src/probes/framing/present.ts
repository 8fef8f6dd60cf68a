import { FRAMINGS } from '../../core/types.js';
import { metricOf, statOf, type Presentation } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import { TABLE2_TRANSITIONS, transitionName } from './transitions.js';
import { citedTitle } from '../../core/papers.js';

/** Seed 000 Table 2 (the six off-diagonal transition rates) and the transition matrix as a heatmap. */
export function presentFraming(group: GroupResultJson): Presentation {
  const link = (filter?: string) => ({ probe: 'framing', labels: group.labels, ...(filter ? { filter } : {}) });
  const rows = [
    ['φ_frame (any change)', statOf(metricOf(group, 'phi_frame'))],
    ...TABLE2_TRANSITIONS.map(([f, t]) => [transitionName(f, t), statOf(metricOf(group, `shift_${f}_to_${t}`))]),
  ];
  const counts = group.tables?.find((t) => t.name === 'transitions');
  const cells = FRAMINGS.flatMap((from, i) =>
    FRAMINGS.map((to, j) => ({ row: from, col: to, value: Number(counts?.rows[i]?.[j + 1] ?? 0), n: group.n })),
  );
  return {
    tables: [
      {
        id: 'table2',
        title: citedTitle('Framing transitions, share of all items', '000', 'Table 2'),
        columns: ['transition', 'rate'],
        rows,
        links: [link('changed'), ...TABLE2_TRANSITIONS.map(([f, t]) => link(`transition:${f}>${t}`))],
      },
    ],
    figures: [
      {
        kind: 'heatmap',
        id: 'transition-matrix',
        title: 'Framing transition matrix (counts)',
        x: 'framing of the output',
        y: 'framing of the source',
        cells,
        rowOrder: [...FRAMINGS],
        colOrder: [...FRAMINGS],
      },
    ],
  };
}
