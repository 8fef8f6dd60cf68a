/**
 * The layouts of a probe's conditions table at the terminal (src/report/terminal-compact.ts builds
 * its cells): per (model, dataset) the main metric at the baseline and each condition's paired
 * change. One table, three ways to lay it out, richest first:
 *
 * - rows: one row per (model, dataset) under a heading per dataset, in a box (a wide terminal);
 * - transposed: per dataset a block with the models as columns and the baseline and the conditions
 *   as rows, no box (a terminal too narrow for a column per condition);
 * - values: one row per (model, dataset), conditions named by their initials, each cell its value
 *   and mark alone (the narrowest terminals, or a report that would not fit on one screen); its
 *   legend says so and where the intervals are.
 *
 * `renderConditionsGrid` takes the first layout that fits the width within the lines it is given,
 * else the one of the fewest lines that fits the width. No layout splits a number or an interval.
 */
import { stripControlChars } from '../core/terminal-text.js';
import { displayWidth } from './table.js';
import { fittedTable, wrapLine, type SectionRow } from './terminal-tables.js';

export interface GridRow {
  dataset: string;
  model: string;
  n: number;
  /** the baseline's cell, then one per condition (a paired change, "n/a" or "—"), as compact text */
  cells: string[];
}

export interface ConditionsGrid {
  /** the metric's symbol ("ψ_pri") */
  label: string;
  conditions: string[];
  rows: GridRow[];
}

interface GridLayout {
  name: 'rows' | 'transposed' | 'values';
  lines: string[];
  /** what a reader needs to read this layout beyond the common legend (the initials, where the intervals went) */
  legend: string[];
}

const GAP = '  ';
const CYAN = (s: string, color: boolean): string => (color ? `\u001b[36m${s}\u001b[39m` : s);

/**
 * Rows of cells (each cell possibly several lines) as aligned columns without a box: every column
 * as wide as its widest line, two spaces between; a `SectionRow` is a line of its own.
 */
export function plainTable(rows: readonly (string[] | SectionRow)[], opts: { head?: number[]; color?: boolean } = {}): string[] {
  const body = rows.filter((r): r is string[] => Array.isArray(r));
  const cols = Math.max(0, ...body.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, c) => Math.max(0, ...body.map((r) => Math.max(0, ...(r[c] ?? '').split('\n').map(displayWidth)))));
  const out: string[] = [];
  rows.forEach((r, i) => {
    if (!Array.isArray(r)) {
      out.push(r.section);
      return;
    }
    const cells = r.map((c) => c.split('\n'));
    const height = Math.max(1, ...cells.map((c) => c.length));
    for (let l = 0; l < height; l++) {
      const line = cells
        .map((c, j) => {
          const text = c[l] ?? '';
          return j === cells.length - 1 ? text : text + ' '.repeat((widths[j] as number) - displayWidth(text));
        })
        .join(GAP)
        .trimEnd();
      out.push(opts.head?.includes(i) ? CYAN(line, opts.color === true) : line);
    }
  });
  return out;
}

const widthOf = (lines: readonly string[]): number => Math.max(0, ...lines.map(displayWidth));

/**
 * Short names of conditions for a narrow table: the initials of their words ("position-invariant-
 * shuffle" → "PIS"), a number added where two would be the same.
 */
export function conditionInitials(conditions: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return conditions.map((c) => {
    const base = (c.match(/[\p{L}\p{N}]+/gu) ?? [c]).map((w) => w.charAt(0).toUpperCase()).join('') || c;
    const k = (seen.get(base) ?? 0) + 1;
    seen.set(base, k);
    return k === 1 ? base : `${base}${k}`;
  });
}

const datasetsOf = (g: ConditionsGrid): string[] => [...new Set(g.rows.map((r) => r.dataset))];
const section = (dataset: string): SectionRow[] => (dataset === '' ? [] : [{ section: `dataset ${dataset}` }]);

/** One row per (model, dataset) in a box, as every report's tables are drawn. */
function rowsLayout(g: ConditionsGrid, width: number, color: boolean): GridLayout {
  const rows: (string[] | SectionRow)[] = datasetsOf(g).flatMap((d) => [...section(d), ...g.rows.filter((r) => r.dataset === d).map((r) => [r.model, String(r.n), ...r.cells])]);
  const head = ['model', 'n', `baseline ${g.label}`, ...g.conditions.map((c) => `Δ ${c}`)];
  return { name: 'rows', lines: fittedTable(head, rows, { width, color, compact: true }).split('\n'), legend: [] };
}

/** Per dataset a block: its models as columns, the baseline and each condition as rows; n in the block's heading when one n serves all. */
function transposedLayout(g: ConditionsGrid, color: boolean): GridLayout {
  const models = [...new Set(g.rows.map((r) => r.model))];
  const rows: string[][] = [];
  const heads: number[] = [];
  for (const d of datasetsOf(g)) {
    const block = models.map((m) => g.rows.find((r) => r.dataset === d && r.model === m));
    const ns = [...new Set(block.filter((r) => r !== undefined).map((r) => r.n))];
    heads.push(rows.length);
    rows.push([[d, ns.length === 1 ? `n = ${ns[0]}` : ''].filter((x) => x !== '').join(' · '), ...models]);
    if (ns.length > 1) rows.push(['  n', ...block.map((r) => (r ? String(r.n) : '—'))]);
    const labels = [`baseline ${g.label}`, ...g.conditions.map((c) => `Δ ${c}`)];
    labels.forEach((label, i) => rows.push([`  ${label}`, ...block.map((r) => r?.cells[i] ?? '—')]));
  }
  return { name: 'transposed', lines: plainTable(rows, { head: heads, color }), legend: [] };
}

/** Per dataset a heading row, then one row per model; the conditions by their initials, each cell its first line's value and mark without the interval. */
function valuesLayout(g: ConditionsGrid, color: boolean): GridLayout {
  const initials = conditionInitials(g.conditions);
  const value = (cell: string): string => {
    const first = cell.split('\n')[0] ?? '';
    return first.startsWith('—') ? '—' : (first.split(' [')[0] ?? first);
  };
  const rows: string[][] = [];
  const heads: number[] = [];
  for (const d of datasetsOf(g)) {
    heads.push(rows.length);
    rows.push([d === '' ? 'model' : d, 'n', `baseline ${g.label}`, ...initials.map((i) => `Δ ${i}`)]);
    rows.push(...g.rows.filter((r) => r.dataset === d).map((r) => [`  ${r.model}`, String(r.n), ...r.cells.map(value)]));
  }
  const names = g.conditions.map((c, i) => `${initials[i]} ${c}`).join(' · ');
  return { name: 'values', lines: plainTable(rows, { head: heads, color }), legend: [`  ${names} (intervals: --verbose)`] };
}

/**
 * The conditions table laid out for `width` columns: the first of rows, transposed and values whose
 * lines (its legend included) number at most `lines`, else the shortest that fits the width.
 */
export function renderConditionsGrid(g: ConditionsGrid, opts: { width: number; color: boolean; lines?: number }): GridLayout {
  const fits = (l: GridLayout): boolean => widthOf(l.lines) <= opts.width;
  const legendLines = (l: GridLayout): string[] => l.legend.flatMap((x) => wrapLine(x, '    ', opts.width).split('\n'));
  const size = (l: GridLayout): number => l.lines.length + legendLines(l).length;
  const rows = rowsLayout(g, opts.width, opts.color);
  // the boxed rows only while no row wraps (a wrapped row puts its intervals on a line of their own)
  const rowsWrap = rows.lines.filter((l) => stripControlChars(l).startsWith('├')).length > 1;
  const candidates = [rows, transposedLayout(g, opts.color), valuesLayout(g, opts.color)].filter(fits);
  const chosen = candidates.find((l) => (l !== rows || !rowsWrap) && (opts.lines === undefined || size(l) <= opts.lines)) ?? candidates.sort((a, b) => size(a) - size(b))[0];
  // nothing fits the width as a table (a very narrow terminal): the rows layout falls back to a list itself
  const layout = chosen ?? rowsLayout(g, opts.width, opts.color);
  return { ...layout, legend: legendLines(layout) };
}

