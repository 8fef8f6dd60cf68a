import type { EffectJson, ProbeResult, Results } from '../results/schema.js';
import { formatP, formatValue } from './format.js';
import { createTable, fitWidths } from './table.js';

type Kind = 'rate' | 'mean';
interface Column {
  probe: string;
  metric: string;
  head: string;
  kind: Kind;
}

/** Seed 000 Table A6: framing and primacy per condition. */
const TABLE_A6: Column[] = [
  { probe: 'framing', metric: 'phi_frame', head: 'φ_frame', kind: 'rate' },
  { probe: 'primacy', metric: 'mean_s_b', head: 's̄_b', kind: 'mean' },
  { probe: 'primacy', metric: 'mean_s_m', head: 's̄_m', kind: 'mean' },
  { probe: 'primacy', metric: 'mean_s_e', head: 's̄_e', kind: 'mean' },
  { probe: 'primacy', metric: 'psi_pri', head: 'ψ_pri', kind: 'rate' },
  { probe: 'primacy', metric: 'rho_pri', head: 'ρ_pri', kind: 'rate' },
];
const A6_EFFECTS: Column[] = [
  { probe: 'framing', metric: 'phi_frame', head: 'Δφ_frame', kind: 'rate' },
  { probe: 'primacy', metric: 'psi_pri', head: 'Δψ_pri', kind: 'rate' },
  { probe: 'primacy', metric: 'coverage', head: 'Δcoverage', kind: 'mean' },
  { probe: 'primacy', metric: 'mean_s_b_minus_s_m', head: 'Δ(s̄_b − s̄_m)', kind: 'mean' },
];

/** Seed 000 Table 4: fact-check accuracies before and after the cutoff per strategy. */
const TABLE_4: Column[] = ['pre', 'post'].flatMap((p) => [
  { probe: 'hallucination', metric: `actual_acc_${p}`, head: `actual ${p}`, kind: 'rate' as Kind },
  { probe: 'hallucination', metric: `falsified_acc_${p}`, head: `falsified ${p}`, kind: 'rate' as Kind },
  { probe: 'hallucination', metric: `strict_acc_${p}`, head: `strict ${p}`, kind: 'rate' as Kind },
]);
const T4_EFFECTS: Column[] = [
  { probe: 'hallucination', metric: 'strict_acc_pre', head: 'Δstrict pre', kind: 'rate' },
  { probe: 'hallucination', metric: 'strict_acc_post', head: 'Δstrict post', kind: 'rate' },
];

/** Seed 004 Table 5: certainty distortion per cumulative intervention. */
const TABLE_5: Column[] = [
  { probe: 'certainty', metric: 'cd', head: 'CD', kind: 'rate' },
  { probe: 'certainty', metric: 'cd_up', head: 'CD↑', kind: 'rate' },
  { probe: 'certainty', metric: 'ratio', head: 'CD↑/CD↓', kind: 'mean' },
];
const T5_EFFECTS: Column[] = [
  { probe: 'certainty', metric: 'cd', head: 'ΔCD', kind: 'rate' },
  { probe: 'certainty', metric: 'cd_up', head: 'ΔCD↑', kind: 'rate' },
];

/**
 * Seed 003: position bias per condition (role-play, App. G; top-k sentence mapping, App. I, Figure
 * 9). The Wasserstein distance is one number per distribution, not per record, so no paired effects.
 */
const TABLE_POSITION: Column[] = [
  { probe: 'position', metric: 'wasserstein', head: 'Wasserstein', kind: 'mean' },
  { probe: 'position', metric: 'wasserstein_per_article', head: 'W per article', kind: 'mean' },
  { probe: 'position', metric: 'position_shift', head: 'position shift', kind: 'mean' },
  { probe: 'position', metric: 'rouge1_f', head: 'ROUGE-1 F', kind: 'mean' },
];

const WIDTH = 120;

function effectCell(e: EffectJson | undefined, kind: Kind): string {
  if (!e) return '';
  if (e.difference === null) return `— (n = ${e.n})`;
  const v = kind === 'rate' ? `${e.difference >= 0 ? '+' : ''}${(100 * e.difference).toFixed(1)} pp` : `${e.difference >= 0 ? '+' : ''}${e.difference.toFixed(3)}`;
  const ci = e.ci && e.ci.low !== null && e.ci.high !== null ? (kind === 'rate' ? `\n[${(100 * e.ci.low).toFixed(1)}, ${(100 * e.ci.high).toFixed(1)}]` : `\n[${e.ci.low.toFixed(3)}, ${e.ci.high.toFixed(3)}]`) : '';
  const p = e.test ? `\np ${formatP(e.test.pValue)}\nHolm ${formatP(e.pHolm ?? null)}` : '';
  return `${v}${ci}${p}`;
}

function ratio(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : `${v.toFixed(2)}×`;
}

function fitted(head: string[], rows: string[][], opts: { color?: boolean }): string {
  const colWidths = fitWidths([head, ...rows], WIDTH);
  const table = createTable(head, { ...opts, ...(colWidths ? { colWidths } : {}) });
  for (const r of rows) table.push(r);
  return table.toString();
}

/**
 * Per (model, dataset): the paper's columns for the baseline row and each condition with its cost
 * relative to the baseline, then the paired effect of each condition against the baseline, then
 * the conditions this model cannot run and why. Tables fit 120 columns.
 */
function conditionTable(results: Results, title: string, columns: Column[], effects: Column[], opts: { color?: boolean }): string[] {
  const probes = new Map(results.probes.map((p) => [p.probe, p]));
  const involved = [...new Set(columns.map((c) => c.probe))].map((n) => probes.get(n)).filter((p): p is ProbeResult => p !== undefined);
  if (involved.length === 0 || !involved.some((p) => p.effects)) return [];
  const out: string[] = [];
  const keys = new Map<string, { model: string; dataset: string }>();
  for (const p of involved) for (const g of p.groups) keys.set(`${g.labels.model}\u0000${g.labels.dataset}`, { model: g.labels.model ?? '', dataset: g.labels.dataset ?? '' });
  for (const { model, dataset } of keys.values()) {
    const conditions: string[] = [];
    for (const p of involved) for (const g of p.groups) if (g.labels.model === model && g.labels.dataset === dataset && !conditions.includes(g.labels.condition ?? 'baseline')) conditions.push(g.labels.condition ?? 'baseline');
    const group = (probe: string, condition: string) => probes.get(probe)?.groups.find((g) => g.labels.model === model && g.labels.dataset === dataset && (g.labels.condition ?? 'baseline') === condition);
    const values: string[][] = [];
    const diffs: string[][] = [];
    const notApplicable: string[] = [];
    for (const condition of conditions) {
      const na = involved.map((p) => group(p.probe, condition)?.notApplicable).find((r) => r !== undefined);
      if (na !== undefined) {
        notApplicable.push(`  ${condition}: not applicable on this model: ${na}`);
        continue;
      }
      const cost = involved.map((p) => p.costs?.find((c) => c.labels.model === model && c.labels.dataset === dataset && c.labels.condition === condition)).find((c) => c !== undefined);
      const base = condition === 'baseline';
      values.push([
        condition,
        String(group(involved[0]!.probe, condition)?.n ?? 0),
        ...columns.map((c) => {
          const m = group(c.probe, condition)?.metrics.find((x) => x.name === c.metric);
          if (!m) return '';
          // an undefined value (a mean of nothing, 0/0) prints as — with its n, never as 0
          return m.value === null || Number.isNaN(m.value) ? `— (n = ${m.n})` : formatValue(m.value, m.kind);
        }),
        cost ? `${cost.calls}${base ? '' : `\n${ratio(cost.relative?.calls)}`}` : '',
        cost ? `${cost.inputTokens}/${cost.outputTokens}${base ? '' : `\n${ratio(cost.relative?.inputTokens)}/${ratio(cost.relative?.outputTokens)}`}` : '',
      ]);
      if (!base && effects.length > 0) {
        diffs.push([
          condition,
          ...effects.map((c) => effectCell(probes.get(c.probe)?.effects?.find((e) => e.metric === c.metric && e.labels.model === model && e.labels.dataset === dataset && e.labels.condition === condition), c.kind)),
        ]);
      }
    }
    out.push(`${title} — ${model}, ${dataset}`);
    out.push(fitted(['condition', 'n', ...columns.map((c) => c.head), 'calls', 'tokens in/out'], values, opts));
    if (diffs.length) {
      out.push(`  paired effects, condition − baseline on the same records (rates: McNemar exact, Newcombe paired interval; means: paired t, bootstrap interval; Holm across the probe's tests)`);
      out.push(fitted(['condition', ...effects.map((c) => c.head)], diffs, opts));
    }
    out.push(...notApplicable);
  }
  return out;
}

/** Seed 000 Table 6 (epistemic tagging: shares of High/Low confidence) for every condition whose answers carried tags. */
function confidenceTables(results: Results, opts: { color?: boolean }): string[] {
  const h = results.probes.find((p) => p.probe === 'hallucination');
  if (!h?.effects) return [];
  const out: string[] = [];
  for (const g of h.groups) {
    const t = g.tables?.find((x) => x.name === 'confidence');
    if (!t) continue;
    const table = createTable(t.columns, opts);
    for (const r of t.rows) table.push(r.map((c) => (c === null ? '—' : String(c))));
    out.push(`${t.title} — ${g.labels.model}, ${g.labels.dataset}, ${g.labels.condition}`);
    out.push(table.toString());
  }
  return out;
}

/** The mitigation views of a run with conditions: seed 000 Table A6, Table 4 and Table 6, seed 004 Table 5, seed 003's conditions. */
export function renderMitigationTables(results: Results, opts: { color?: boolean } = {}): string[] {
  return [
    ...conditionTable(results, 'Mitigations (seed 000, Table A6 layout)', TABLE_A6, A6_EFFECTS, opts),
    ...conditionTable(results, 'Fact-check strategies (seed 000, Table 4 layout)', TABLE_4, T4_EFFECTS, opts),
    ...confidenceTables(results, opts),
    ...conditionTable(results, 'Certainty interventions (seed 004, Table 5 layout)', TABLE_5, T5_EFFECTS, opts),
    ...conditionTable(results, 'Position conditions (seed 003: role-play, App. G; top-k mapping, App. I)', TABLE_POSITION, [], opts),
  ];
}
