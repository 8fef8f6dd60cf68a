/**
 * Seed 003 (Appendix E, run mode): per dataset, Spearman ρ across the run's models between the
 * Wasserstein distance and ROUGE-1/2/L F (needs ≥ 3 models; otherwise "—" with n).
 */
import { citedTitle } from '../../core/papers.js';
import type { ProbeResult } from '../../results/schema.js';
import { spearman } from '../../stats/spearman.js';
import { baselineGroups, metric, probeResult, type PaperTable } from '../paper-table.js';

function seed003Spearman(position: ProbeResult | undefined): PaperTable | undefined {
  const groups = baselineGroups(position);
  if (groups.length === 0) return undefined;
  const datasets = [...new Set(groups.map((g) => g.labels.dataset ?? ''))];
  const rows: PaperTable['rows'] = [];
  for (const d of datasets) {
    const gs = groups.filter((g) => (g.labels.dataset ?? '') === d);
    for (const [rouge, label] of [['rouge1_f', 'ROUGE-1'], ['rouge2_f', 'ROUGE-2'], ['rougeL_f', 'ROUGE-L']] as const) {
      const pairs = gs.map((g) => [metric(g, 'wasserstein')?.value, metric(g, rouge)?.value] as const).filter((p): p is readonly [number, number] => typeof p[0] === 'number' && typeof p[1] === 'number');
      if (pairs.length < 3) {
        rows.push([d, label, `— (n = ${pairs.length} models, need 3)`, '—', pairs.length]);
        continue;
      }
      const s = spearman(pairs.map((p) => p[0]), pairs.map((p) => p[1]), { exact: true });
      rows.push([d, label, Number.isFinite(s.rho) ? s.rho.toFixed(3) : `— (n = ${s.n})`, s.pExact !== undefined ? s.pExact.toFixed(4) : Number.isFinite(s.pValue) ? s.pValue.toFixed(4) : '—', s.n]);
    }
  }
  return { id: 'seed003_spearman', title: citedTitle("Do position bias and ROUGE rank the run's models alike? Spearman ρ between the Wasserstein distance and ROUGE F", '003', 'Appendix E'), columns: ['dataset', 'ROUGE', 'ρ', 'p', 'models'], rows };
}

export const positionPaperTables = (probes: readonly ProbeResult[]): PaperTable[] => [seed003Spearman(probeResult(probes, 'position'))].filter((t): t is PaperTable => t !== undefined);
