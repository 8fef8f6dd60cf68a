import Table from 'cli-table3';
import { stripControlChars } from '../core/terminal-text.js';

type Row = Parameters<InstanceType<typeof Table>['push']>[number];

const clean = (row: Row): Row => (Array.isArray(row) ? row.map((c: unknown) => (typeof c === 'string' ? stripControlChars(c) : c)) : row) as Row;

/**
 * An aligned terminal table; colour only when writing to a terminal (plain text when piped).
 * Cells lose their control characters before the column widths are measured (the terminal guard
 * would strip them anyway, but after the widths were computed with them: a ragged table).
 */
export function createTable(head: string[], opts: { color?: boolean; colWidths?: number[] } = {}): InstanceType<typeof Table> {
  const color = opts.color ?? process.stdout.isTTY === true;
  const table = new Table({
    head: head.map((h) => stripControlChars(h)),
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
    ...(opts.colWidths ? { colWidths: opts.colWidths, wordWrap: true, wrapOnWordBoundary: false } : {}),
  });
  const push = table.push.bind(table);
  table.push = (...rows: Row[]) => push(...rows.map(clean));
  return table;
}

const lineWidth = (cell: string): number => Math.max(...stripControlChars(cell).split('\n').map((l) => [...l].length));

/** Width cli-table3 draws for these rows: each column's widest line + 2 padding, + borders. */
export function drawnWidth(rows: string[][]): number {
  const cols = rows[0]?.length ?? 0;
  let w = cols + 1;
  for (let c = 0; c < cols; c++) w += Math.max(...rows.map((r) => lineWidth(r[c] ?? ''))) + 2;
  return w;
}

/**
 * Column widths that make these rows (head first) fit `width`, shrinking the widest columns first
 * (never below 6; cells then wrap), or undefined when they fit as they are.
 */
export function fitWidths(rows: string[][], width: number): number[] | undefined {
  if (drawnWidth(rows) <= width) return undefined;
  const cols = rows[0]?.length ?? 0;
  const widths = Array.from({ length: cols }, (_, c) => Math.max(...rows.map((r) => lineWidth(r[c] ?? ''))) + 2);
  const budget = width - (cols + 1);
  while (widths.reduce((a, b) => a + b, 0) > budget) {
    const widest = widths.indexOf(Math.max(...widths));
    if ((widths[widest] as number) <= 6) break;
    widths[widest] = (widths[widest] as number) - 1;
  }
  return widths;
}
