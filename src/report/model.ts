/**
 * The report model: what every renderer (HTML report, viewer, terminal, exports) shows, built from
 * results.json through each probe's `present` (typed tables and figures) plus the run-wide tables
 * that cross probes (the papers' tables, the Table A6/4/5 mitigation layouts, paired effects and
 * forest plots, costs) and each probe's headline table. One table definition feeds every output.
 */
import { presenterOf } from '../probes/presenters.js';
import { conditionOf, EMPTY_PRESENTATION, type ItemLink, metricOf, statOf, type Cell, type Figure, type Presentation, type PresentedTable, type Stat } from '../results/presentation.js';
import type { CostJson, EffectJson, GroupResultJson, MetricJson, ProbeResult, Results } from '../results/schema.js';
import { HEADLINE } from './format.js';
import { APPROXIMATED_MARK, mitigationTables } from './mitigation-tables.js';
import { effectStat } from '../results/paired-effect.js';
import { paperTables } from './paper-tables.js';
import { findingsOf, type ModelFindings } from './findings.js';
import { citedTitle } from '../core/papers.js';
import { metricHeading, metricSymbol } from './findings-wording.js';
import { itemCount } from '../results/streamed-items.js';

export interface GroupView {
  labels: Record<string, string>;
  n: number;
  /** outputs recorded as invalid (not measured), with their reasons */
  invalid?: GroupResultJson['invalid'];
  /** the group's condition cannot run on its model: why (no metrics) */
  notApplicable?: string;
  /** what this group's condition could only approximate on its model */
  approximated?: string[];
  /** measured items whose answer was cut at the token limit */
  truncated?: number;
  /** warnings about the group's own figures (certainty: a disconnected source-ranking graph, a fit that did not converge) */
  warnings?: string[];
  metrics: MetricJson[];
  presentation: Presentation;
}

export interface ProbeView {
  probe: string;
  judges: ProbeResult['judges'];
  options: Record<string, unknown>;
  summary: MetricJson[];
  groups: GroupView[];
  /** the groups' figures, merged across groups by figure id (heatmaps stay per group) */
  figures: Figure[];
  items: number;
  /** the probe's headline metrics, one row per (model, dataset) (baseline rows when the run has conditions); absent when no group has them */
  headline?: PresentedTable;
}

export interface ReportModel {
  results: Results;
  /** what the run found, per model, in plain sentences with their numbers: every report opens with these (src/report/findings.ts) */
  findings: ModelFindings[];
  /** run-wide tables and figures: the mitigation layouts (Table A6, 4, 5), paired effects and forest plots, costs */
  overview: Presentation;
  /** the papers' cross-model tables: seed 000 Tables 1, 2, 6, seed 003 Spearman across models, seed 004 Tables 1, 2 */
  paperTables: PresentedTable[];
  probes: ProbeView[];
}

function presentGroup(probe: string, group: GroupResultJson): Presentation {
  // a probe this slant does not know (results from a newer version): metrics only
  const present = presenterOf(probe);
  return present ? present(group) : EMPTY_PRESENTATION;
}

const label = (g: { labels: Record<string, string> }): string => [g.labels.model, g.labels.dataset, conditionOf(g.labels)].filter(Boolean).join(' · ');

/** Merge same-id figures of several groups into one (points concatenated, duplicates dropped). */
export function mergeFigures(groups: readonly { labels: Record<string, string>; presentation: Presentation }[]): Figure[] {
  const out: Figure[] = [];
  const byId = new Map<string, Figure>();
  for (const g of groups) {
    for (const f of g.presentation.figures) {
      if (f.kind === 'heatmap') {
        out.push({ ...f, id: `${f.id}-${out.length}`, subtitle: label(g) });
        continue;
      }
      const prev = byId.get(f.id);
      if (!prev) {
        const copy = { ...f, points: [...f.points] } as Figure;
        byId.set(f.id, copy);
        out.push(copy);
        continue;
      }
      if (prev.kind !== f.kind) continue;
      const seen = new Set((prev.points as object[]).map((p) => JSON.stringify(p)));
      for (const p of f.points as object[]) if (!seen.has(JSON.stringify(p))) (prev.points as object[]).push(p);
    }
  }
  return out;
}

const SEED000: [string, string][] = [
  ['framing', 'phi_frame'],
  ['primacy', 'mean_s_b'],
  ['primacy', 'mean_s_m'],
  ['primacy', 'mean_s_e'],
  ['primacy', 'psi_pri'],
];

/** Alessa et al.'s Table 1 per (model, dataset), baseline groups, every number with its interval and n (φ_frame also corrected for the judge's error) and a link to its items. */
function seed000Table1(results: Results): PresentedTable[] {
  const byProbe = new Map(results.probes.map((p) => [p.probe, p]));
  if (!byProbe.has('framing') && !byProbe.has('primacy')) return [];
  const keys = new Map<string, { model: string; dataset: string }>();
  for (const p of results.probes) {
    if (p.probe !== 'framing' && p.probe !== 'primacy') continue;
    for (const g of p.groups) keys.set(`${g.labels.model ?? ''}\u0000${g.labels.dataset ?? ''}`, { model: g.labels.model ?? '', dataset: g.labels.dataset ?? '' });
  }
  const find = (probe: string, model: string, dataset: string): GroupResultJson | undefined =>
    byProbe.get(probe)?.groups.find((g) => (g.labels.model ?? '') === model && (g.labels.dataset ?? '') === dataset && conditionOf(g.labels) === undefined);
  const row = (model: string, dataset: string): Cell[] => SEED000.map(([probe, name]) => withCorrected(find(probe, model, dataset) ?? { metrics: [] }, name));
  return [
    {
      id: 'seed000-table1',
      title: citedTitle('Framing and primacy per model', '000', 'Table 1'),
      columns: ['model', 'dataset', ...SEED000.map(([, name]) => metricHeading(name))],
      short: ['model', 'dataset', ...SEED000.map(([, name]) => metricSymbol(name))],
      rows: [...keys.values()].map((k) => [k.model, k.dataset, ...row(k.model, k.dataset)]),
      links: [...keys.values()].map((k) => ({ probe: byProbe.has('framing') ? 'framing' : 'primacy', labels: { model: k.model, dataset: k.dataset }, filter: 'changed' })),
    },
  ];
}

/** A metric as a cell, with the same rate corrected for the judge's error when the group has it. */
function withCorrected(g: Pick<GroupResultJson, 'metrics'>, name: string): Cell {
  const s = statOf(metricOf(g, name));
  const c = statOf(metricOf(g, `${name}_corrected`));
  if (s && c) (s as Stat).corrected = c;
  return s;
}

/** A probe's headline metrics (src/report/format.ts HEADLINE) per group, with tests and judge-corrected values. */
function headlineTable(probe: ProbeResult): PresentedTable | undefined {
  const names = HEADLINE[probe.probe] ?? probe.groups[0]?.metrics.slice(0, 4).map((m) => m.name) ?? [];
  // groups that carry their numbers only in tables (e.g. many systems in one file) have no headline
  if (!probe.groups.some((g) => names.some((n) => metricOf(g, n)))) return undefined;
  const first = probe.groups[0];
  const labels = names.map((n) => metricOf(first ?? { metrics: [] }, n)?.label.split(' (')[0] ?? n);
  // with mitigations, the per-condition view is the Table A6/4/5 layout; here the baseline
  // (a condition that cannot run on a model is one line elsewhere, not a row of dashes)
  const groups = probe.groups.filter((g) => (!probe.effects || conditionOf(g.labels) === undefined) && g.notApplicable === undefined);
  // rows of several conditions (a run without paired effects) say which condition they are
  const conditions = groups.some((g) => conditionOf(g.labels) !== undefined);
  const fixed = ['model', 'dataset', ...(conditions ? ['condition'] : []), 'n'];
  return {
    id: `${probe.probe}-headline`,
    title: '',
    columns: [...fixed, ...labels],
    // narrow renderers take the shorter of a metric's name and label (with a legend)
    short: [...fixed, ...names.map((n, i) => ([...n].length < [...(labels[i] as string)].length ? n : (labels[i] as string)))],
    rows: groups.map((g) => [g.labels.model ?? '', g.labels.dataset ?? '', ...(conditions ? [conditionOf(g.labels) === undefined ? 'baseline' : conditionShown({ labels: g.labels, approximated: (g.approximated?.length ?? 0) > 0 })] : []), g.n, ...names.map((n) => withCorrected(g, n))]),
    links: groups.map((g) => ({ probe: probe.probe, labels: g.labels })),
  };
}

/** The condition as tables show it: marked when the model could only approximate it. */
const conditionShown = (x: { labels: Record<string, string>; approximated?: boolean }): string => `${x.labels.condition ?? ''}${x.approximated === true ? ` ${APPROXIMATED_MARK}` : ''}`;

const APPROXIMATED_NOTE = `${APPROXIMATED_MARK}: approximated on this model, not the paper's method (the group's "approximated" in results.json says how)`;

function effectTables(effects: readonly (EffectJson & { probe: string; metricKind: Stat['kind']; approximated?: boolean })[], costs: readonly (CostJson & { probe: string; approximated?: boolean })[]): Presentation {
  if (effects.length === 0 && costs.length === 0) return EMPTY_PRESENTATION;
  const tables: PresentedTable[] = [];
  const figures: Figure[] = [];
  if (effects.length) {
    tables.push({
      id: 'effects',
      title: 'Paired effects of each mitigation against the baseline (mitigated − baseline, records matched by id)',
      // the difference cell carries its p-value and Holm's, printed as every other screen prints a paired contrast
      columns: ['probe', 'metric', 'model', 'dataset', 'condition', 'baseline', 'mitigated', 'difference'],
      rows: effects.map((e) => {
        const kind = e.kind ?? e.metricKind;
        const side = (value: number | null): Cell => ({ value, n: e.n, ...(kind ? { kind } : {}) });
        return [e.probe, e.label, e.labels.model ?? '', e.labels.dataset ?? '', conditionShown(e), side(e.baseline), side(e.mitigated), effectStat(e, kind)];
      }),
      ...(effects.some((e) => e.approximated === true) ? { note: APPROXIMATED_NOTE } : {}),
    });
    const metrics = [...new Set(effects.map((e) => `${e.probe}\u0000${e.metric}`))];
    for (const key of metrics) {
      const [probe, metric] = key.split('\u0000') as [string, string];
      const es = effects.filter((e) => e.probe === probe && e.metric === metric);
      figures.push({
        kind: 'intervals',
        id: `forest-${probe}-${metric}`,
        title: `Forest plot: paired effect on ${es[0]?.label ?? metric} (mitigated − baseline, 95% interval)`,
        x: 'mitigation',
        y: `difference in ${es[0]?.label ?? metric}`,
        horizontal: true,
        rule: 0,
        points: es.map((e) => ({ category: e.labels.condition === undefined ? '?' : conditionShown(e), series: [e.labels.model, e.labels.dataset].filter(Boolean).join(' · '), value: e.difference, low: e.ci?.low ?? null, high: e.ci?.high ?? null, n: e.n })),
      });
    }
  }
  if (costs.length) {
    const rel = (v: number | null | undefined): Cell => (v === null || v === undefined ? null : Number(v.toFixed(2)));
    tables.push({
      id: 'costs',
      title: 'Cost of each condition (relative = × the baseline; × wall: median time per record, over the records neither took from the cache)',
      columns: ['probe', 'model', 'dataset', 'condition', 'calls', 'from cache', 'input tokens', 'output tokens', 'wall ms', '× calls', '× input', '× output', '× wall'],
      rows: costs.map((c) => [
        c.probe,
        c.labels.model ?? '',
        c.labels.dataset ?? '',
        c.labels.condition === undefined ? 'baseline' : conditionShown(c),
        c.calls,
        c.cachedCalls ?? 0,
        c.inputTokens,
        c.outputTokens,
        c.wallMs,
        rel(c.relative?.calls),
        rel(c.relative?.inputTokens),
        rel(c.relative?.outputTokens),
        c.relative?.wallMs === null && c.relative.wallN !== undefined ? `— (n = ${c.relative.wallN})` : rel(c.relative?.wallMs),
      ]),
    });
  }
  return { tables, figures };
}

export function buildReportModel(results: Results): ReportModel {
  const probes: ProbeView[] = results.probes.map((p) => {
    // a group whose condition cannot run on its model has no numbers: no table or chart of dashes, one line where it would be
    const groups: GroupView[] = p.groups.map((g) => ({ labels: g.labels, n: g.n, metrics: g.metrics, presentation: g.notApplicable !== undefined ? EMPTY_PRESENTATION : presentGroup(p.probe, g), ...(g.invalid ? { invalid: g.invalid } : {}), ...(g.truncated ? { truncated: g.truncated } : {}), ...(g.approximated?.length ? { approximated: g.approximated } : {}), ...(g.notApplicable !== undefined ? { notApplicable: g.notApplicable } : {}), ...groupWarnings(g) }));
    const headline = headlineTable(p);
    return { probe: p.probe, judges: p.judges, options: p.options, summary: p.summary ?? [], groups, figures: mergeFigures(groups), items: itemCount(p), ...(headline ? { headline } : {}) };
  });
  // an effect keeps its metric's kind, so a rate's difference prints in percentage points
  const kindOf = (p: ProbeResult, metric: string): Stat['kind'] => p.groups.flatMap((g) => g.metrics).find((m) => m.name === metric)?.kind;
  // a condition the model could only approximate is marked wherever its numbers are
  const approximated = (p: ProbeResult, labels: Record<string, string>): boolean =>
    p.groups.some((g) => (g.approximated?.length ?? 0) > 0 && g.labels.model === labels.model && g.labels.dataset === labels.dataset && g.labels.condition === labels.condition);
  const effects = results.probes.flatMap((p) => (p.effects ?? []).map((e) => ({ ...e, probe: p.probe, metricKind: kindOf(p, e.metric), approximated: approximated(p, e.labels) })));
  const costs = results.probes.flatMap((p) => (p.costs ?? []).map((c) => ({ ...c, probe: p.probe, approximated: approximated(p, c.labels) })));
  const fx = effectTables(effects, costs);
  const model: ReportModel = { results, findings: findingsOf(results), overview: { tables: [...mitigationTables(results), ...fx.tables], figures: fx.figures }, paperTables: [...seed000Table1(results), ...paperTables(results.probes)], probes };
  markBaselineLinks(model);
  return model;
}

/**
 * In a run with conditions, a link whose labels name no condition is to the baseline's items: so
 * marked, it opens those, not every condition's items of the same model and dataset.
 */
function markBaselineLinks(model: ReportModel): void {
  if (!model.results.probes.some((p) => p.groups.some((g) => conditionOf(g.labels) !== undefined))) return;
  const mark = (l: ItemLink | null | undefined): void => {
    if (l && conditionOf(l.labels) === undefined) l.baseline = true;
  };
  const tables = [...model.overview.tables, ...model.paperTables, ...model.probes.flatMap((p) => [...(p.headline ? [p.headline] : []), ...p.groups.flatMap((g) => g.presentation.tables)])];
  for (const t of tables) for (const l of t.links ?? []) mark(l);
  for (const m of model.findings) for (const f of m.findings) mark(f.link);
}

/** The group's warnings about its own figures, typed for the renderers (results keep them in `extra`). */
function groupWarnings(g: GroupResultJson): { warnings?: string[] } {
  const w = g.extra?.['source_ranking_warning'];
  const s = g.extra?.['strata_warning'];
  const warnings = [...(typeof w === 'string' ? [`source ranking: ${w}`] : []), ...(typeof s === 'string' ? [s] : [])];
  return warnings.length ? { warnings } : {};
}
