import type { Results } from '../results/schema.js';
import { createTable } from './table.js';
import { buildReportModel } from './model.js';
import { renderPresentedTable } from './terminal-tables.js';
import { formatInterval, formatTest, formatValue, HEADLINE, TERMINAL_TABLES } from './format.js';

/** Aligned tables for a person at a terminal: one row per (model, dataset), headline metrics. */
export function renderTerminalReport(results: Results, opts: { color?: boolean } = {}): string {
  const out: string[] = [];
  for (const probe of results.probes) {
    const names = HEADLINE[probe.probe] ?? probe.groups[0]?.metrics.slice(0, 4).map((m) => m.name) ?? [];
    const first = probe.groups[0];
    const head = ['model', 'dataset', 'n', ...names.map((n) => first?.metrics.find((m) => m.name === n)?.label.split(' (')[0] ?? n)];
    const table = createTable(head, { color: opts.color });
    for (const g of probe.groups) {
      table.push([
        g.labels.model ?? '',
        g.labels.dataset ?? '',
        String(g.n),
        ...names.map((n) => {
          const m = g.metrics.find((x) => x.name === n);
          if (!m) return '';
          const ci = formatInterval(m);
          const test = m.test ? `\n${formatTest(m)}` : '';
          return `${formatValue(m.value, m.kind)}${ci ? `\n${ci}` : ''}${test}`;
        }),
      ]);
    }
    out.push(`${probe.probe} — judges: ${probe.judges.map((j) => `${j.id}@${j.version}`).join(', ') || 'none'}`);
    // groups that carry their numbers only in tables (e.g. many systems in one file) skip the metric table
    if (probe.groups.some((g) => names.some((n) => g.metrics.some((m) => m.name === n)))) out.push(table.toString());
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
      const s = probe.summary
        .filter((m) => names.includes(m.name))
        .map((m) => `${m.label}: ${formatValue(m.value, m.kind)} ${formatInterval(m)}`)
        .join('\n  ');
      if (s) out.push(`  ${s}`);
    }
    out.push('');
  }
  // run-wide tables of the report model (seed 000 Table A6, mitigation effects and costs; Table 1 repeats the rows above)
  for (const t of buildReportModel(results).overview.tables) if (t.id !== 'seed000-table1') out.push(renderPresentedTable(t, opts), '');
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
