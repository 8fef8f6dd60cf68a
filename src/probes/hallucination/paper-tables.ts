import { citedTitle } from '../../core/papers.js';
import type { ProbeResult } from '../../results/schema.js';
import { probeResult, type PaperTable } from '../paper-table.js';

/** Seed 000 Table 6: epistemic tagging's High/Low confidence shares per model and cutoff period (every condition whose answers carry tags). */
function seed000Table6(hallucination: ProbeResult | undefined): PaperTable | undefined {
  const rows: PaperTable['rows'] = [];
  for (const g of hallucination?.groups ?? []) {
    const t = g.tables?.find((x) => x.name === 'confidence');
    if (!t) continue;
    for (const r of t.rows) rows.push([g.labels.model ?? '', g.labels.dataset ?? '', g.labels.condition ?? 'baseline', ...r.slice(0, 5)]);
  }
  if (rows.length === 0) return undefined;
  return { id: 'seed000_table6', title: citedTitle('Confidence tags (High, Low) before and after the cutoff', '000', 'Table 6'), columns: ['model', 'dataset', 'condition', 'cutoff', 'actual High', 'actual Low', 'falsified High', 'falsified Low'], rows };
}

export const hallucinationPaperTables = (probes: readonly ProbeResult[]): PaperTable[] => [seed000Table6(probeResult(probes, 'hallucination'))].filter((t): t is PaperTable => t !== undefined);
