/**
 * The terminal report: the report model (src/report/model.ts) for a person at a terminal. It prints
 * the same tables as report.html and the exports (each probe's headline, the tables a probe shows
 * at the terminal, the papers' tables, the mitigation layouts), fitted to TERMINAL_WIDTH columns.
 */
import type { Results } from '../results/schema.js';
import { describeCard } from '../judges/card.js';
import { excludedText, nText } from '../core/excluded.js';
import { formatApproximated, formatCut, formatInvalid, formatValue, statParts, TERMINAL_TABLES, usageCost, usageTokens, usageTotal } from './format.js';
import { buildReportModel, type ReportModel } from './model.js';
import { renderPresentedTable, wrapLine } from './terminal-tables.js';
import { statOf } from '../results/presentation.js';

export { TERMINAL_WIDTH } from './terminal-tables.js';

/** Overview tables the terminal leaves to report.html and the exports (their numbers are in the Table A6/4/5 layouts). */
const HTML_ONLY = new Set(['effects', 'costs']);

/** Aligned tables for a person at a terminal, rendered from the report model. */
export function renderTerminalReport(results: Results, opts: { color?: boolean; model?: ReportModel } = {}): string {
  const model = opts.model ?? buildReportModel(results);
  const out: string[] = [];
  for (const probe of model.probes) {
    out.push(`${probe.probe} — judges: ${probe.judges.map((j) => `${j.id}@${j.version}`).join(', ') || 'none'}`);
    for (const j of probe.judges) if (j.card) out.push(wrapLine(`  judged by ${describeCard(j.card)}`));
    if (probe.groups.some((g) => g.metrics.some((m) => m.name.endsWith('_corrected')))) out.push("  corrected = rate corrected for the judge's error through its card's confusion matrix (docs/judges/correction.md)");
    if (probe.headline) out.push(renderPresentedTable(probe.headline, { color: opts.color, title: '' }));
    for (const g of probe.groups) if (g.invalid) out.push(`  ${Object.values(g.labels).join(', ')}: ${formatInvalid(g.invalid)}`);
    for (const g of probe.groups) if (g.approximated) out.push(wrapLine(`  ${Object.values(g.labels).join(', ')}: ${formatApproximated(g.approximated)}`, '    '));
    for (const g of probe.groups) if (g.truncated) out.push(`  ${Object.values(g.labels).join(', ')}: ${formatCut(g.truncated)}`);
    // a group's own warning about its figures (certainty: a disconnected comparison graph or a fit that did not converge)
    for (const g of probe.groups) for (const w of g.warnings ?? []) out.push(wrapLine(`  ${Object.values(g.labels).join(', ')}: warning: ${w}`, '    '));
    // document-level certainty: findings the rewrite dropped are counted apart from CD, and said so
    for (const g of probe.groups) {
      const d = g.metrics.find((m) => m.name === 'dropped_rate');
      if (d && d.value !== null) out.push(`  ${Object.values(g.labels).join(', ')}: main finding dropped in ${Math.round(d.value * d.n)} of ${d.n} items (${formatValue(d.value, d.kind)}), counted apart from CD (labels table: dropped)`);
    }
    for (const g of probe.groups) {
      for (const t of g.presentation.tables) {
        if (!(TERMINAL_TABLES[probe.probe] ?? []).includes(t.id)) continue;
        out.push(renderPresentedTable(t, { color: opts.color, title: `${t.title} (${Object.values(g.labels).join(', ')})` }));
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
  for (const t of model.paperTables) out.push(renderPresentedTable(t, { color: opts.color }), '');
  const overview = model.overview.tables.filter((t) => !HTML_ONLY.has(t.id));
  if (overview.length) out.push(...overview.map((t) => renderPresentedTable(t, { color: opts.color })), '');
  const r = model.results;
  if (r.usage) {
    out.push('usage:');
    for (const u of r.usage.rows) {
      const cost = usageCost(u);
      out.push(`  ${u.model}: ${u.requests} request(s), ${u.cachedRequests} from cache, ${usageTokens(u)}${cost ? `, ${cost}` : ''}`);
    }
    out.push(`  ${usageTotal(r.usage)}`);
  }
  if (r.warnings.length) {
    out.push('warnings:');
    for (const w of r.warnings) out.push(`  ${w.source}: ${w.message}${w.count > 1 ? ` (×${w.count})` : ''}`);
  }
  return out.join('\n');
}
