import { createHash } from 'node:crypto';
import { conditionOf, groupName, isStat, type Cell, type ItemLink, type Presentation, type PresentedTable, type Stat } from '../results/presentation.js';
import type { MetricJson as Metric } from '../results/schema.js';
import { figureSvg } from './charts/svg.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { describeCard } from '../judges/card.js';
import { escapeHtml as e } from './escape.js';
import { excludedText } from '../core/excluded.js';
import { APPROXIMATED_MARK } from './mitigation-tables.js';
import { formatApproximated, formatCut, formatInterval, formatInvalid, formatP, formatValue, nLabel, statParts, undefinedText, usageCost, usageTokens, usageTotal, usageUnknown, warningWords } from './format.js';
import type { ItemDetail, ItemSummary } from '../probes/item-view.js';
import { EmbeddedItemList, jsonForScript, textForScript, type Facets } from './items/embedded-list.js';
import type { ReportModel } from './model.js';
import { effectSign } from './findings-wording.js';
// the demo's explanation as its JSON, not through config/demo.ts, which loads the config parser (yaml, the config schema) that a report never needs
import DEMO_EXPLANATION from '../config/demo-explanation.json' with { type: 'json' };
import { spendHtml } from './spend-html.js';

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1200px;padding:0 1rem;color:#1d232a}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid #dde;padding-bottom:.2rem}h3{margin-top:1.4rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:600;padding:.2rem 0}
th,td{border:1px solid #d6dae0;padding:.25rem .55rem;text-align:right;vertical-align:top}
th{background:#f3f5f8}td.l,th.l{text-align:left}.ci{color:#556;font-size:.85em}
.muted{color:#667}.warn{background:#fff6e0;border:1px solid #f0d48a;padding:.5rem 1rem;border-radius:4px}
details{margin:.5rem 0}details.probe-detail,#usage{border:1px solid #e3e6ea;border-radius:4px;padding:.3rem .6rem}details.probe-detail>summary,#usage>summary{cursor:pointer}.sig{color:#8a2b00}details.warn>summary{cursor:pointer}#findings li{margin:.3rem 0}.finding-none,.finding-not-applicable,.finding-instrument{color:#3c4650}code{background:#f3f5f8;padding:0 .2rem;border-radius:3px}
.figs{display:flex;flex-wrap:wrap;gap:1rem}.fig{margin:0;border:1px solid #e3e6ea;border-radius:4px;padding:.4rem;background:#fff;max-width:100%;overflow-x:auto}
nav a{margin-right:.8rem}a.item-link{white-space:nowrap}#items-table td{text-align:left;font-size:.9em}#items-table th{text-align:left}.item-row{cursor:pointer}.item-row:hover{background:#f0f6ff}
.filters label{margin-right:.7rem}.side{display:flex;gap:1rem}.side .text{flex:1;min-width:0;border:1px solid #e3e6ea;padding:.5rem;border-radius:4px}
.third-beginning{background:#e8f1ff}.third-middle{background:#fff4df}.third-end{background:#eaf7ea}.hl{outline:2px solid #d33}
button.map{font-size:.75em;margin:0 .3rem;padding:0 .3rem}.score{margin-right:1rem;font-family:monospace}pre{white-space:pre-wrap;background:#f7f8fa;padding:.5rem}
`;

/** Where the unreadable answers behind a number are listed: the row's items with the tag `unreadable`. */
function unreadableLink(excluded: Stat['excluded'], link: ItemLink | null | undefined): string {
  if (!link || !excluded || !(excluded['unreadable'] ?? 0)) return '';
  return ` <a class="item-link" href="${e(itemHref({ ...link, filter: 'unreadable' }))}">unreadable answers →</a>`;
}

/** The mark beside a paired effect whose 95% interval excludes 0. */
const SIG_MARK = '✱';
const significant = (s: Stat): boolean => s.difference === true && s.value !== null && effectSign(s.ci) !== 0;

function statHtml(s: Stat, link?: ItemLink | null): string {
  const { value: plain, ci, more } = statParts(s);
  const value = significant(s) ? `${SIG_MARK} ${plain}` : plain;
  if (s.value === null) return `${e(undefinedText(s))}${unreadableLink(s.excluded, link)}${more.map((l) => `<br><span class="ci">${e(l)}</span>`).join('')}`;
  return `${significant(s) ? `<strong class="sig" title="the 95% interval excludes 0">${e(value)}</strong>` : e(value)}${ci ? ` <span class="ci">${e(ci)}</span>` : ''} <span class="ci">${e(nLabel(s))}</span>${unreadableLink(s.excluded, link)}${more.map((l) => `<br><span class="ci">${e(l)}</span>`).join('')}`;
}

function cellHtml(c: Cell, link?: ItemLink | null): string {
  if (c === null) return '—';
  if (isStat(c)) return statHtml(c, link);
  if (typeof c === 'number') return e(Number.isInteger(c) ? String(c) : c.toFixed(4));
  return e(c);
}

export function itemHref(link: ItemLink): string {
  const p = new URLSearchParams({ probe: link.probe, ...(link.labels.model ? { model: link.labels.model } : {}), ...(link.labels.dataset ? { dataset: link.labels.dataset } : {}), ...(conditionOf(link.labels) ? { condition: conditionOf(link.labels) as string } : link.baseline === true ? { condition: 'baseline' } : {}), ...(link.filter ? { filter: link.filter } : {}) });
  return `#items?${p.toString()}`;
}

function tableHtml(t: PresentedTable): string {
  const links = t.links?.some((l) => l) ?? false;
  const textCol = t.columns.map((_, i) => i === 0 || t.rows.every((r) => typeof r[i] === 'string' || r[i] === undefined));
  const head = `<tr>${t.columns.map((c, i) => `<th${textCol[i] ? ' class="l"' : ''}>${e(c)}</th>`).join('')}${links ? '<th class="l">items</th>' : ''}</tr>`;
  const rows = t.rows
    .map((r, k) => {
      const link = t.links?.[k];
      return `<tr>${r.map((c, i) => `<td${textCol[i] ? ' class="l"' : ''}>${cellHtml(c, link)}</td>`).join('')}${links ? `<td class="l">${link ? `<a class="item-link" href="${e(itemHref(link))}">items →</a>` : ''}</td>` : ''}</tr>`;
    })
    .join('');
  const marked = t.rows.some((r) => r.some((c) => isStat(c) && significant(c)));
  const note = [t.note, marked ? `${SIG_MARK}: the paired effect's 95% interval excludes 0` : undefined].filter(Boolean).join('; ');
  return `<table data-table="${e(t.id)}"><caption>${e(t.title)}</caption><thead>${head}</thead><tbody>${rows}</tbody></table>${note ? `<p class="muted">${e(note)}</p>` : ''}`;
}

function metricsTable(metrics: Metric[], link: ItemLink): string {
  const row = (m: Metric): string => {
    const test = m.test
      ? `${e(m.test.name)}: ${m.test.statistic === null ? '—' : m.test.statistic.toFixed(3)}${m.test.df !== undefined && m.test.df !== null ? `, df ${e(Number.isInteger(m.test.df) ? m.test.df : m.test.df.toFixed(2))}` : ''}, p ${e(formatP(m.test.pValue))}`
      : '';
    const value = m.value === null ? undefinedText(m) : formatValue(m.value, m.kind);
    return `<tr data-metric="${e(m.name)}"><td class="l">${e(m.label)}</td><td>${e(value)}</td><td>${e(formatInterval(m))}</td><td>${m.ci ? e(m.ci.method) : ''}</td><td>${e(m.n)}${m.excluded ? `<br><span class="ci">${e(excludedText(m.excluded))}</span>${unreadableLink(m.excluded, link)}` : ''}</td><td class="l">${test}</td><td class="l"><a class="item-link" href="${e(itemHref(link))}">items →</a></td></tr>`;
  };
  return `<table><thead><tr><th class="l">metric</th><th>value</th><th>95% interval</th><th>method</th><th>n</th><th class="l">test</th><th class="l">items</th></tr></thead><tbody>${metrics.map(row).join('')}</tbody></table>`;
}

async function figuresHtml(p: Presentation): Promise<string> {
  if (p.figures.length === 0) return '';
  const svgs = await Promise.all(p.figures.map(async (f) => `<figure class="fig" data-figure="${e(f.id)}">${await figureSvg(f)}${f.caption ? `<figcaption class="muted">${e(f.caption)}</figcaption>` : ''}</figure>`));
  return `<div class="figs">${svgs.join('')}</div>`;
}

interface ReportPageOptions {
  /** items in the page (a report file) or fetched from the viewer's API */
  items: { mode: 'embedded'; summaries: ItemSummary[] | EmbeddedItemList; details: ItemDetail[]; omitted: number } | { mode: 'api'; api: string; facets: Facets };
  /** a link back (the viewer's run list) */
  back?: string;
}

/** The filters' values of a list of items (the viewer's, from its cells). */
export function facetsOf(summaries: readonly ItemSummary[], extra: Partial<Facets> = {}): Facets {
  return EmbeddedItemList.of(summaries).facets(extra);
}

const SCRIPT_HASH = `sha256-${createHash('sha256').update(CLIENT_SCRIPT).digest('base64')}`;
/** The policy of every page: no network, no inline handlers, only the items script (by hash). */
export const CSP = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '${SCRIPT_HASH}'; connect-src 'self'; base-uri 'none'; form-action 'self'`;

/**
 * The embedded details with each distinct text stored once (a source measured by several probes
 * and models appears in many details): texts carry `ref`, an index into `pool`.
 */
export function pooledDetails(details: readonly ItemDetail[]): { details: Record<string, unknown>; pool: string[] } {
  const pool: string[] = [];
  const index = new Map<string, number>();
  const ref = (text: string): number => {
    let i = index.get(text);
    if (i === undefined) {
      i = pool.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };
  return {
    details: Object.fromEntries(details.map((d) => [detailKey(d), { ...d, texts: d.texts.map(({ text, ...rest }) => ({ ...rest, ref: ref(text) })) }])),
    pool,
  };
}

/** jsonForScript(pooledDetails(details)), the same text, with the pool's texts (most of it) written by textForScript. */
export function pooledDetailsJson(details: readonly ItemDetail[]): string {
  const { details: byKey, pool } = pooledDetails(details);
  return `{"details":${jsonForScript(byKey)},"pool":[${pool.map(textForScript).join(',')}]}`;
}

const detailKey = (s: ItemSummary): string => `${s.probe}\u0000${s.labels.model}\u0000${s.labels.dataset}\u0000${s.labels.condition ?? ''}\u0000${s.recordId}`;

/** The findings section: per model, its sentences, each with a link to the items behind it. */
function findingsHtml(model: Pick<ReportModel, 'findings'>): string {
  if (model.findings.length === 0) return '';
  const models = model.findings
    .map((m) => `<div class="finding-model" data-model="${e(m.model)}"><h3>${e(m.model)}</h3><ul>${m.findings.map((f) => `<li class="finding finding-${e(f.status)}" data-probe="${e(f.probe)}" data-subject="${e(f.subject)}" data-status="${e(f.status)}"><span class="finding-text">${e(f.text)}</span>${f.link ? ` <a class="item-link" href="${e(itemHref(f.link))}">items →</a>` : ''}</li>`).join('')}</ul></div>`)
    .join('');
  return `<section id="findings"><h2>Findings</h2>${models}<p class="muted">A finding is stated only where its 95% interval supports it; intervals are 95%, n is the number of items behind each figure (docs/report.md, "Findings").</p></section>`;
}

/** One line for a group whose condition cannot run on its model: no empty section, no empty chart. */
const notApplicableLine = (g: { labels: Record<string, string>; notApplicable?: string }): string => `<p class="muted na">${e(groupName(g.labels))}: not applicable on this model: ${e(g.notApplicable ?? '')}</p>`;

/** A probe's detail, folded: its judges, every group's figures, tables and metrics. */
async function probeDetail(p: ReportModel['probes'][number], figures: Presentation['figures']): Promise<string> {
  const applicable = p.groups.filter((g) => g.notApplicable === undefined);
  const parts = [`<details class="probe-detail" id="probe-${e(p.probe)}"><summary><strong>${e(p.probe)}</strong> — ${e(applicable.length)} group(s): judges, figures, tables and every metric with its test</summary>`];
  parts.push(`<p class="muted">judges: ${p.judges.map((j) => `<code>${e(j.id)}@${e(j.version)}</code>`).join(', ') || 'none'}; options: <code>${e(JSON.stringify(p.options))}</code></p>`);
  for (const j of p.judges) if (j.card) parts.push(`<p class="muted">judged by ${e(describeCard(j.card))}. Rows named <em>corrected for judge error</em> invert this card's confusion matrix (docs/judges/correction.md).</p>`);
  parts.push(await figuresHtml({ tables: [], figures }));
  // the mean of the group means pools unlike systems and corpora: detail, never a headline
  if (p.summary.length) parts.push(`<h3>Mean of the group means <span class="muted">(every model and dataset pooled: describes no single system)</span></h3>${metricsTable(p.summary, { probe: p.probe, labels: {} })}`);
  for (const g of p.groups) {
    if (g.notApplicable !== undefined) {
      parts.push(notApplicableLine(g));
      continue;
    }
    parts.push(`<h3>${e(groupName(g.labels))}${g.approximated ? ` ${APPROXIMATED_MARK}` : ''} <span class="muted">(n = ${e(g.n)})</span></h3>`);
    if (g.invalid) parts.push(`<p class="warn">${e(formatInvalid(g.invalid))}</p>`);
    if (g.approximated) parts.push(`<p class="warn">${e(formatApproximated(g.approximated))}</p>`);
    if (g.truncated) parts.push(`<p class="warn">${e(formatCut(g.truncated))}</p>`);
    parts.push(g.presentation.tables.map(tableHtml).join(''));
    parts.push(`<details><summary>all metrics</summary>${metricsTable(g.metrics, { probe: p.probe, labels: g.labels })}</details>`);
  }
  parts.push('</details>');
  return parts.join('\n');
}

/**
 * The figures of the page, section by section in the order it draws them: the answer (with
 * conditions, the paired effects; without, the papers' figures), then each probe's detail (with
 * conditions, its figures; without, its per-group heatmaps). vega numbers the gradients and clip
 * paths it writes in the order it draws them, so the report thread draws them in this order too.
 */
export function pageFigureSections(model: Pick<ReportModel, 'overview' | 'probes'>): Presentation['figures'][] {
  const conditions = model.overview.figures.length > 0;
  const main = conditions ? model.overview.figures : model.probes.flatMap((p) => p.figures.filter((f) => f.kind !== 'heatmap'));
  return [main, ...model.probes.map((p) => (conditions ? p.figures : p.figures.filter((f) => f.kind === 'heatmap')))];
}

/** The page's data script around the item list's rows: its text before the rows, the rows (undefined for a page that fetches its items), and its text after them (the embedded details). */
export interface ItemsScript {
  head: string;
  rows: readonly string[] | undefined;
  tail: string;
}

/**
 * The page's data script (its items): made apart from the rest of the page, so that a report's end
 * makes it (the details' JSON, megabytes of texts) while its figures are still being drawn.
 */
export function itemsScript(model: Pick<ReportModel, 'probes'>, items: ReportPageOptions['items']): ItemsScript {
  if (items.mode === 'api') return { head: jsonForScript({ mode: 'api', api: items.api, facets: items.facets }), rows: undefined, tail: '' };
  // the embedded list's rows are JSON text already (items/embedded-list.ts): spliced in after the cells, as one object would be written
  const list = items.summaries instanceof EmbeddedItemList ? items.summaries : EmbeddedItemList.of(items.summaries);
  const head = jsonForScript({ mode: 'embedded', facets: list.facets({ probes: model.probes.map((p) => p.probe) }), cells: list.cells });
  const tail = pooledDetailsJson(items.details);
  return { head: `${head.slice(0, -1)},"rows":[`, rows: list.rowTexts(), tail: `],${tail.slice(1)}` };
}

/**
 * The report page, in the order a reader asks: what was found (the findings), the comparison that
 * answers the run's question (forest plots of the paired effects when the run has conditions, else
 * the papers' figures), the tables, then each probe's detail folded, cost and usage, and the items.
 */
export async function renderReportPage(model: ReportModel, opts: ReportPageOptions): Promise<string> {
  const { before, rows, after } = await reportPagePieces(model, opts);
  return rows === undefined ? before + after : `${before}${rows.join(',')}${after}`;
}

/**
 * The report page in three pieces: the text before the item list's rows, the rows (each a JSON
 * text, to be joined with commas; undefined for a page that fetches its items), and the text
 * after them. A report of tens of thousands of items is written piece by piece (write.ts), so its
 * list is never joined into one string with the rest of the page.
 */
export async function reportPagePieces(model: ReportModel, opts: ReportPageOptions, script: ItemsScript = itemsScript(model, opts.items)): Promise<{ before: string; rows: readonly string[] | undefined; after: string; end: string }> {
  const r = model.results;
  const warn = r.warnings.length
    ? `<details class="warn" id="warnings"><summary><strong>${e(r.warnings.length)} warning(s)</strong>: ${e(warningWords(r.warnings[0]!))}${r.warnings.length > 1 ? ' …' : ''}</summary><ul>${r.warnings.map((w) => `<li>${e(warningWords(w))}${w.count > 1 ? ` (×${e(w.count)})` : ''}</li>`).join('')}</ul></details>`
    : '';
  const sections: string[] = [];
  const conditions = model.overview.figures.length > 0;
  const [main = [], ...probeFigures] = pageFigureSections(model);
  if (main.length) {
    const head = conditions
      ? `<h2>Which mitigation changes what</h2><p class="muted">Paired effects, mitigated − baseline on the same records, with 95% intervals: a point left of the line lowers the metric. In the tables, ${SIG_MARK} marks an effect whose interval excludes 0.</p>`
      : '<h2>What was measured</h2>';
    sections.push(`<section id="answer">${head}${await figuresHtml({ tables: [], figures: main })}</section>`);
  }
  const overview = model.overview.tables.filter((t) => t.id !== 'costs');
  // a run with conditions asks about them first; the baseline's paper tables follow
  const tables = conditions ? [...overview, ...model.paperTables] : [...model.paperTables, ...overview];
  if (tables.length) sections.push(`<section id="tables"><h2>Tables</h2>${tables.map(tableHtml).join('')}</section>`);
  const detail: string[] = [];
  for (const [i, p] of model.probes.entries()) detail.push(await probeDetail(p, probeFigures[i] ?? []));
  const costs = model.overview.tables.filter((t) => t.id === 'costs');
  const usage = r.usage
    ? `<h3>Usage</h3><table data-table="usage"><thead><tr><th class="l">model</th><th>requests</th><th>from cache</th><th>input tokens</th><th>output tokens</th><th>cost</th></tr></thead><tbody>${r.usage.rows.map((u) => `<tr><td class="l">${e(u.model)}</td><td>${e(u.requests)}</td><td>${e(u.cachedRequests)}</td>${usageUnknown(u) ? `<td colspan="2">${e(usageTokens(u))}</td>` : `<td>${e(u.inputTokens)}${u.withoutUsage > 0 ? ` (+${e(u.withoutUsage)} answer(s) without usage)` : ''}</td><td>${e(u.outputTokens)}</td>`}<td>${e(usageCost(u))}</td></tr>`).join('')}</tbody></table><p>${e(usageTotal(r.usage))}</p>`
    : '';
  const spend = spendHtml(r.spend);
  if (costs.length || usage || spend) detail.push(`<details id="usage"><summary><strong>Cost and usage</strong>${r.usage ? ` — ${e(usageTotal(r.usage))}` : ''}</summary>${costs.map(tableHtml).join('')}${usage}${spend}</details>`);
  sections.push(`<section id="detail"><h2>Detail</h2><p class="muted">Folded: open a probe for its judges, every group's figures and tables, and every metric with its interval, method and test.</p>${detail.join('\n')}</section>`);
  const items = opts.items;
  const omitted = items.mode === 'embedded' && items.omitted > 0 ? `<p class="muted">${e(items.omitted)} further item(s) are not in this file; browse them all with <code>slant view</code>.</p>` : '';
  const before = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${e(CSP)}">
<title>slant report ${e(r.run.id)}</title><style>${STYLE}</style></head>
<body>
${opts.back ? `<p><a href="${e(opts.back)}">← all runs</a></p>` : ''}
<header>
<h1>slant report</h1>
<p class="muted">run <code>${e(r.run.id)}</code> · ${e(r.run.command)} · ${e(r.run.status)} · finished ${e(r.run.finishedAt)} · slant ${e(r.slant.version)}</p>
<p>models: ${r.models.map((m) => `<code>${e(m.id)}</code>`).join(', ')} · datasets: ${r.datasets.map((d) => `${e(d.name)} (n = ${e(d.n)}${d.skipped ? `, ${e(d.skipped)} skipped` : ''})`).join(', ')}</p>
${r.run.command === 'demo' ? `<details id="about"><summary>${e(DEMO_EXPLANATION.title)}, and why lead-3 and TextRank differ</summary>${DEMO_EXPLANATION.lines.map((l) => `<p>${e(l)}</p>`).join('')}</details>` : ''}
<nav>${model.findings.length ? '<a href="#findings">findings</a>' : ''}${main.length ? `<a href="#answer">${conditions ? 'mitigations' : 'figures'}</a>` : ''}${tables.length ? '<a href="#tables">tables</a>' : ''}<a href="#detail">detail</a><a href="#items">items</a></nav>
</header>
${findingsHtml(model)}
${warn}
${sections.join('\n')}
<section id="items"><h2>Items</h2>
<p class="muted">Every measured item behind the numbers above. "items →" links open the items behind a metric; click a row for the source beside the output.</p>
<div class="filters">
<label>probe <select id="f-probe"><option value="">all</option></select></label>
<label>model <select id="f-model"><option value="">all</option></select></label>
<label>dataset <select id="f-dataset"><option value="">all</option></select></label>
<label>condition <select id="f-condition"><option value="">all</option></select></label>
<label>filter <select id="f-tag"><option value="">none</option></select></label>
<label><input type="checkbox" id="f-changed"> changed only</label>
<label>search <input type="search" id="f-q" placeholder="text, id, label"></label>
</div>
<p id="items-info" class="muted"></p>${omitted}
<table id="items-table"><thead><tr><th>probe</th><th>model</th><th>dataset</th><th>condition</th><th>record</th><th>scores</th><th>tags</th></tr></thead><tbody id="items-body"></tbody></table>
<p><button id="prev" type="button">← previous</button> <button id="next" type="button">next →</button></p>
<div id="item-detail"></div>
</section>
<p class="muted">Intervals are 95%. Rates use Wilson intervals, means t intervals, summaries across groups a bootstrap over items within groups. "—" is an undefined value (its n is shown). Schema: ${e(r.schema)}.</p>
<script type="application/json" id="slant-data">${script.head}`;
  const end = `</script>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
  // `end` also apart from the embedded details (`script.tail`, megabytes of texts): the page's
  // closing script's words (an event's `key`) would make redaction search the texts too
  return { before, rows: script.rows, after: `${script.tail}${end}`, end };
}
