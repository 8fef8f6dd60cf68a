import { isStat, type Cell, type PresentedTable } from '../results/presentation.js';
import { formatInterval, formatValue } from './format.js';
import { createTable } from './table.js';

/** A cell for the terminal: value, interval and n on separate lines; undefined is "—". */
export function terminalCell(c: Cell): string {
  if (c === null) return '—';
  if (isStat(c)) {
    const v = c.value === null ? '—' : formatValue(c.value, c.kind);
    const ci = c.ci ? formatInterval({ name: '', label: '', value: c.value, n: c.n, ci: c.ci, ...(c.kind ? { kind: c.kind } : {}) }) : '';
    return `${v}${ci ? `\n${ci}` : ''}\nn=${c.n}`;
  }
  if (typeof c === 'number') return Number.isInteger(c) ? String(c) : String(Number(c.toPrecision(4)));
  return c;
}

/** A presented table (from the report model) as an aligned terminal table with its title. */
export function renderPresentedTable(t: PresentedTable, opts: { color?: boolean } = {}): string {
  const table = createTable(t.columns, { color: opts.color });
  for (const r of t.rows) table.push(r.map(terminalCell));
  return `${t.title}\n${table.toString()}`;
}
