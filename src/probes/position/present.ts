import { metricOf, seriesName, type Cell, type Figure, type Presentation, type PresentedTable } from '../../results/presentation.js';
import type { GroupResultJson } from '../../results/schema.js';
import { citedTitle } from '../../core/papers.js';

/**
 * Seed 003: Figure 2 (gold vs the model's positional distribution over K segments), Figure 3
 * (ROUGE vs Wasserstein per model) and Table 1 (Spearman across systems), from the group's tables
 * and metrics. A group holds one system (a run) or several (a SummEval-style file).
 */
export function presentPosition(group: GroupResultJson): Presentation {
  const tables: PresentedTable[] = [];
  const figures: Figure[] = [];
  const dist = group.tables?.find((t) => t.name === 'distributions');
  const dataset = group.labels.dataset ?? '';
  const single = group.metrics.some((m) => m.name === 'wasserstein');
  if (dist) {
    const points = dist.rows.flatMap((row) => {
      const name = String(row[0]);
      const series = name === 'gold' ? `gold${dataset ? ` (${dataset})` : ''}` : single ? seriesName(group.labels) : name;
      return row.slice(1).map((v, j) => ({ x: j + 1, series, value: typeof v === 'number' ? v : null, n: group.n }));
    });
    figures.push({ kind: 'lines', id: 'figure2', title: citedTitle('Positional distribution of summary content over the article', '003', 'Figure 2'), x: 'article segment', y: 'share of mapped sentences', points });
    tables.push({ id: 'distributions', title: dist.title, columns: dist.columns, rows: dist.rows });
  }
  if (single) {
    const w = metricOf(group, 'wasserstein');
    const r = metricOf(group, 'rouge1_f');
    if (w?.value != null && r?.value != null) {
      figures.push({
        kind: 'scatter',
        id: 'figure3',
        title: citedTitle('ROUGE-1 F vs Wasserstein distance to gold, per model', '003', 'Figure 3'),
        x: 'Wasserstein distance (gold vs model)',
        y: 'ROUGE-1 F',
        points: [{ label: seriesName(group.labels), x: w.value, y: r.value, n: w.n, xLow: w.ci?.low ?? null, xHigh: w.ci?.high ?? null }],
      });
    }
  } else {
    const by = group.tables?.find((t) => t.name === 'position_by_system');
    if (by) {
      const points = by.rows
        .filter((row) => typeof row[1] === 'number' && typeof row[7] === 'number')
        .map((row) => ({ label: String(row[0]), x: row[1] as number, y: row[7] as number, n: group.n, xLow: (row[2] as number | null) ?? null, xHigh: (row[3] as number | null) ?? null }));
      figures.push({ kind: 'scatter', id: 'figure3', title: citedTitle('ROUGE-1 F vs Wasserstein distance to gold, per system', '003', 'Figure 3'), x: 'Wasserstein distance (gold vs system)', y: 'ROUGE-1 F', points });
      tables.push({ id: 'position_by_system', title: by.title, columns: by.columns, rows: by.rows });
    }
  }
  const sp = group.tables?.find((t) => t.name === 'spearman');
  if (sp) tables.push({ id: 'spearman', title: citedTitle('Spearman ρ across systems, Wasserstein vs ROUGE', '003', 'Table 1'), columns: sp.columns, rows: sp.rows as Cell[][] });
  return { tables, figures };
}
