/**
 * The papers' own cross-probe / cross-model tables, laid out as printed, from a run's probe
 * results (baseline groups; conditions have their own Table A6/4/5 layouts in
 * mitigation-tables.ts; seed 000 Table 1, with intervals and item links, is in model.ts). Part of
 * the report model: every renderer (HTML, viewer, terminal, exports) shows these same tables.
 * - seed 000 Table 2: per dataset × model, the six framing transitions as % of summaries;
 * - seed 000 Table 6: epistemic tagging's confidence shares per model × cutoff period (Table 4 is
 *   the mitigation layout of src/report/mitigation-tables.ts);
 * - seed 003 (Appendix E, run mode): per dataset, Spearman ρ across the run's models between the
 *   Wasserstein distance and ROUGE-1/2/L F (needs ≥ 3 models; otherwise "—" with n);
 * - seed 004 Table 1: CD per model × dataset with the per-model average over datasets;
 * - seed 004 Table 2: CD↑, CD↓ and R per model × dataset (a run's dataset stands for a domain/task).
 * Undefined numbers are "—" with their n, never 0.
 */
import { FRAMINGS } from '../core/types.js';
import { TABLE2_TRANSITIONS, transitionName } from '../probes/framing/transitions.js';
import { statOf, type Cell, type PresentedTable } from '../results/presentation.js';
import type { GroupResultJson, ProbeResult } from '../results/schema.js';
import { spearman } from '../stats/spearman.js';
import { citedTitle } from '../core/papers.js';

type PaperTable = PresentedTable;

const isBaseline = (g: GroupResultJson): boolean => (g.labels.condition ?? 'baseline') === 'baseline';
const metric = (g: GroupResultJson | undefined, name: string) => g?.metrics.find((m) => m.name === name);
const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
const baseline = (p: ProbeResult | undefined): GroupResultJson[] => (p?.groups ?? []).filter(isBaseline);

function seed000Table2(framing: ProbeResult | undefined): PaperTable | undefined {
  if (!framing) return undefined;
  const groups = baseline(framing);
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

function seed003Spearman(position: ProbeResult | undefined): PaperTable | undefined {
  const groups = baseline(position);
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

function seed004Tables(certainty: ProbeResult | undefined): PaperTable[] {
  const groups = baseline(certainty);
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

export function paperTables(probes: readonly ProbeResult[]): PaperTable[] {
  const by = (n: string) => probes.find((p) => p.probe === n);
  return [seed000Table2(by('framing')), seed000Table6(by('hallucination')), seed003Spearman(by('position')), ...seed004Tables(by('certainty'))].filter((t): t is PaperTable => t !== undefined);
}
