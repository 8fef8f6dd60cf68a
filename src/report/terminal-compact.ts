/**
 * The terminal's default view of a probe: one compact table, one line per (model, dataset) where the
 * width allows. Without conditions it is the probe's headline table; with conditions (mitigations)
 * the probe's main metric at the baseline and, per condition, its paired change against the
 * baseline with the interval, marked when the interval excludes 0. Everything else (per-group
 * tables, the papers' layouts, costs, usage) is in `--verbose` and report.html.
 */
import { conditionOf, metricOf, statOf, type Cell, type Stat } from '../results/presentation.js';
import { effectStat } from '../results/paired-effect.js';
import type { ProbeResult } from '../results/schema.js';
import { HEADLINE, nLabel, statText, undefinedText } from './format.js';
import type { ProbeView } from './model.js';
import { fittedTable, wrapLine, type SectionRow, type TerminalOptions } from './terminal-tables.js';
import { renderConditionsGrid, type ConditionsGrid, type GridRow } from './terminal-grid.js';

/** The metric a probe's compact table shows per condition: the one each paper reports first. */
export const MAIN_METRIC: Record<string, string> = {
  framing: 'phi_frame',
  primacy: 'psi_pri',
  position: 'wasserstein',
  wildframe: 'shift_rate',
  certainty: 'cd',
  hallucination: 'strict_acc_post',
};

/** The mark of a paired change whose 95% interval excludes 0. */
const DIFFERS_MARK = '*';

/** Whole percent, halves rounded away from 0 (so an interval reads the same on both sides of 0). */
const pct = (v: number): string => String(Math.sign(v) * Math.round(Math.abs(100 * v)) || 0);

/**
 * A statistic on one line, as the findings state them: a rate in whole percent with its interval
 * in percentage points ("40% [22, 61]"), a difference of rates in percentage points ("-85 [-95,
 * -59]", the unit in the table's legend), other numbers as every screen prints them; undefined:
 * "— (n = 0)". A judge-corrected rate follows on a second line, n only when it is not the row's.
 */
export function compactStat(c: Stat): string {
  if (c.value === null) return undefinedText(c);
  const ci = c.ci && c.ci.low !== null && c.ci.high !== null ? c.ci : undefined;
  if (c.kind !== 'rate') return statText(c);
  const v = pct(c.value);
  const value = c.difference ? (Number(v) > 0 ? `+${v}` : v) : `${v}%`;
  return ci ? `${value} [${pct(ci.low as number)}, ${pct(ci.high as number)}]` : value;
}

/** A cell of a compact table (see compactStat). */
function compactCell(c: Cell, rowN?: number): string {
  if (c === null) return '—';
  if (typeof c === 'string') return c;
  if (typeof c === 'number') return Number.isInteger(c) ? String(c) : String(Number(c.toPrecision(4)));
  const lines = [compactStat(c)];
  if (c.value !== null && c.corrected) lines.push(`corrected ${compactStat(c.corrected)}`);
  if (c.value !== null && (rowN !== c.n || (c.excluded && Object.keys(c.excluded).length > 0))) lines.push(nLabel(c));
  return lines.join('\n');
}

/** Whether a difference's interval lies wholly on one side of 0. */
function differs(low: number | null | undefined, high: number | null | undefined): boolean {
  return low !== null && low !== undefined && high !== null && high !== undefined && (low > 0 || high < 0);
}

/** The compact table of a probe with conditions: baseline value, then each condition's paired change. */
function conditionsTable(result: ProbeResult, metric: string): (ConditionsGrid & { notRun: string[] }) | undefined {
  const all = [...new Set(result.groups.map((g) => conditionOf(g.labels)).filter((c): c is string => c !== undefined))];
  const baseline = result.groups.filter((g) => conditionOf(g.labels) === undefined);
  if (all.length === 0 || baseline.length === 0) return undefined;
  // a condition that runs on none of the table's models is a note under it, not a column of "n/a"
  const notRun = all.filter((c) => baseline.every((b) => result.groups.some((g) => g.labels.model === b.labels.model && g.labels.dataset === b.labels.dataset && conditionOf(g.labels) === c && g.notApplicable !== undefined)));
  const conditions = all.filter((c) => !notRun.includes(c));
  const m = result.groups.flatMap((g) => g.metrics).find((x) => x.name === metric);
  if (!m) return undefined;
  const label = m.label.split(' (')[0] ?? metric;
  const rows: GridRow[] = [];
  const datasets = [...new Set(baseline.map((b) => b.labels.dataset ?? ''))];
  for (const dataset of datasets) for (const b of baseline.filter((x) => (x.labels.dataset ?? '') === dataset)) rows.push(row(b, dataset));
  return { label, conditions, rows, notRun };

  function row(b: ProbeResult['groups'][number], dataset: string): GridRow {
    const same = (g: { labels: Record<string, string> }): boolean => g.labels.model === b.labels.model && g.labels.dataset === b.labels.dataset;
    const cells = conditions.map((c) => {
      const g = result.groups.find((x) => same(x) && conditionOf(x.labels) === c);
      if (!g) return '—';
      if (g.notApplicable !== undefined) return 'n/a';
      const e = (result.effects ?? []).find((x) => x.metric === metric && same(x) && x.labels.condition === c);
      if (!e) return compactCell(statOf(metricOf(g, metric)), b.n);
      const text = compactCell(effectStat(e, m?.kind), b.n);
      // the mark sticks to the value, so a wrapped cell never leaves it alone on a line
      return differs(e.ci?.low, e.ci?.high) ? text.replace(/^(\S+)/, `$1${DIFFERS_MARK}`) : text;
    });
    return { dataset, model: b.labels.model ?? '', n: b.n, cells: [compactCell(statOf(metricOf(b, metric)), b.n), ...cells] };
  }
}

/** The legend of the conditions tables, printed once under the last ("n/a" explained where a cell says it). */
export const conditionsLegend = (notApplicable: boolean): string => `Δ: condition − baseline, same records, rates in pp; ${DIFFERS_MARK}: 95% interval excludes 0${notApplicable ? '; n/a: cannot run' : ''}`;

/** Whether the probe's compact table is the conditions layout (then conditionsLegend explains it). */
export function hasConditionsTable(result: ProbeResult): boolean {
  const metric = MAIN_METRIC[result.probe];
  return metric !== undefined && conditionsTable(result, metric) !== undefined;
}

/** A probe's compact view: its lines (name, judge, the one table, notes) and what its layout needs in the legend under the tables. */
export interface CompactProbe {
  lines: string[];
  legend: string[];
  /** a cell says "n/a" (a condition that cannot run on that model) */
  notApplicable: boolean;
  /** how much of each number the table shows: 2 every interval in a box, 1 every interval, 0 values alone */
  detail: number;
}

/**
 * A probe's compact view: its name, judge, the one table and any notes. `lines`: how many lines it
 * may take (its legend included), which picks the conditions table's layout (terminal-grid.ts).
 */
export function renderCompactProbe(view: ProbeView, result: ProbeResult, opts: TerminalOptions & { lines?: number }): CompactProbe {
  const width = opts.width as number;
  const out: string[] = [];
  const judges = view.judges.map((j) => `${j.id}${j.card && j.card.balancedAccuracy !== null ? ` (balanced accuracy ${j.card.balancedAccuracy.toFixed(2)})` : ''}`).join(', ');
  const metric = MAIN_METRIC[view.probe];
  const withConditions = metric !== undefined ? conditionsTable(result, metric) : undefined;
  if (withConditions) {
    out.push(wrapLine(`${view.probe}${judges ? ` — judge ${judges}` : ''}`, '  ', width));
    const notRun = withConditions.notRun.length ? [notRunLine(`${withConditions.notRun.join(', ')}: not applicable on these models, not run`, width)] : [];
    const fixed = [...out, ...notRun].join('\n').split('\n').length;
    const grid = renderConditionsGrid(withConditions, { width, color: opts.color === true, ...(opts.lines !== undefined ? { lines: opts.lines - fixed } : {}) });
    return { lines: [...out, ...grid.lines, ...notRun], legend: grid.legend, notApplicable: withConditions.rows.some((r) => r.cells.includes('n/a')), detail: { rows: 2, transposed: 1, values: 0 }[grid.name] };
  }
  const headline = headlineTable(result, opts);
  if (headline !== undefined) {
    out.push(wrapLine(`${view.probe}${judges ? ` · judged by ${judges}` : ''}`, '  ', width));
    out.push(headline.table);
    if (headline.notRun.length) out.push(notRunLine(`not applicable, not run: ${headline.notRun.join(', ')}`, width));
  } else {
    out.push(wrapLine(`${view.probe}: no headline figure; its tables are in --verbose and report.html`, '  ', width));
  }
  return { lines: out, legend: [], notApplicable: false, detail: 2 };
}

/**
 * renderCompactProbe at one width and colouring, each probe's view laid out once per line budget
 * and reused: the terminal summary tries three layouts, each laying every probe out twice, and a
 * table without conditions takes no line budget, so all six are the same drawing. cli-table3
 * measures every line of every cell several times while it draws, which made the repeated
 * drawings most of the summary's time at the end of a run.
 */
export function compactProbeLayouts(opts: TerminalOptions): (view: ProbeView, result: ProbeResult, lines: number) => CompactProbe {
  const made = new Map<ProbeView, Map<number, CompactProbe>>();
  const budgeted = new Map<ProbeView, boolean>();
  return (view, result, lines) => {
    let byLines = made.get(view);
    if (byLines === undefined) made.set(view, (byLines = new Map()));
    let usesLines = budgeted.get(view);
    if (usesLines === undefined) budgeted.set(view, (usesLines = hasConditionsTable(result)));
    // only the conditions layout depends on the lines it may take
    const key = usesLines ? lines : 0;
    let c = byLines.get(key);
    if (c === undefined) byLines.set(key, (c = renderCompactProbe(view, result, { ...opts, lines })));
    return c;
  };
}

/** The metrics of a probe's compact table without conditions (default: its headline metrics): the papers' first table. */
const COMPACT_METRICS: Record<string, string[]> = {
  primacy: ['mean_s_b', 'mean_s_m', 'mean_s_e', 'psi_pri'],
  certainty: ['cd', 'cd_up', 'cd_down'],
  hallucination: ['strict_acc_pre', 'strict_acc_post', 'delta_h'],
  wildframe: ['shift_rate', 'neutral_rate'],
  position: ['wasserstein', 'position_shift'],
};

/**
 * The compact table of a probe without paired effects: per group its n and main metrics, each with
 * its interval (and the judge-corrected rate), the groups under a heading per dataset.
 */
function headlineTable(result: ProbeResult, opts: TerminalOptions): { table: string; notRun: string[] } | undefined {
  const names = (COMPACT_METRICS[result.probe] ?? HEADLINE[result.probe] ?? result.groups[0]?.metrics.slice(0, 4).map((m) => m.name) ?? []).filter((n) => result.groups.some((g) => metricOf(g, n)));
  if (names.length === 0) return undefined;
  const labelOf = (n: string): string => result.groups.flatMap((g) => g.metrics).find((m) => m.name === n)?.label.split(' (')[0] ?? n;
  const conditions = result.groups.some((g) => conditionOf(g.labels) !== undefined);
  const rows: (string[] | SectionRow)[] = [];
  // a condition that cannot run on a model: listed under the table, not a row of "n/a"
  const notRun = [...new Set(result.groups.filter((g) => g.notApplicable !== undefined).map((g) => `${conditionOf(g.labels) ?? 'baseline'} on ${g.labels.model ?? ''}`))];
  for (const dataset of [...new Set(result.groups.map((g) => g.labels.dataset ?? ''))]) {
    if (dataset !== '') rows.push({ section: `dataset ${dataset}` });
    for (const g of result.groups.filter((x) => (x.labels.dataset ?? '') === dataset && x.notApplicable === undefined)) {
      const cell = (n: string): string => {
        const s = statOf(metricOf(g, n));
        const c = statOf(metricOf(g, `${n}_corrected`));
        if (s && c) s.corrected = c;
        return compactCell(s, g.n);
      };
      const who = [g.labels.model ?? '', ...(conditions ? [conditionOf(g.labels) ?? 'baseline'] : [])].join(' · ');
      rows.push([who, String(g.n), ...names.map(cell)]);
    }
  }
  return { table: fittedTable([conditions ? 'model · condition' : 'model', 'n', ...names.map(labelOf)], rows, { ...opts, compact: true }), notRun };
}

/** One line under a compact table: the conditions it leaves out because they cannot run (the findings say why). */
const notRunLine = (text: string, width: number): string => wrapLine(`  ${text} (the findings say why)`, '    ', width);
