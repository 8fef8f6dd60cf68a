/**
 * The terminal report: the report model (src/report/model.ts) for a person at a terminal, fitted
 * to the terminal's width (src/report/terminal-tables.ts: `terminalWidth`). By default it is short:
 * the findings, one compact table per probe (src/report/terminal-compact.ts), the notes a reader
 * must not miss and the run's warnings. `verbose` prints the same tables as report.html and the
 * exports (each probe's headline, the tables a probe shows at the terminal, the papers' tables, the
 * mitigation layouts) and the usage.
 */
import type { Results } from '../results/schema.js';
import { describeCard } from '../judges/card.js';
import { excludedText, nText } from '../core/excluded.js';
import { formatApproximated, formatCut, formatInvalid, formatValue, statParts, TERMINAL_TABLES, usageCost, usageTokens, usageTotal, warningWords } from './format.js';
import { buildReportModel, type ReportModel } from './model.js';
import { renderPresentedTable, terminalWidth, wrapLine as wrapAt, type TerminalOptions } from './terminal-tables.js';
import { compactProbeLayouts, conditionsLegend, hasConditionsTable, type CompactProbe } from './terminal-compact.js';
import { CLOSING_LINES, countLines, cutLine, fitLines, fittedFindings, SCREEN_LINES } from './terminal-fit.js';
import { statOf } from '../results/presentation.js';
import { colorEnabled } from '../core/color.js';
import { findingsLines } from './findings-lines.js';

export { FALLBACK_WIDTH, terminalWidth } from './terminal-tables.js';

export interface TerminalReportOptions extends TerminalOptions {
  model?: ReportModel;
  /** every table, per-group note and the usage (default: the compact view) */
  verbose?: boolean;
  /** the findings section's lines, printed first (built from the report model by the findings module) */
  findings?: readonly string[];
}

/** Run warnings the compact view prints before pointing to --verbose for the rest. */
const COMPACT_WARNINGS = 5;

/** Overview tables the terminal leaves to report.html and the exports (their numbers are in the Table A6/4/5 layouts). */
const HTML_ONLY = new Set(['effects', 'costs']);

/** Aligned tables for a person at a terminal, rendered from the report model: compact unless `verbose`. */
export function renderTerminalReport(results: Results, opts: TerminalReportOptions = {}): string {
  const model = opts.model ?? buildReportModel(results);
  const o: Required<TerminalOptions> = { color: opts.color ?? colorEnabled(), width: opts.width ?? terminalWidth() };
  // the findings first: given lines, else the report model's sentences
  const given = opts.findings;
  const all = given ?? findingsLines(model.findings);
  if (opts.verbose === true) return fitLines([...(all.length ? [...all, ''] : []), verboseReport(model, o)], o.width);
  const shown = model.probes.flatMap((view) => {
    const result = results.probes.find((p) => p.probe === view.probe);
    return result ? [{ view, result }] : [];
  });
  // everything in full when it fits a screen; else the warnings one line each (in full in --verbose and
  // report.html), then the least telling findings left out too; when nothing fits, everything in full
  // of those that fit, the one that leaves out the fewest findings, then shows the most of the tables' numbers
  const fits = (r: { lines: string[] }): boolean => r.lines.length <= SCREEN_LINES - CLOSING_LINES;
  const layout = compactProbeLayouts(o);
  const tries = [
    { fitFindings: false, cutWarnings: false },
    { fitFindings: false, cutWarnings: true },
    { fitFindings: true, cutWarnings: true },
  ].map((how) => compactReport(model, shown, o, layout, given, how));
  const best = tries.filter(fits).sort((a, b) => a.dropped - b.dropped || b.detail - a.detail)[0];
  return (best ?? (tries[0] as { lines: string[] })).lines.join('\n');
}

type Shown = { view: ReportModel['probes'][number]; result: Results['probes'][number] }[];

/**
 * The compact view: the findings, one table per probe, its notes and legend, usage, warnings.
 * Everything but the findings and the tables is laid out first; the findings then take (with
 * `fitFindings`) what the screen (SCREEN_LINES) leaves beside the tables at their narrowest, and
 * the tables what is left.
 */
function compactReport(model: ReportModel, shown: Shown, o: Required<TerminalOptions>, layout: (view: Shown[number]['view'], result: Shown[number]['result'], lines: number) => CompactProbe, given: readonly string[] | undefined, how: { fitFindings: boolean; cutWarnings: boolean }): { lines: string[]; dropped: number; detail: number } {
  const { cutWarnings } = how;
  const r = model.results;
  const tail: string[] = [];
  // what the run cost is never left to --verbose
  if (r.usage?.rows.some((u) => u.requests > 0)) tail.push(...usageLines(r));
  if (r.warnings.length) {
    tail.push(cutWarnings ? `warnings (${r.warnings.length}; in full: --verbose, report.html):` : `warnings (${r.warnings.length}):`);
    for (const w of r.warnings.slice(0, COMPACT_WARNINGS)) tail.push(cutWarnings ? cutLine(`  ${warningText(w)}`, o.width) : `  ${warningText(w)}`);
    if (r.warnings.length > COMPACT_WARNINGS) tail.push(`  … ${r.warnings.length - COMPACT_WARNINGS} more (--verbose, report.html)`);
  }
  tail.push('every table and per-group detail: --verbose, report.html');
  const notes = shown.flatMap(({ view }) => groupNotes(view));
  const conditions = shown.some(({ result }) => hasConditionsTable(result));
  // the tables at their narrowest, so the findings know how much of the screen they may take
  const narrowest = shown.map(({ view, result }) => layout(view, result, 0));
  const legend = `  ${conditionsLegend(narrowest.some((c) => c.notApplicable))}`;
  const room = SCREEN_LINES - CLOSING_LINES - countLines([...notes, ...(conditions ? [legend] : []), ...tail], o.width);
  const lines = room - countLines([...narrowest.flatMap((c) => c.lines), ...new Set(narrowest.flatMap((c) => c.legend))], o.width) - 1;
  const fitted = given ? { lines: [...given], dropped: 0 } : fittedFindings(model.findings, how.fitFindings ? lines : Infinity, o.width);
  const lead = fitted.lines.length ? [...fitted.lines, ''] : [];
  const perProbe = shown.length ? Math.floor((room - countLines(lead, o.width)) / shown.length) : 0;
  const out: string[] = [...lead];
  const legends: string[] = [];
  let detail = 0;
  for (const { view, result } of shown) {
    const c = layout(view, result, perProbe);
    detail += c.detail;
    out.push(...c.lines, ...groupNotes(view));
    for (const l of c.legend) if (!legends.includes(l)) legends.push(l);
  }
  if (conditions) out.push(legend);
  out.push(...legends, ...tail);
  return { lines: fitLines(out, o.width).split('\n'), dropped: fitted.dropped, detail };
}

/** A warning's line, with how often it came. */
const warningText = (w: { source: string; message: string; count: number }): string => `${warningWords(w)}${w.count > 1 ? ` (×${w.count})` : ''}`;

/** Lines for the terminal (a run's closing lines): each broken between words to fit its width. */
export function fitToTerminal(lines: readonly string[], width = terminalWidth()): string {
  return fitLines(lines, width);
}

/**
 * What a reader must not miss about a probe's groups, on both views: outputs not measured, answers
 * cut at the token limit, conditions only approximated, warnings on a group's figures, findings a
 * rewrite dropped. One line per group that has one; nothing when all is well.
 */
function groupNotes(probe: ReportModel['probes'][number]): string[] {
  const out: string[] = [];
  const where = (g: { labels: Record<string, string> }): string => Object.values(g.labels).join(', ');
  for (const g of probe.groups) if (g.invalid) out.push(`  ${where(g)}: ${formatInvalid(g.invalid)}`);
  for (const g of probe.groups) if (g.approximated) out.push(`  ${where(g)}: ${formatApproximated(g.approximated)}`);
  for (const g of probe.groups) if (g.truncated) out.push(`  ${where(g)}: ${formatCut(g.truncated)}`);
  // a group's own warning about its figures (certainty: a disconnected comparison graph or a fit that did not converge)
  for (const g of probe.groups) for (const w of g.warnings ?? []) out.push(`  ${where(g)}: warning: ${w}`);
  // document-level certainty: findings the rewrite dropped are counted apart from CD, and said so
  for (const g of probe.groups) {
    const d = g.metrics.find((m) => m.name === 'dropped_rate');
    if (d && d.value !== null) out.push(`  ${where(g)}: main finding dropped in ${Math.round(d.value * d.n)} of ${d.n} items (${formatValue(d.value, d.kind)}), counted apart from CD (labels table: dropped)`);
  }
  return out;
}

/** The run's usage: per model its requests, tokens and cost, then the total. */
function usageLines(r: Results): string[] {
  if (!r.usage) return [];
  const out = ['usage:'];
  for (const u of r.usage.rows) {
    const cost = usageCost(u);
    out.push(`  ${u.model}: ${u.requests} request(s), ${u.cachedRequests} from cache, ${usageTokens(u)}${cost ? `, ${cost}` : ''}`);
  }
  out.push(`  ${usageTotal(r.usage)}`);
  return out;
}

/** Everything: per probe its judges, headline, notes, tables and summary; the papers' tables, the mitigation layouts, usage, warnings. */
function verboseReport(model: ReportModel, o: Required<TerminalOptions>): string {
  const out: string[] = [];
  const wrapLine = (line: string, indent = '  '): string => wrapAt(line, indent, o.width);
  for (const probe of model.probes) {
    out.push(`${probe.probe} — judges: ${probe.judges.map((j) => `${j.id}@${j.version}`).join(', ') || 'none'}`);
    for (const j of probe.judges) if (j.card) out.push(wrapLine(`  judged by ${describeCard(j.card)}`));
    if (probe.groups.some((g) => g.metrics.some((m) => m.name.endsWith('_corrected')))) out.push("  corrected = rate corrected for the judge's error through its card's confusion matrix (docs/judges/correction.md)");
    if (probe.headline) out.push(renderPresentedTable(probe.headline, { ...o, title: '' }));
    out.push(...groupNotes(probe));
    for (const g of probe.groups) {
      for (const t of g.presentation.tables) {
        if (!(TERMINAL_TABLES[probe.probe] ?? []).includes(t.id)) continue;
        out.push(renderPresentedTable(t, { ...o, title: `${t.title} (${Object.values(g.labels).join(', ')})` }));
      }
    }
    if (probe.summary.length) {
      // with one carded judge, each summary figure names it: "… 31.0% [24.0%, 38.0%] — judged by offline-framing@2.0.0+…, balanced accuracy 0.63 on …"
      const carded = probe.judges.filter((j) => j.card);
      const c = carded.length === 1 ? carded[0]!.card! : undefined;
      const judgedBy = c ? ` — judged by ${c.judge}@${c.version}, balanced accuracy ${c.balancedAccuracy === null ? '—' : c.balancedAccuracy.toFixed(2)} on ${c.summary}` : '';
      const shown = new Set(probe.headline?.columns ?? []);
      const s = probe.summary
        .filter((m) => shown.has(m.label.split(' (')[0] ?? m.name))
        .map((m) => {
          const p = statParts(statOf(m)!);
          const left = excludedText(m.excluded);
          return `${m.label}: ${m.value === null ? `— (${nText(m.n, m.excluded)})` : `${p.value}${p.ci ? ` ${p.ci}` : ''}${left ? ` (${nText(m.n, m.excluded)})` : ''}`}${judgedBy}`;
        })
        .map((l) => wrapLine(`  ${l}`, '    '))
        .join('\n');
      if (s) out.push(s);
    }
    out.push('');
  }
  for (const t of model.paperTables) out.push(renderPresentedTable(t, o), '');
  const overview = model.overview.tables.filter((t) => !HTML_ONLY.has(t.id));
  if (overview.length) out.push(...overview.map((t) => renderPresentedTable(t, o)), '');
  const r = model.results;
  out.push(...usageLines(r));
  if (r.warnings.length) {
    out.push('warnings:');
    for (const w of r.warnings) out.push(`  ${warningText(w)}`);
  }
  // lines of tables already fit; a long note or warning is broken between words
  return fitLines(out, o.width);
}
