/**
 * Seed 000 Table 2 as printed: per dataset × model, the six framing transitions as % of summaries
 * (Table 1, with intervals and item links, is the report's own; Table 4 is the mitigation layout).
 */
import { FRAMINGS } from '../../core/types.js';
import { citedTitle } from '../../core/papers.js';
import { statOf, type Cell } from '../../results/presentation.js';
import type { ProbeResult } from '../../results/schema.js';
import { baselineGroups, metric, probeResult, type PaperTable } from '../paper-table.js';
import { TABLE2_TRANSITIONS, transitionName } from './transitions.js';

function seed000Table2(framing: ProbeResult | undefined): PaperTable | undefined {
  if (!framing) return undefined;
  const groups = baselineGroups(framing);
  const rows = groups.map((g) => {
    const counts = g.tables?.find((t) => t.name === 'transitions')?.rows ?? [];
    return [
      g.labels.dataset ?? '',
      g.labels.model ?? '',
      ...TABLE2_TRANSITIONS.map(([from, to]): Cell => {
        // the group's transition rate with its interval and n; from the counts only for results without it
        const s = statOf(metric(g, `shift_${from}_to_${to}`));
        if (s) return s;
        const c = counts[FRAMINGS.indexOf(from)]?.[FRAMINGS.indexOf(to) + 1];
        return typeof c === 'number' && g.n > 0 ? `${((100 * c) / g.n).toFixed(1)}%` : `— (n = ${g.n})`;
      }),
    ];
  });
  return {
    id: 'seed000_table2',
    title: citedTitle('Framing transitions from source to summary, % of summaries (x→y)', '000', 'Table 2'),
    columns: ['dataset', 'model', ...TABLE2_TRANSITIONS.map(([a, b]) => transitionName(a, b))],
    rows,
    links: groups.map((g) => ({ probe: 'framing', labels: g.labels, filter: 'changed' })),
  };
}

export const framingPaperTables = (probes: readonly ProbeResult[]): PaperTable[] => [seed000Table2(probeResult(probes, 'framing'))].filter((t): t is PaperTable => t !== undefined);
