import Table from 'cli-table3';
import { stripControlChars } from '../core/terminal-text.js';

type Row = Parameters<InstanceType<typeof Table>['push']>[number];

const clean = (row: Row): Row => (Array.isArray(row) ? row.map((c: unknown) => (typeof c === 'string' ? stripControlChars(c) : c)) : row) as Row;

/**
 * An aligned terminal table; colour only when writing to a terminal (plain text when piped).
 * Cells lose their control characters before the column widths are measured (the terminal guard
 * would strip them anyway, but after the widths were computed with them: a ragged table).
 */
export function createTable(head: string[], opts: { color?: boolean; colWidths?: number[]; wrapOnWords?: boolean } = {}): InstanceType<typeof Table> {
  const color = opts.color ?? process.stdout.isTTY === true;
  const table = new Table({
    head: head.map((h) => stripControlChars(h)),
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
    ...(opts.colWidths ? { colWidths: opts.colWidths, wordWrap: true, wrapOnWordBoundary: opts.wrapOnWords === true } : {}),
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
 * Column widths that make these rows (head first) fit `width`, shrinking the widest columns first,
 * or undefined when they fit as they are. Columns first keep room for their longest word (cells
 * then wrap between words: `onWords`); only when that cannot fit do they go down to 6 and wrap
 * inside words (cli-table3 would cut a word longer than its column with "…": nothing is lost this way).
 */
export function fitWidths(rows: string[][], width: number): { widths: number[]; onWords: boolean } | undefined {
  if (drawnWidth(rows) <= width) return undefined;
  const cols = rows[0]?.length ?? 0;
  const budget = width - (cols + 1);
  const natural = Array.from({ length: cols }, (_, c) => Math.max(...rows.map((r) => lineWidth(r[c] ?? ''))) + 2);
  const longestWord = Array.from({ length: cols }, (_, c) => Math.max(...rows.flatMap((r) => stripControlChars(r[c] ?? '').split(/[\s]+/).map((w) => [...w].length))) + 2);
  const shrink = (floor: number[]): number[] | undefined => {
    const widths = [...natural];
    while (widths.reduce((a, b) => a + b, 0) > budget) {
      let widest = -1;
      for (let c = 0; c < cols; c++) if ((widths[c] as number) > (floor[c] as number) && (widest < 0 || (widths[c] as number) > (widths[widest] as number))) widest = c;
      if (widest < 0) return undefined;
      widths[widest] = (widths[widest] as number) - 1;
    }
    return widths;
  };
  const onWords = shrink(longestWord.map((w) => Math.max(6, w)));
  if (onWords) return { widths: onWords, onWords: true };
  return { widths: shrink(natural.map(() => 6)) ?? natural.map(() => 6), onWords: false };
}
