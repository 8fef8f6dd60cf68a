/**
 * The mitigation layouts of a run with conditions, as presented tables of the report model (every
 * renderer shows these): seed 000 Table A6 (framing and primacy per condition), Table 4 (fact-check
 * strategies), seed 004 Table 5 (certainty interventions), seed 003's position conditions. Per (model, dataset): the paper's columns
 * for the baseline and each condition with its cost relative to the baseline, then the paired
 * effect of each condition against the baseline, then the conditions this model cannot run and why.
 */
import { statOf, type Cell, type PresentedTable, type Stat } from '../results/presentation.js';
import { effectStat } from '../results/paired-effect.js';
import type { ProbeResult, Results } from '../results/schema.js';
import { citedTitle, type PaperId } from '../core/papers.js';
import { effectHeading, metricHeading } from './findings-wording.js';

interface Column {
  probe: string;
  metric: string;
  /** what the column means, then its symbol */
  head: string;
  /** the symbol alone, for narrow renderers */
  short: string;
}

/** A column of the paper's values, or of a paired effect (Δ), named by what it means before its symbol. */
const col = (probe: string, metric: string, short: string): Column => ({ probe, metric, short, head: short.startsWith('Δ') ? effectHeading(metric, short.slice(1)) : metricHeading(metric, short) });

/** Seed 000 Table A6: framing and primacy per condition. */
const TABLE_A6 = [col('framing', 'phi_frame', 'φ_frame'), col('primacy', 'mean_s_b', 's̄_b'), col('primacy', 'mean_s_m', 's̄_m'), col('primacy', 'mean_s_e', 's̄_e'), col('primacy', 'psi_pri', 'ψ_pri'), col('primacy', 'rho_pri', 'ρ_pri')];
const A6_EFFECTS = [col('framing', 'phi_frame', 'Δφ_frame'), col('primacy', 'psi_pri', 'Δψ_pri'), col('primacy', 'coverage', 'Δcoverage'), col('primacy', 'mean_s_b_minus_s_m', 'Δ(s̄_b − s̄_m)')];

/** Seed 000 Table 4: fact-check accuracies before and after the cutoff per strategy. */
const TABLE_4 = ['pre', 'post'].flatMap((p) => [col('hallucination', `actual_acc_${p}`, `actual ${p}`), col('hallucination', `falsified_acc_${p}`, `falsified ${p}`), col('hallucination', `strict_acc_${p}`, `strict ${p}`)]);
const T4_EFFECTS = [col('hallucination', 'strict_acc_pre', 'Δstrict pre'), col('hallucination', 'strict_acc_post', 'Δstrict post')];

/** Seed 004 Table 5: certainty distortion per cumulative intervention. */
const TABLE_5 = [col('certainty', 'cd', 'CD'), col('certainty', 'cd_up', 'CD↑'), col('certainty', 'ratio', 'CD↑/CD↓')];
const T5_EFFECTS = [col('certainty', 'cd', 'ΔCD'), col('certainty', 'cd_up', 'ΔCD↑')];

/**
 * Seed 003: position bias per condition (role-play, App. G; top-k sentence mapping, App. I, Figure
 * 9). The Wasserstein distance is one number per distribution, not per record, so no paired effects.
 */
const TABLE_POSITION = [col('position', 'wasserstein', 'Wasserstein'), col('position', 'wasserstein_per_article', 'W per article'), col('position', 'position_shift', 'position shift'), col('position', 'rouge1_f', 'ROUGE-1 F')];

const LAYOUTS: { id: string; what: string; paper: PaperId; where: string; columns: Column[]; effects: Column[] }[] = [
  { id: 'seed000-tableA6', what: 'Framing and primacy per mitigation', paper: '000', where: 'Table A6', columns: TABLE_A6, effects: A6_EFFECTS },
  { id: 'seed000-table4', what: 'Fact-check accuracy per strategy', paper: '000', where: 'Table 4', columns: TABLE_4, effects: T4_EFFECTS },
  { id: 'seed004-table5', what: 'Certainty distortion per intervention', paper: '004', where: 'Table 5', columns: TABLE_5, effects: T5_EFFECTS },
  { id: 'seed003-position', what: 'Position bias per condition', paper: '003', where: 'role-play, App. G; top-k mapping, App. I', columns: TABLE_POSITION, effects: [] },
];

const EFFECTS_NOTE = "paired effects, condition − baseline on the same records (rates: McNemar exact, Newcombe paired interval; means: paired t test and interval; Holm across the probe's tests)";

/** The mark beside an approximated condition's name, explained in the table's note. */
export const APPROXIMATED_MARK = '≈';

const ratio = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${v.toFixed(2)}×`);

function layoutTables(results: Results, layout: (typeof LAYOUTS)[number]): PresentedTable[] {
  const probes = new Map(results.probes.map((p) => [p.probe, p]));
  const involved = [...new Set(layout.columns.map((c) => c.probe))].map((n) => probes.get(n)).filter((p): p is ProbeResult => p !== undefined);
  if (involved.length === 0 || !involved.some((p) => p.effects)) return [];
  const out: PresentedTable[] = [];
  const keys = new Map<string, { model: string; dataset: string }>();
  for (const p of involved) for (const g of p.groups) keys.set(`${g.labels.model}\u0000${g.labels.dataset}`, { model: g.labels.model ?? '', dataset: g.labels.dataset ?? '' });
  for (const { model, dataset } of keys.values()) {
    const conditions: string[] = [];
    for (const p of involved) for (const g of p.groups) if (g.labels.model === model && g.labels.dataset === dataset && !conditions.includes(g.labels.condition ?? 'baseline')) conditions.push(g.labels.condition ?? 'baseline');
    const group = (probe: string, condition: string) => probes.get(probe)?.groups.find((g) => g.labels.model === model && g.labels.dataset === dataset && (g.labels.condition ?? 'baseline') === condition);
    const values: Cell[][] = [];
    const links: PresentedTable['links'] = [];
    const diffs: Cell[][] = [];
    const notApplicable: string[] = [];
    const approximated: string[] = [];
    for (const condition of conditions) {
      const na = involved.map((p) => group(p.probe, condition)?.notApplicable).find((r) => r !== undefined);
      if (na !== undefined) {
        notApplicable.push(`${condition}: not applicable on this model: ${na}`);
        continue;
      }
      const cost = involved.map((p) => p.costs?.find((c) => c.labels.model === model && c.labels.dataset === dataset && c.labels.condition === condition)).find((c) => c !== undefined);
      const base = condition === 'baseline';
      // an approximated condition is not the paper's method: its row says so where its numbers are
      const approx = involved.map((p) => group(p.probe, condition)?.approximated).find((a) => a !== undefined && a.length > 0);
      if (approx) approximated.push(`${condition}: ${approx.join('; ')}`);
      const name = approx ? `${condition} ${APPROXIMATED_MARK}` : condition;
      values.push([
        name,
        group(involved[0]!.probe, condition)?.n ?? 0,
        ...layout.columns.map((c) => statOf(group(c.probe, condition)?.metrics.find((x) => x.name === c.metric))),
        cost ? `${cost.calls}${(cost.cachedCalls ?? 0) > 0 ? ` (${cost.cachedCalls} cached)` : ''}${base ? '' : `\n${ratio(cost.relative?.calls)}`}` : null,
        cost ? `${cost.inputTokens}/${cost.outputTokens}${base ? '' : `\n${ratio(cost.relative?.inputTokens)}/${ratio(cost.relative?.outputTokens)}`}` : null,
      ]);
      links.push({ probe: involved[0]!.probe, labels: { model, dataset, ...(base ? {} : { condition }) } });
      const kind = (c: Column): Stat['kind'] => group(c.probe, 'baseline')?.metrics.find((x) => x.name === c.metric)?.kind;
      if (!base) diffs.push([name, ...layout.effects.map((c) => effectStat(probes.get(c.probe)?.effects?.find((e) => e.metric === c.metric && e.labels.model === model && e.labels.dataset === dataset && e.labels.condition === condition), kind(c)))]);
    }
    const key = `${model}-${dataset}`;
    out.push({
      id: `${layout.id}-${key}`,
      title: citedTitle(`${layout.what}, ${model} on ${dataset}`, layout.paper, layout.where),
      columns: ['condition', 'n', ...layout.columns.map((c) => c.head), 'calls', 'tokens in/out'],
      short: ['condition', 'n', ...layout.columns.map((c) => c.short), 'calls', 'tokens in/out'],
      rows: values,
      links,
      ...(notApplicable.length || approximated.length ? { note: [...notApplicable, ...(approximated.length ? [`${APPROXIMATED_MARK} approximated on this model, not the paper's method: ${approximated.join('; ')}`] : [])].join('; ') } : {}),
    });
    if (diffs.length) {
      const note = approximated.length ? `${EFFECTS_NOTE}; ${APPROXIMATED_MARK} approximated on this model: ${approximated.join('; ')}` : EFFECTS_NOTE;
      out.push({ id: `${layout.id}-effects-${key}`, title: `Paired effects against the baseline, ${model} on ${dataset}`, columns: ['condition', ...layout.effects.map((c) => c.head)], short: ['condition', ...layout.effects.map((c) => c.short)], rows: diffs, note });
    }
  }
  return out;
}

/** The mitigation views of a run with conditions: seed 000 Table A6 and Table 4, seed 004 Table 5 (Table 6 is with the papers' tables). */
export function mitigationTables(results: Results): PresentedTable[] {
  return LAYOUTS.flatMap((l) => layoutTables(results, l));
}
