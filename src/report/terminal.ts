import type { Results } from '../results/schema.js';
import { describeCard } from '../judges/card.js';
import type Table from 'cli-table3';
import { createTable, drawnWidth, fitWidths } from './table.js';
import { formatInterval, formatInvalid, formatTest, formatValue, HEADLINE, TERMINAL_TABLES } from './format.js';
import { renderMitigationTables } from './mitigation-tables.js';

/** Width every terminal table is made to fit. */
export const TERMINAL_WIDTH = 120;

/**
 * A table no wider than TERMINAL_WIDTH: long metric headers give way to the metrics' short names
 * with a legend under the table; if it is still too wide, columns get fixed widths and wrap.
 */
function fittedTable(fixed: string[], labels: string[], names: string[], rows: string[][], color?: boolean): { table: InstanceType<typeof Table>; legend: string[] } {
  let head = [...fixed, ...labels];
  let legend: string[] = [];
  if (drawnWidth([head, ...rows]) > TERMINAL_WIDTH) {
    head = [...fixed, ...names];
    legend = names.map((n, i) => (n === labels[i] ? '' : `  ${n}: ${labels[i]}`)).filter((l) => l !== '');
  }
  const colWidths = fitWidths([head, ...rows], TERMINAL_WIDTH);
  const table = createTable(head, { color, ...(colWidths ? { colWidths } : {}) });
  for (const r of rows) table.push(r);
  return { table, legend };
}

/** Aligned tables for a person at a terminal: one row per (model, dataset), headline metrics. */
export function renderTerminalReport(results: Results, opts: { color?: boolean } = {}): string {
  const out: string[] = [];
  for (const probe of results.probes) {
    const names = HEADLINE[probe.probe] ?? probe.groups[0]?.metrics.slice(0, 4).map((m) => m.name) ?? [];
    const first = probe.groups[0];
    const labels = names.map((n) => first?.metrics.find((m) => m.name === n)?.label.split(' (')[0] ?? n);
    const rows: string[][] = [];
    // with mitigations, the per-condition view is the Table A6/4/5 layout below; here the baseline
    for (const g of probe.groups.filter((x) => !probe.effects || (x.labels.condition ?? 'baseline') === 'baseline')) {
      rows.push([
        g.labels.model ?? '',
        g.labels.dataset ?? '',
        String(g.n),
        ...names.map((n) => {
          const m = g.metrics.find((x) => x.name === n);
          if (!m) return '—';
          const ci = formatInterval(m);
          const test = m.test ? `\n${formatTest(m)}` : '';
          // an undefined value shows its n (why it is undefined), never a number
          if (m.value === null) return `— (n = ${m.n})`;
          const c = g.metrics.find((x) => x.name === `${n}_corrected`);
          const corr = c ? `\ncorrected ${c.value === null ? `— (n = ${c.n})` : `${formatValue(c.value, c.kind)} ${formatInterval(c)}`}` : '';
          return `${formatValue(m.value, m.kind)}${ci ? `\n${ci}` : ''}${test}${corr}`;
        }),
      ]);
    }
    const { table, legend } = fittedTable(['model', 'dataset', 'n'], labels, names, rows, opts.color);
    out.push(`${probe.probe} — judges: ${probe.judges.map((j) => `${j.id}@${j.version}`).join(', ') || 'none'}`);
    for (const j of probe.judges) if (j.card) out.push(`  judged by ${describeCard(j.card)}`);
    if (probe.groups.some((g) => g.metrics.some((m) => m.name.endsWith('_corrected')))) out.push('  corrected = rate corrected for the judge\'s error through its card\'s confusion matrix (docs/judges/correction.md)');
    // groups that carry their numbers only in tables (e.g. many systems in one file) skip the metric table
    if (probe.groups.some((g) => names.some((n) => g.metrics.some((m) => m.name === n)))) out.push(table.toString(), ...legend);
    for (const g of probe.groups) if (g.invalid) out.push(`  ${Object.values(g.labels).join(', ')}: ${formatInvalid(g.invalid)}`);
    // a group's own warning about its figures (certainty: a disconnected comparison graph or a fit that did not converge)
    for (const g of probe.groups) {
      const w = g.extra?.['source_ranking_warning'];
      if (typeof w === 'string') out.push(`  ${Object.values(g.labels).join(', ')}: warning: source ranking: ${w}`);
    }
    // document-level certainty: findings the rewrite dropped are counted apart from CD, and said so
    for (const g of probe.groups) {
      const d = g.metrics.find((m) => m.name === 'dropped_rate');
      if (d && d.value !== null) out.push(`  ${Object.values(g.labels).join(', ')}: main finding dropped in ${Math.round(d.value * d.n)} of ${d.n} items (${formatValue(d.value, d.kind)}), counted apart from CD (labels table: dropped)`);
    }
    for (const g of probe.groups) {
      for (const t of g.tables ?? []) {
        if (!(TERMINAL_TABLES[probe.probe] ?? []).includes(t.name)) continue;
        const tt = createTable(t.columns, { color: opts.color });
        for (const r of t.rows) tt.push(r.map((c) => (c === null ? '' : typeof c === 'number' && !Number.isInteger(c) ? c.toFixed(4) : String(c))));
        out.push(`${t.title} (${Object.values(g.labels).join(', ')})`);
        out.push(tt.toString());
      }
    }
    if (probe.summary?.length) {
      // with one carded judge, each summary figure names it: "… 31.0% [24.0%, 38.0%] — judged by offline-framing@2.0.0+…, balanced accuracy 0.63 on …"
      const carded = probe.judges.filter((j) => j.card);
      const c = carded.length === 1 ? carded[0]!.card! : undefined;
      const judgedBy = c ? ` — judged by ${c.judge}@${c.version}, balanced accuracy ${c.balancedAccuracy === null ? '—' : c.balancedAccuracy.toFixed(2)} on ${c.summary}` : '';
      const s = probe.summary
        .filter((m) => names.includes(m.name))
        .map((m) => `${m.label}: ${m.value === null ? `— (n = ${m.n})` : `${formatValue(m.value, m.kind)} ${formatInterval(m)}`}${judgedBy}`)
        .join('\n  ');
      if (s) out.push(`  ${s}`);
    }
    out.push('');
  }
  for (const t of results.tables ?? []) {
    const tt = createTable(t.columns, { color: opts.color });
    for (const r of t.rows) tt.push(r.map((c) => (c === null ? '—' : String(c))));
    out.push(t.title, tt.toString(), '');
  }
  const mitigations = renderMitigationTables(results, opts);
  if (mitigations.length) out.push(...mitigations, '');
  if (results.usage) {
    out.push('usage:');
    for (const r of results.usage.rows) {
      const cost = r.cost === undefined ? (r.inputTokens + r.outputTokens > 0 ? 'no price' : '') : `$${r.cost.toFixed(4)}`;
      out.push(`  ${r.model}: ${r.requests} request(s), ${r.cachedRequests} from cache, ${r.inputTokens} in / ${r.outputTokens} out tokens${cost ? `, ${cost}` : ''}`);
    }
    out.push(`  total $${results.usage.total.toFixed(4)} (prices as of ${results.usage.pricesAsOf}${results.usage.unpriced.length ? `; unpriced: ${results.usage.unpriced.join(', ')}` : ''})`);
  }
  if (results.warnings.length) {
    out.push('warnings:');
    for (const w of results.warnings) out.push(`  ${w.source}: ${w.message}${w.count > 1 ? ` (×${w.count})` : ''}`);
  }
  return out.join('\n');
}
