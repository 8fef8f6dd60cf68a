import type { MetricJson as Metric, ProbeResult, Results } from '../probes/results.js';
import { redact } from '../core/redact.js';
import { describeCard } from '../judges/card.js';
import { escapeHtml as e } from './escape.js';
import { formatInterval, formatInvalid, formatP, formatValue } from './format.js';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d232a}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid #dde;padding-bottom:.2rem}h3{margin-top:1.4rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}
th,td{border:1px solid #d6dae0;padding:.25rem .55rem;text-align:right;vertical-align:top}
th{background:#f3f5f8}td.l,th.l{text-align:left}
.muted{color:#667}.warn{background:#fff6e0;border:1px solid #f0d48a;padding:.5rem 1rem;border-radius:4px}
details{margin:.5rem 0}code{background:#f3f5f8;padding:0 .2rem;border-radius:3px}
`;

function metricRow(m: Metric): string {
  const test = m.test
    ? `${e(m.test.name)}: ${m.test.statistic === null ? '–' : m.test.statistic.toFixed(3)}${m.test.df !== undefined && m.test.df !== null ? `, df ${e(Number.isInteger(m.test.df) ? m.test.df : m.test.df.toFixed(2))}` : ''}, p ${e(formatP(m.test.pValue))}`
    : '';
  return `<tr><td class="l">${e(m.label)}</td><td>${e(formatValue(m.value, m.kind))}</td><td>${e(formatInterval(m))}</td><td>${m.ci ? e(m.ci.method) : ''}</td><td>${e(m.n)}</td><td class="l">${test}</td></tr>`;
}

function metricsTable(metrics: Metric[]): string {
  return `<table><thead><tr><th class="l">metric</th><th>value</th><th>95% interval</th><th>method</th><th>n</th><th class="l">test</th></tr></thead><tbody>${metrics.map(metricRow).join('')}</tbody></table>`;
}

function probeSection(p: ProbeResult): string {
  const parts: string[] = [`<h2>${e(p.probe)}</h2>`];
  parts.push(`<p class="muted">judges: ${p.judges.map((j) => `<code>${e(j.id)}@${e(j.version)}</code>`).join(', ') || 'none'}; options: <code>${e(JSON.stringify(p.options))}</code></p>`);
  for (const j of p.judges) if (j.card) parts.push(`<p class="muted">judged by ${e(describeCard(j.card))}. Rows named <em>corrected for judge error</em> invert this card's confusion matrix (docs/judges/correction.md).</p>`);
  if (p.summary?.length) parts.push(`<h3>All groups</h3>${metricsTable(p.summary)}`);
  for (const g of p.groups) {
    parts.push(`<h3>${e(Object.entries(g.labels).map(([k, v]) => `${k}: ${v}`).join(' · '))} <span class="muted">(n = ${e(g.n)})</span></h3>`);
    if (g.invalid) parts.push(`<p class="warn">${e(formatInvalid(g.invalid))}</p>`);
    parts.push(metricsTable(g.metrics));
    for (const t of g.tables ?? []) {
      parts.push(`<table><caption class="muted">${e(t.title)}</caption><thead><tr>${t.columns.map((c, i) => `<th${i === 0 ? ' class="l"' : ''}>${e(c)}</th>`).join('')}</tr></thead><tbody>${t.rows
        .map((r) => `<tr>${r.map((c, i) => `<td${i === 0 ? ' class="l"' : ''}>${c === null ? '' : e(c)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`);
    }
  }
  if (p.items.length) {
    const keys = Object.keys((p.items[0]?.measurement as Record<string, unknown> | undefined) ?? {});
    const rows = p.items
      .slice(0, 500)
      .map((it) => {
        const m = it.measurement as Record<string, unknown>;
        return `<tr><td class="l">${e(it.labels.model ?? '')}</td><td class="l">${e(it.labels.dataset ?? '')}</td><td class="l">${e(it.recordId)}</td>${keys.map((k) => `<td>${e(fmtCell(m[k]))}</td>`).join('')}</tr>`;
      })
      .join('');
    parts.push(
      `<details><summary>Per-item measurements (${e(p.items.length)}${p.items.length > 500 ? ', first 500 shown; all in results.json' : ''})</summary><table><thead><tr><th class="l">model</th><th class="l">dataset</th><th class="l">record</th>${keys.map((k) => `<th>${e(k)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></details>`,
    );
  }
  return parts.join('\n');
}

function fmtCell(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(4);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/** A self-contained HTML report (no external assets); every dataset or model string is escaped, the whole page redacted. */
export function renderHtmlReport(results: Results): string {
  return redact(htmlReport(results));
}

function htmlReport(results: Results): string {
  const warn = results.warnings.length
    ? `<div class="warn"><strong>Warnings</strong><ul>${results.warnings.map((w) => `<li>${e(w.source)}: ${e(w.message)}${w.count > 1 ? ` (×${e(w.count)})` : ''}</li>`).join('')}</ul></div>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>slant report ${e(results.run.id)}</title><style>${STYLE}</style></head>
<body>
<h1>slant report</h1>
<p class="muted">run <code>${e(results.run.id)}</code> · ${e(results.run.command)} · ${e(results.run.status)} · finished ${e(results.run.finishedAt)} · slant ${e(results.slant.version)}</p>
<p>models: ${results.models.map((m) => `<code>${e(m.id)}</code>`).join(', ')} · datasets: ${results.datasets.map((d) => `${e(d.name)} (n = ${e(d.n)}${d.skipped ? `, ${e(d.skipped)} skipped` : ''})`).join(', ')}</p>
${warn}
${results.probes.map(probeSection).join('\n')}
<p class="muted">Intervals are 95%. Rates use Wilson intervals, means t intervals, summaries across groups a bootstrap over items within groups. Schema: ${e(results.schema)}.</p>
</body></html>
`;
}
