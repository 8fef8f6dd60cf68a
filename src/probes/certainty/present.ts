import { groupTables, metricOf, pointOf, seriesName, statOf, type Presentation } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import { presentRanking, rankingRowsOf } from './present-ranking.js';
import { STRATA } from './strata.js';
import type { TelephoneResult } from './broken-telephone.js';
import { presentTelephone } from './present-telephone.js';
import { citedTitle } from '../../core/papers.js';

const COLS: [string, string][] = [
  ['cd', 'CD'],
  ['cd_up', 'CD↑'],
  ['cd_down', 'CD↓'],
  ['ratio', 'R = CD↑/CD↓'],
  ['tie_rate', 'ties'],
  ['inconsistent_rate', 'inconsistent'],
];

const MODERATOR_COLS: [string, string][] = [
  ['inconsistent_before_moderator', 'inconsistent before'],
  ['inconsistent_after_moderator', 'inconsistent after'],
  ['moderator_reviewed', 'reviewed'],
  ['moderator_tie', 'tie'],
  ['moderator_down', 'decrease'],
  ['moderator_up', 'increase'],
  ['moderator_unresolved', 'unresolved'],
  ['moderator_invalid', 'unreadable'],
];

/** Seed 004: Table 1 (CD, CD↑, CD↓, R) and Table 2 (by source-certainty stratum), CD↑/CD↓ with intervals. */
export function presentCertainty(group: GroupResultJson): Presentation {
  const model = seriesName(group.labels);
  const link = (filter?: string) => ({ probe: 'certainty', labels: group.labels, ...(filter ? { filter } : {}) });
  const strata = STRATA.filter((s) => metricOf(group, `cd@${s}`));
  const rows = rankingRowsOf(group);
  const ranking = rows?.length ? presentRanking(rows) : undefined;
  return {
    tables: [
      { id: 'table1', title: citedTitle('Certainty distortion', '004', 'Table 1'), columns: ['model', ...COLS.map(([, l]) => l)], rows: [[model, ...COLS.map(([n]) => statOf(metricOf(group, n)))]], links: [link('changed')] },
      ...(strata.length
        ? [{ id: 'table2', title: citedTitle('Certainty distortion by source-certainty stratum', '004', 'Table 2'), columns: ['stratum', ...COLS.slice(0, 4).map(([, l]) => l)], rows: strata.map((s) => [s, ...COLS.slice(0, 4).map(([n]) => statOf(metricOf(group, `${n}@${s}`)))]), links: strata.map((s) => link(`stratum:${s}`)) }]
        : []),
      // App. D.1: the judge's inconsistency before and after the moderator, and how the reviewed items came out
      ...(metricOf(group, 'inconsistent_before_moderator')
        ? [
            {
              id: 'moderator',
              title: citedTitle('Moderator: inconsistency across orders before and after, and how the reviewed items were resolved (shares of the reviewed)', '004', 'App. D.1'),
              columns: ['model', ...MODERATOR_COLS.map(([, l]) => l)],
              rows: [[model, ...MODERATOR_COLS.map(([n]) => statOf(metricOf(group, n)))]],
              links: [link('moderated')],
            },
          ]
        : []),
      // App. D.2 ranking (from the run's one ranking bootstrap) and Figure 4 (broken telephone), as aggregated
      ...(ranking?.tables ?? []),
      ...groupTables(group, ['telephone']),
    ],
    figures: [
      // Figure 4 of a broken-telephone condition: CD↑ and CD↓ by turn
      ...(Array.isArray(group.extra?.['telephone']) ? presentTelephone({ perTurn: group.extra['telephone'] as TelephoneResult['perTurn'] }, model).figures : []),
      {
        kind: 'intervals',
        id: 'cd',
        title: 'Certainty raised (CD↑) and lowered (CD↓) by the rewrite (95% interval)',
        x: 'direction',
        y: 'share of items',
        points: [
          { category: 'CD↑ (more certain)', series: model, ...pointOf(metricOf(group, 'cd_up')) },
          { category: 'CD↓ (less certain)', series: model, ...pointOf(metricOf(group, 'cd_down')) },
        ],
      },
      ...(ranking?.figures ?? []),
    ],
  };
}
