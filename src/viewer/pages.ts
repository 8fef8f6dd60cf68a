import { figureSvg } from '../report/charts/svg.js';
import { escapeHtml as e } from '../report/escape.js';
import { contrastLines, formatValue, HEADLINE, nLabel, statText, undefinedText } from '../report/format.js';
import { CSP } from '../report/html.js';
import { pairedStat, unpairedStat, type CompareRow, type CompareSide } from '../report/compare.js';
import type { IntervalFigure } from '../results/presentation.js';
import { matchesRunFilter, type RunListing } from '../report/run-listing.js';

const STYLE = `body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1200px;padding:0 1rem;color:#1d232a}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}th,td{border:1px solid #d6dae0;padding:.25rem .55rem;text-align:right}
th{background:#f3f5f8}td.l,th.l{text-align:left}td.nw{white-space:nowrap}.muted{color:#667}form label{margin-right:1rem}.fig{margin:0;display:inline-block;border:1px solid #e3e6ea;padding:.4rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${e(CSP)}"><title>${e(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

interface RunsFilter {
  q?: string;
  probe?: string;
  model?: string;
  dataset?: string;
}

const select = (name: string, label: string, values: readonly string[], chosen: string | undefined): string =>
  `<label>${e(label)} <select name="${name}" id="filter-${name}"><option value="">all</option>${values.map((v) => `<option value="${e(v)}"${v === chosen ? ' selected' : ''}>${e(v)}</option>`).join('')}</select></label>`;

/** A list of names in a cell, each on its own line. */
const names = (xs: readonly string[]): string => (xs.length ? xs.map((x) => e(x)).join('<br>') : '—');

/**
 * The runs list: each run's name, models, datasets, probes, conditions, n and headline figure,
 * filtered by the form above it (a GET form: the filter is in the address, works without script);
 * then the compare form, whose sides are chosen from lists of every run's conditions.
 */
export function runsPage(all: readonly RunListing[], filter: RunsFilter = {}): string {
  const runs = all.filter((r) => matchesRunFilter(r, filter));
  const every = (k: 'probes' | 'models' | 'datasets'): string[] => [...new Set(all.flatMap((r) => r[k]))].sort();
  const rows = runs
    .map(
      (r) =>
        `<tr data-run="${e(r.id)}"><td class="l">${r.label ? `<strong>${e(r.label)}</strong><br>` : ''}<a href="/runs/${encodeURIComponent(r.id)}">${e(r.id)}</a></td><td class="l">${names(r.models)}</td><td class="l">${names(r.datasets)}</td><td class="l">${names(r.probes)}${r.conditions.length ? `<br><span class="muted">+ ${r.conditions.map((c) => e(c)).join(', ')}</span>` : ''}</td><td>${r.n}</td><td class="l headline">${e(r.headline ?? '—')}</td><td class="l">${e(r.status)}${r.command ? ` <span class="muted">(${e(r.command)})</span>` : ''}</td><td class="l nw">${e(r.createdAt.slice(0, 16).replace('T', ' '))}</td></tr>`,
    )
    .join('');
  const shown = runs.length === all.length ? `${all.length} run(s)` : `${runs.length} of ${all.length} run(s)`;
  return page(
    'slant runs',
    `<h1>slant runs</h1><p class="muted">Read-only view of the store. Click a run for its report and items.</p>
<form method="get" action="/" id="runs-filter"><label>filter <input type="search" name="q" id="filter-q" value="${e(filter.q ?? '')}" placeholder="name, id, model, dataset, condition"></label>
${select('probe', 'probe', every('probes'), filter.probe)}${select('model', 'model', every('models'), filter.model)}${select('dataset', 'dataset', every('datasets'), filter.dataset)}
<button type="submit">filter</button>${filter.q || filter.probe || filter.model || filter.dataset ? ' <a href="/">clear</a>' : ''}</form>
<p id="runs-count" class="muted">${shown}</p>
<table id="runs"><thead><tr><th class="l">run</th><th class="l">models</th><th class="l">datasets</th><th class="l">probes</th><th>n</th><th class="l">headline</th><th class="l">status</th><th class="l">created</th></tr></thead><tbody>${rows}</tbody></table>
${compareForm(all)}`,
  );
}

/**
 * Compare: each side is a run and one of its conditions, chosen from a list grouped by run (the
 * baseline's value is the run id; a condition's is "run:condition", as `slant compare` takes it).
 */
function compareForm(runs: readonly RunListing[]): string {
  const options = (side: string): string =>
    runs
      .map((r) => {
        const name = `${r.label ? `${r.label} — ` : ''}${r.id}`;
        const conds = ['baseline', ...r.conditions].map((c) => `<option value="${e(c === 'baseline' ? r.id : `${r.id}:${c}`)}">${e(c)} · ${e(r.id)}</option>`).join('');
        return `<optgroup label="${e(name)}" data-side="${side}">${conds}</optgroup>`;
      })
      .join('');
  return `<h2>Compare</h2><form method="get" action="/compare" id="compare-form">
<label>A <select name="a">${options('a')}</select></label><br>
<label>B <select name="b">${options('b')}</select></label>
<button type="submit">compare</button></form>
<p class="muted">Two runs, or two conditions (mitigations) of one run: each list has every run's baseline and conditions.</p>`;
}

/** A side's group value with its n; undefined: "— (n = k)", as on every screen. */
const groupValue = (s: CompareRow['a'], kind?: CompareRow['kind']): string => (s?.value === null || s?.value === undefined ? e(undefinedText({ n: s?.n ?? 0, ...(s?.excluded ? { excluded: s.excluded } : {}) })) : `${e(formatValue(s.value, kind))} <span class="muted">${e(nLabel(s))}</span>`);
const side = (s: CompareSide): string => `${s.runId}${s.condition ? ` [${s.condition}]` : ''}`;

export async function comparePage(a: CompareSide, b: CompareSide, rows: CompareRow[]): Promise<string> {
  const headline = rows.filter((r) => (HEADLINE[r.probe] ?? []).includes(r.metric));
  const shown = headline.length ? headline : rows;
  const body = shown
    .map((r) => {
      const [diff, ...more] = contrastLines(pairedStat(r));
      const paired = r.paired ? [`${diff} n=${r.paired.n}`, ...more].join(' · ') : 'no item-level values or no matched records';
      return `<tr data-metric="${e(r.metric)}"><td class="l">${e(r.probe)}</td><td class="l">${e(r.model)}</td><td class="l">${e(r.dataset)}</td><td class="l">${e(r.label)}</td><td class="nw">${groupValue(r.a, r.kind)}</td><td class="nw">${groupValue(r.b, r.kind)}</td><td class="nw">${e(statText(unpairedStat(r)))}</td><td class="l">${e(paired)}</td></tr>`;
    })
    .join('');
  const figures = compareFigures(shown.filter((r) => r.paired));
  const svg = figures.length
    ? (await Promise.all(figures.map(async (f) => `<figure class="fig" data-figure="${e(f.id)}">${await figureSvg(f)}</figure>`))).join('')
    : '<p class="muted">No matched records: no paired differences.</p>';
  return page(
    'slant compare',
    `<p><a href="/">← all runs</a></p><h1>Compare</h1><p>A = <code>${e(side(a))}</code> · B = <code>${e(side(b))}</code></p>${svg}
<table id="compare"><thead><tr><th class="l">probe</th><th class="l">model</th><th class="l">dataset</th><th class="l">metric</th><th>A</th><th>B</th><th>B − A</th><th class="l">paired B − A [95% CI], matched records</th></tr></thead><tbody>${body}</tbody></table>
<p class="muted">Headline metrics shown${headline.length ? '' : ' (all metrics: no headline metric in these runs)'}. The paired difference uses each probe's item values over the records both sides measured; group values (A, B) use all their items.</p>`,
  );
}

/**
 * The compare page's charts: rates share one axis in percentage points; each other metric (a mean,
 * a distance, a correlation: each on its own scale) gets its own chart, so no axis mixes units.
 */
function compareFigures(paired: CompareRow[]): IntervalFigure[] {
  const point = (r: CompareRow, scale: number): IntervalFigure['points'][number] => {
    const at = (v: number | null | undefined): number | null => (v === null || v === undefined ? null : v * scale);
    return { category: `${r.probe}: ${r.label}`, series: `${r.model} · ${r.dataset}`, value: at(r.paired?.difference), low: at(r.paired?.ci?.low), high: at(r.paired?.ci?.high), n: r.paired?.n ?? 0 };
  };
  const base = { kind: 'intervals', x: 'metric', horizontal: true, rule: 0 } as const;
  const out: IntervalFigure[] = [];
  const rates = paired.filter((r) => r.kind === 'rate');
  if (rates.length) out.push({ ...base, id: 'compare-rates', title: 'Rates: paired difference B − A over matched records, in percentage points (95% Newcombe paired score interval)', y: 'B − A (percentage points)', points: rates.map((r) => point(r, 100)) });
  const others = paired.filter((r) => r.kind !== 'rate');
  for (const key of [...new Set(others.map((r) => `${r.probe}\u0000${r.metric}`))]) {
    const rows = others.filter((r) => `${r.probe}\u0000${r.metric}` === key);
    const { probe, metric, label } = rows[0]!;
    out.push({ ...base, id: `compare-${probe}-${metric}`, title: `${label}: paired difference B − A over matched records (95% paired t interval)`, y: `B − A (${label})`, points: rows.map((r) => point(r, 1)) });
  }
  return out;
}

export function notFound(what: string): string {
  return page('not found', `<p><a href="/">← all runs</a></p><h1>Not found</h1><p>${e(what)}</p>`);
}
