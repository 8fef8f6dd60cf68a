/**
 * `slant report RUN… --bundle DIR`: a static site of one or more runs that anyone can open from
 * the folder (file://, a static web server, an archive), without slant and without a server:
 *
 *   DIR/index.html             the runs: name, models, datasets, probes, n, headline, findings
 *   DIR/runs/<id>/report.html  each run's report (findings first, figures, tables, items with
 *                              their texts from the store), self-contained as every report.html
 *
 * Pages load nothing from anywhere (the reports' Content-Security-Policy; the index has no script).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../runtime/write-atomic.js';
import type { RunReader } from '../runtime/run-store.js';
import type { AnyStore } from '../runtime/sqlite-run-store.js';
import type { Results } from '../results/schema.js';
import { escapeHtml as e } from './escape.js';
import { findingsOf } from './findings.js';
import { headlineOf, type RunListing } from './run-listing.js';
import { writeReportFile } from './write.js';
import { itemCount } from '../results/streamed-items.js';

export interface BundleRun {
  results: Results;
  /** the run's row in the store, when it has one (its name, n, conditions) */
  listing?: RunListing;
}

const INDEX_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";
const STYLE = `body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem auto;max-width:1200px;padding:0 1rem;color:#1d232a}
table{border-collapse:collapse;margin:.5rem 0 1rem}th,td{border:1px solid #d6dae0;padding:.25rem .55rem;text-align:left;vertical-align:top}th{background:#f3f5f8}td.n{text-align:right}.muted{color:#667}ul.findings{margin:.2rem 0;padding-left:1.1rem}`;

/** A run id as a folder name: ids are timestamps with a suffix, but a results file's id is whatever it says. */
const folderOf = (id: string): string => id.replace(/[^A-Za-z0-9._-]/g, '_');

/** The listing of a run from its results alone (a results.json without the store). */
function listingOf(r: Results): RunListing {
  const groups = r.probes.flatMap((p) => p.groups.map((g) => ({ probe: p.probe, ...(g.labels.condition ? { condition: g.labels.condition } : {}), metrics: g.metrics })));
  const uniq = (xs: string[]): string[] => [...new Set(xs.filter((x) => x !== ''))];
  return {
    id: r.run.id,
    label: null,
    command: r.run.command,
    status: r.run.status,
    createdAt: r.run.createdAt,
    updatedAt: r.run.finishedAt,
    probes: r.probes.map((p) => p.probe),
    models: uniq(r.probes.flatMap((p) => p.groups.map((g) => g.labels.model ?? ''))),
    datasets: uniq(r.probes.flatMap((p) => p.groups.map((g) => g.labels.dataset ?? ''))),
    conditions: uniq(r.probes.flatMap((p) => p.groups.map((g) => (g.labels.condition && g.labels.condition !== 'baseline' ? g.labels.condition : '')))),
    n: r.probes.reduce((a, p) => a + itemCount(p), 0),
    headline: headlineOf(groups),
  };
}

/** Write the bundle; returns the files written (index first). */
export async function writeBundle(dir: string, runs: readonly BundleRun[], store?: AnyStore<RunReader>): Promise<string[]> {
  mkdirSync(join(dir, 'runs'), { recursive: true });
  const files: string[] = [];
  const rows: string[] = [];
  for (const run of runs) {
    const l = run.listing ?? listingOf(run.results);
    const href = `runs/${encodeURIComponent(folderOf(l.id))}/report.html`;
    const path = join(dir, 'runs', folderOf(l.id), 'report.html');
    mkdirSync(join(dir, 'runs', folderOf(l.id)), { recursive: true });
    await writeReportFile(path, run.results, store);
    files.push(path);
    const findings = findingsOf(run.results)
      .map((m) => `<p><strong>${e(m.model)}</strong></p><ul class="findings">${m.findings.map((f) => `<li>${e(f.text)}</li>`).join('')}</ul>`)
      .join('');
    rows.push(
      `<tr data-run="${e(l.id)}"><td>${l.label ? `<strong>${e(l.label)}</strong><br>` : ''}<a href="${e(href)}">${e(l.id)}</a><br><span class="muted">${e(l.status)} · ${e(l.createdAt.slice(0, 16).replace('T', ' '))}</span></td><td>${l.models.map(e).join('<br>')}</td><td>${l.datasets.map(e).join('<br>')}</td><td>${l.probes.map(e).join('<br>')}${l.conditions.length ? `<br><span class="muted">+ ${l.conditions.map(e).join(', ')}</span>` : ''}</td><td class="n">${l.n}</td><td>${e(l.headline ?? '—')}</td><td>${findings || '<span class="muted">—</span>'}</td></tr>`,
    );
  }
  const index = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${e(INDEX_CSP)}"><title>slant runs</title><style>${STYLE}</style></head><body>
<h1>slant runs</h1><p class="muted">${runs.length} run(s). Open a run for its report: findings, figures, tables and the items with their texts. Static files: nothing here needs slant or a server.</p>
<table id="runs"><thead><tr><th>run</th><th>models</th><th>datasets</th><th>probes</th><th>n</th><th>headline</th><th>findings</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>\n`;
  const indexPath = join(dir, 'index.html');
  writeFileAtomic(indexPath, index, 'bundle index');
  return [indexPath, ...files];
}
