import { isStat, type Cell, type PresentedTable } from '../results/presentation.js';
import { excludedTotal } from '../core/excluded.js';
import { nLabel, statParts, undefinedText } from './format.js';
import { createTable, drawnWidth, fitWidths } from './table.js';

/** Width every terminal table is made to fit. */
export const TERMINAL_WIDTH = 120;

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

/**
 * A presented table (from the report model) as an aligned terminal table no wider than
 * TERMINAL_WIDTH, with its title: when too wide, headers give way to the table's short names with
 * a legend under the table; if still too wide, columns get fixed widths and wrap.
 */
export function renderPresentedTable(t: PresentedTable, opts: { color?: boolean; title?: string } = {}): string {
  const nCol = t.columns.indexOf('n');
  const rows = t.rows.map((r) => {
    const n = nCol >= 0 && typeof r[nCol] === 'number' ? (r[nCol] as number) : undefined;
    return r.map((c) => terminalCell(c, n !== undefined ? { rowN: n } : {}));
  });
  let head = t.columns;
  let legend: string[] = [];
  if (t.short && drawnWidth([head, ...rows]) > TERMINAL_WIDTH) {
    head = t.short;
    legend = t.short.map((s, i) => (s === t.columns[i] ? '' : `  ${s}: ${t.columns[i]}`)).filter((l) => l !== '');
  }
  const fit = fitWidths([head, ...rows], TERMINAL_WIDTH);
  const table = createTable(head, { color: opts.color, ...(fit ? { colWidths: fit.widths, wrapOnWords: fit.onWords } : {}) });
  for (const r of rows) table.push(r);
  const title = opts.title ?? t.title;
  return [...(title ? [wrapLine(title)] : []), table.toString(), ...legend, ...(t.note ? [wrapLine(`  ${t.note}`, '  ')] : [])].join('\n');
}

/** A line broken at spaces into lines no wider than TERMINAL_WIDTH (continuations indented by `indent`). */
export function wrapLine(line: string, indent = '  '): string {
  const out: string[] = [];
  const lead = /^ */.exec(line)?.[0] ?? '';
  let cur = lead;
  for (const word of line.slice(lead.length).split(' ')) {
    if (cur.trim() !== '' && [...cur].length + 1 + [...word].length > TERMINAL_WIDTH) {
      out.push(cur);
      cur = indent + word;
    } else cur = cur.trim() === '' ? cur + word : `${cur} ${word}`;
  }
  out.push(cur);
  return out.join('\n');
}
