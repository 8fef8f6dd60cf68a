/**
 * Seed 004 Table 1 (CD per model × dataset with the per-model average over datasets) and Table 2
 * (CD↑, CD↓ and R per model × dataset; a run's dataset stands for a domain/task).
 */
import { citedTitle } from '../../core/papers.js';
import { statOf, type Cell } from '../../results/presentation.js';
import type { GroupResultJson, ProbeResult } from '../../results/schema.js';
import { baselineGroups, metric, probeResult, type PaperTable } from '../paper-table.js';

const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;

function seed004Tables(certainty: ProbeResult | undefined): PaperTable[] {
  const groups = baselineGroups(certainty);
  if (groups.length === 0) return [];
  const datasets = [...new Set(groups.map((g) => g.labels.dataset ?? ''))];
  const models = [...new Set(groups.map((g) => g.labels.model ?? ''))];
  const find = (m: string, d: string) => groups.find((g) => (g.labels.model ?? '') === m && (g.labels.dataset ?? '') === d);
  const stat = (g: GroupResultJson | undefined, name: string): Cell => statOf(metric(g, name)) ?? '— (n = 0)';
  const t1 = models.map((m) => {
    const cds = datasets.map((d) => metric(find(m, d), 'cd'));
    const defined = cds.map((c) => c?.value).filter((v): v is number => typeof v === 'number');
    return [m, ...datasets.map((d) => stat(find(m, d), 'cd')), defined.length === datasets.length ? pct(defined.reduce((a, b) => a + b, 0) / defined.length) : `— (${defined.length} of ${datasets.length} datasets)`];
  });
  const t2 = models.map((m) => [m, ...datasets.flatMap((d) => [stat(find(m, d), 'cd_up'), stat(find(m, d), 'cd_down'), stat(find(m, d), 'ratio')])]);
  return [
    {
      id: 'seed004_table1',
      title: citedTitle('Certainty distortion CD per model and dataset, with the per-model average', '004', 'Table 1'),
      columns: ['model', ...datasets, 'Avg'],
      rows: t1,
      note: "Avg: the unweighted mean of the model's per-dataset CD, as the paper reports it (no interval).",
    },
    { id: 'seed004_table2', title: citedTitle('More certain CD↑, less certain CD↓ and R per model and dataset', '004', 'Table 2'), columns: ['model', ...datasets.flatMap((d) => [`${d} CD↑`, `${d} CD↓`, `${d} R`])], rows: t2 },
  ];
}

export const certaintyPaperTables = (probes: readonly ProbeResult[]): PaperTable[] => seed004Tables(probeResult(probes, 'certainty'));
