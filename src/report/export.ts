/**
 * Exports of the report model: every table as CSV, Markdown or LaTeX, every figure as an SVG file.
 * CSV goes through src/data/write-csv.ts (quoting, formula neutralisation); a Stat cell becomes
 * four CSV columns (value, low, high, n) and one "value [low, high] (n=…)" cell in Markdown/LaTeX.
 * The findings come first: `findings.<format>` (Markdown: `report.md` opens with them, then every
 * table in the report's order).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeCsv } from '../data/write-csv.js';
import { groupName, isStat, type Cell, type Figure, type PresentedTable, type Stat } from '../results/presentation.js';
import { figureSvg } from './charts/svg.js';
import { excludedText, excludedTotal } from '../core/excluded.js';
import { nLabel, statParts, undefinedText } from './format.js';
import { APPROXIMATED_MARK } from './mitigation-tables.js';
import type { ReportModel } from './model.js';
import type { ModelFindings } from './findings.js';
import { writeFileAtomic } from '../runtime/write-atomic.js';
import type { MetricJson } from '../results/schema.js';

export type ExportFormat = 'csv' | 'md' | 'tex';

export interface NamedTable {
  name: string;
  table: PresentedTable;
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'x';

function metricsTable(probe: string, rows: { labels: Record<string, string>; metrics: MetricJson[]; approximated?: string[] }[]): PresentedTable {
  return {
    id: 'metrics',
    title: `${probe}: every metric of every group`,
    columns: ['group', 'metric', 'label', 'value', 'test', 'p'],
    rows: rows.flatMap((g) =>
      g.metrics.map((m): Cell[] => [`${groupName(g.labels)}${g.approximated ? ` ${APPROXIMATED_MARK}` : ''}`, m.name, m.label, { value: m.value, n: m.n, ...(m.ci ? { ci: m.ci } : {}), ...(m.kind ? { kind: m.kind } : {}), ...(m.excluded ? { excluded: m.excluded } : {}) }, m.test?.name ?? null, m.test?.pValue ?? null]),
    ),
  };
}

/** Every table of the report, with a file-safe name. */
export function allTables(model: ReportModel): NamedTable[] {
  const out: NamedTable[] = [...model.paperTables, ...model.overview.tables].map((t) => ({ name: slug(t.id), table: t }));
  for (const p of model.probes) {
    const rows = [...p.groups, ...(p.summary.length ? [{ labels: { group: 'summary' }, metrics: p.summary }] : [])];
    out.push({ name: `${slug(p.probe)}-metrics`, table: metricsTable(p.probe, rows) });
    if (p.headline) out.push({ name: slug(p.headline.id), table: { ...p.headline, title: `${p.probe}: headline metrics per model and dataset` } });
    for (const g of p.groups) for (const t of g.presentation.tables) out.push({ name: `${slug(p.probe)}-${slug(Object.values(g.labels).join('-'))}-${slug(t.id)}`, table: t });
  }
  const seen = new Map<string, number>();
  return out.map((t) => {
    const k = seen.get(t.name) ?? 0;
    seen.set(t.name, k + 1);
    return k ? { ...t, name: `${t.name}-${k + 1}` } : t;
  });
}

export function allFigures(model: ReportModel): { name: string; figure: Figure }[] {
  return [...model.overview.figures.map((f) => ({ name: slug(f.id), figure: f })), ...model.probes.flatMap((p) => p.figures.map((f) => ({ name: `${slug(p.probe)}-${slug(f.id)}`, figure: f })))];
}

function cellText(c: Cell): string {
  if (c === null) return '—';
  if (isStat(c)) {
    const { value, ci, more } = statParts(c);
    if (c.value === null) return [undefinedText(c), ...more].join('; ');
    return `${value}${ci ? ` ${ci}` : ''} (${nLabel(c)})${more.map((l) => `; ${l}`).join('')}`;
  }
  if (typeof c === 'number') return Number.isInteger(c) ? String(c) : String(Number(c.toPrecision(6)));
  return c;
}

export function tableMarkdown(t: PresentedTable): string {
  const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [`**${esc(t.title)}**`, '', `| ${t.columns.map(esc).join(' | ')} |`, `| ${t.columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`];
  for (const r of t.rows) lines.push(`| ${r.map((c) => esc(cellText(c))).join(' | ')} |`);
  // the table's note (a condition not applicable on the model, what a mark means) under it, as every screen shows it
  if (t.note) lines.push('', `*${esc(t.note).replace(/\*/g, '\\*')}*`);
  return lines.join('\n') + '\n';
}

const TEX: Record<string, string> = { '\\': '\\textbackslash{}', '&': '\\&', '%': '\\%', $: '\\$', '#': '\\#', _: '\\_', '{': '\\{', '}': '\\}', '~': '\\textasciitilde{}', '^': '\\textasciicircum{}' };
export const texEscape = (s: string): string => s.replace(/[\\&%$#_{}~^]/g, (c) => TEX[c] ?? c).replace(/\r?\n/g, ' ');

export function tableLatex(t: PresentedTable): string {
  return [
    '\\begin{table}[ht]',
    '\\centering',
    `\\caption{${texEscape(t.title)}}`,
    `\\begin{tabular}{l${'r'.repeat(Math.max(0, t.columns.length - 1))}}`,
    '\\hline',
    `${t.columns.map(texEscape).join(' & ')} \\\\`,
    '\\hline',
    ...t.rows.map((r) => `${r.map((c) => texEscape(cellText(c))).join(' & ')} \\\\`),
    '\\hline',
    '\\end{tabular}',
    '\\end{table}',
    '',
  ].join('\n');
}

/**
 * CSV rows: Stat cells spread over value/low/high/n columns, then p / Holm p columns where a paired
 * contrast carries them, and an "excluded" column (the answers left out of n by reason) when a
 * cell of the column has any; numbers stay numbers, at full precision.
 */
export function csvRows(t: PresentedTable): { columns: string[]; rows: Record<string, unknown>[] } {
  // machine readers get the symbols ("ψ_pri") where a table has them; people read the Markdown
  const names = t.short ?? t.columns;
  const has = (i: number, f: (s: Stat) => boolean): boolean => t.rows.some((r) => { const c = r[i] ?? null; return isStat(c) && f(c); });
  const statCols = t.columns.map((_, i) => ({ stat: has(i, () => true), p: has(i, (s) => s.p !== undefined), holm: has(i, (s) => s.pHolm !== undefined), excl: has(i, (s) => excludedTotal(s.excluded) > 0) }));
  const columns = names.flatMap((c, i) => {
    const k = statCols[i]!;
    return k.stat ? [c, `${c} 95% low`, `${c} 95% high`, `${c} n`, ...(k.p ? [`${c} p`] : []), ...(k.holm ? [`${c} p (Holm)`] : []), ...(k.excl ? [`${c} excluded`] : [])] : [c];
  });
  const unique = columns.map((c, i) => (columns.indexOf(c) === i ? c : `${c} (${i + 1})`));
  const rows = t.rows.map((r) => {
    const vals = r.flatMap((c, i) => {
      const k = statCols[i]!;
      if (!k.stat) return [isStat(c) ? null : c];
      const s = isStat(c) ? c : null;
      const base = s ? [s.value, s.ci?.low ?? null, s.ci?.high ?? null, s.n] : [c, null, null, null];
      return [...base, ...(k.p ? [s?.p ?? null] : []), ...(k.holm ? [s?.pHolm ?? null] : []), ...(k.excl ? [s ? excludedText(s.excluded) : ''] : [])];
    });
    return Object.fromEntries(unique.map((c, i) => [c, vals[i] ?? null]));
  });
  return { columns: unique, rows };
}

/** The findings as Markdown: a heading per model, a bullet per sentence. */
export function findingsMarkdown(findings: readonly ModelFindings[]): string {
  const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/([*_`[\]<>|])/g, '\\$1');
  return ['## Findings', '', ...findings.flatMap((m) => [`### ${esc(m.model)}`, '', ...m.findings.map((f) => `- ${esc(f.text)}`), '']), FINDINGS_NOTE, ''].join('\n');
}

const FINDINGS_NOTE = 'A finding is stated only where its 95% interval supports it; n is the number of items behind each figure.';

/** The findings as one CSV row per number a sentence states, with the sentence. */
function findingsCsv(findings: readonly ModelFindings[]): { columns: string[]; rows: Record<string, unknown>[] } {
  const columns = ['model', 'probe', 'subject', 'status', 'finding', 'metric', 'dataset', 'condition', 'value', '95% low', '95% high', 'n', 'corrected', 'corrected 95% low', 'corrected 95% high', 'judge', 'balanced accuracy', 'trust'];
  const rows = findings.flatMap((m) =>
    m.findings.flatMap((f) =>
      (f.figures.length ? f.figures : [undefined]).map((x) => ({
        model: m.model,
        probe: f.probe,
        subject: f.subject,
        status: f.status,
        finding: f.text,
        metric: x?.metric ?? null,
        dataset: x?.labels.dataset ?? null,
        condition: x?.labels.condition ?? null,
        value: x?.value ?? null,
        '95% low': x?.ci?.low ?? null,
        '95% high': x?.ci?.high ?? null,
        n: x?.n ?? null,
        corrected: x?.corrected?.value ?? null,
        'corrected 95% low': x?.corrected?.ci?.low ?? null,
        'corrected 95% high': x?.corrected?.ci?.high ?? null,
        judge: f.trust?.judge ?? null,
        'balanced accuracy': f.trust?.balancedAccuracy ?? null,
        trust: f.trust?.verdict ?? null,
      })),
    ),
  );
  return { columns, rows };
}

function findingsLatex(findings: readonly ModelFindings[]): string {
  return ['\\section*{Findings}', ...findings.flatMap((m) => [`\\subsection*{${texEscape(m.model)}}`, '\\begin{itemize}', ...m.findings.map((f) => `\\item ${texEscape(f.text)}`), '\\end{itemize}']), texEscape(FINDINGS_NOTE), ''].join('\n');
}

/** Write the findings, then every table in `format` (one file each) and every figure as SVG into `dir`; returns the files written. */
export async function exportReport(model: ReportModel, format: ExportFormat, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const findingsFile = join(dir, `findings.${format}`);
  if (format === 'csv') {
    const { columns, rows } = findingsCsv(model.findings);
    await writeCsv(findingsFile, rows, columns);
  } else writeFileAtomic(findingsFile, format === 'md' ? findingsMarkdown(model.findings) : findingsLatex(model.findings));
  files.push(findingsFile);
  if (format === 'md') {
    // one file to read top to bottom: the findings, then every table as the report orders them
    const whole = join(dir, 'report.md');
    writeFileAtomic(whole, [`# slant report ${model.results.run.id}`, '', findingsMarkdown(model.findings), ...allTables(model).map(({ table }) => tableMarkdown(table))].join('\n'));
    files.push(whole);
  }
  for (const { name, table } of allTables(model)) {
    const file = join(dir, `${name}.${format}`);
    if (format === 'csv') {
      const { columns, rows } = csvRows(table);
      await writeCsv(file, rows, columns);
    } else writeFileAtomic(file, format === 'md' ? tableMarkdown(table) : tableLatex(table));
    files.push(file);
  }
  for (const { name, figure } of allFigures(model)) {
    const file = join(dir, `${name}.svg`);
    writeFileAtomic(file, await figureSvg(figure));
    files.push(file);
  }
  return files;
}
