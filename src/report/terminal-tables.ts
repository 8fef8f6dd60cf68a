import { isStat, type Cell, type PresentedTable } from '../results/presentation.js';
import { excludedTotal } from '../core/excluded.js';
import { nLabel, statParts, undefinedText } from './format.js';
import { createTable, displayWidth, drawnWidth, fitWidths, wrapCell } from './table.js';

import { terminalWidth } from './terminal-width.js';

export { FALLBACK_WIDTH, terminalWidth } from './terminal-width.js';

export interface TerminalCellOptions {
  /** the row's n (its "n" column): a statistic over the same n does not repeat it */
  rowN?: number;
}

/**
 * A cell for the terminal: value, interval, test/correction/p lines and n on separate lines;
 * an undefined value is "— (n = k)", never a number.
 */
export function terminalCell(c: Cell, opts: TerminalCellOptions = {}): string {
  if (c === null) return '—';
  if (isStat(c)) {
    const excluded = excludedTotal(c.excluded) > 0;
    if (c.value === null) return undefinedText(c);
    const { value, ci, more } = statParts(c);
    // the row's n column says n, but not which answers were left out of this number
    return [value, ci, ...more, opts.rowN === c.n && !excluded ? '' : nLabel(c)].filter((l) => l !== '').join('\n');
  }
  if (typeof c === 'number') return Number.isInteger(c) ? String(c) : String(Number(c.toPrecision(4)));
  return c;
}

/** Options of every terminal renderer: colour, and the width to fit (default: `terminalWidth()`). */
export interface TerminalOptions {
  color?: boolean;
  width?: number;
}

/**
 * A presented table (from the report model) as an aligned terminal table no wider than `width`
 * (default: the terminal's), with its title: when too wide, headers give way to the table's short
 * names with a legend under the table; if still too wide, columns narrow and cells wrap between
 * words, an interval kept on one line while it can be; a table that cannot fit without splitting a
 * number is printed as a list instead (one block per row, "column: value" lines).
 */
export function renderPresentedTable(t: PresentedTable, opts: TerminalOptions & { title?: string; compact?: boolean } = {}): string {
  const width = opts.width ?? terminalWidth();
  const nCol = t.columns.indexOf('n');
  const rows = t.rows.map((r) => {
    const n = nCol >= 0 && typeof r[nCol] === 'number' ? (r[nCol] as number) : undefined;
    return r.map((c) => terminalCell(c, n !== undefined ? { rowN: n } : {}));
  });
  let head = t.columns;
  let legend: string[] = [];
  if (t.short && drawnWidth([head, ...rows]) > width) {
    head = t.short;
    legend = t.short.map((s, i) => (s === t.columns[i] ? '' : `  ${s}: ${t.columns[i]}`)).filter((l) => l !== '');
  }
  const title = opts.title ?? t.title;
  const lines = [...(title ? [wrapLine(title, '  ', width)] : []), fittedTable(head, rows, { ...opts, width }), ...legend.map((l) => wrapLine(l, '    ', width)), ...(t.note ? [wrapLine(`  ${t.note}`, '  ', width)] : [])];
  return lines.join('\n');
}

/** A row spanning the whole table: the heading of the rows under it (a dataset). */
export interface SectionRow {
  section: string;
}

const isSection = (r: string[] | SectionRow): r is SectionRow => !Array.isArray(r);

/**
 * Rows (strings, lines split by "\n"; a SectionRow heads the rows under it) as a table no wider
 * than `width`, or as a list when the columns cannot narrow enough without splitting a number (see
 * renderPresentedTable).
 */
export function fittedTable(head: string[], rows: (string[] | SectionRow)[], opts: TerminalOptions & { compact?: boolean; keep?: number[] } = {}): string {
  const width = opts.width ?? terminalWidth();
  const plain = rows.filter((r): r is string[] => !isSection(r));
  const fit = fitWidths([head, ...plain], width, opts.keep);
  if (fit === null) return listLayout(head, rows, width);
  const wrap = (r: string[], isHead = false): string[] => (fit ? r.map((c, i) => wrapCell(c, (fit.widths[i] as number) - 2, fit.intervals, isHead)) : r);
  const table = createTable(wrap(head, true), { color: opts.color, ...(fit ? { colWidths: fit.widths } : {}), ...(opts.compact ? { compact: true } : {}) });
  const inner = (fit ? fit.widths.reduce((a, b) => a + b, 0) : drawnWidth([head, ...plain]) - (head.length + 1)) + head.length - 1;
  for (const r of rows) {
    if (isSection(r)) table.push([{ colSpan: head.length, content: wrapCell(r.section, inner - 2) }] as unknown as string[]);
    else table.push(wrap(r));
  }
  return table.toString();
}

/** Rows too wide for any table at this width: one block per row, its first cell as the heading, then its "column: value" fields, wrapped. */
function listLayout(head: string[], rows: (string[] | SectionRow)[], width: number): string {
  const out: string[] = [];
  for (const r of rows) {
    if (isSection(r)) {
      out.push(wrapLine(r.section, '  ', width));
      continue;
    }
    out.push(wrapLine(`• ${(r[0] ?? '').split('\n').join(' ')}`, '    ', width));
    const fields = head.slice(1).map((h, c) => `${h.split('\n').join(' ')}: ${(r[c + 1] ?? '').split('\n').join(' ')}`);
    out.push(wrapLine(`    ${fields.join(' · ')}`, '    ', width));
  }
  return out.join('\n');
}

/** A line broken between words (a value with its interval, an interval, "n = 8" kept whole while they fit) into lines no wider than `width` (continuations indented by `indent`). */
export function wrapLine(line: string, indent = '  ', width = terminalWidth()): string {
  if (displayWidth(line) <= width) return line;
  const lead = /^ */.exec(line)?.[0] ?? '';
  const first = wrapCell(line.slice(lead.length), width - lead.length, 'stats').split('\n');
  // continuation lines are indented: wrap what follows the first line again at the narrower width
  const head = first[0] ?? '';
  const rest = first.slice(1).join(' ');
  const more = rest === '' ? [] : wrapCell(rest, Math.max(10, width - indent.length), 'stats').split('\n').map((l) => indent + l);
  return [lead + head, ...more].join('\n');
}
