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
