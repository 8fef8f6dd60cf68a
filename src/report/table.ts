import Table from 'cli-table3';
import { colorEnabled } from '../core/color.js';
import { stripControlChars } from '../core/terminal-text.js';

type Row = Parameters<InstanceType<typeof Table>['push']>[number];

/** A cell's text: a string, or the content of a spanning cell ({ colSpan, content }). */
const textOf = (c: unknown): string | undefined => (typeof c === 'string' ? c : typeof (c as { content?: unknown } | null)?.content === 'string' ? (c as { content: string }).content : undefined);

const cleanCell = (c: unknown): unknown => (typeof c === 'string' ? stripControlChars(c) : textOf(c) !== undefined ? { ...(c as object), content: stripControlChars(textOf(c) as string) } : c);
const clean = (row: Row): Row => (Array.isArray(row) ? row.map(cleanCell) : row) as Row;

/**
 * An aligned terminal table; colour as `colorEnabled` decides (a terminal, NO_COLOR, FORCE_COLOR).
 * Cells lose their control characters before the column widths are measured (the terminal guard
 * would strip them anyway, but after the widths were computed with them: a ragged table).
 * `colWidths` are for cells already wrapped to them (`wrapCell`): cli-table3 would cut a longer
 * line with "…". `compact`: no rule between body rows when every row is one line.
 */
export function createTable(head: string[], opts: { color?: boolean; colWidths?: number[]; compact?: boolean } = {}): InstanceType<typeof Table> {
  const color = opts.color ?? colorEnabled();
  const table = new Table({
    head: head.map((h) => stripControlChars(h)),
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
    ...(opts.colWidths ? { colWidths: opts.colWidths } : {}),
  });
  const push = table.push.bind(table);
  const bodyLines: number[] = [];
  table.push = (...rows: Row[]) => {
    for (const r of rows) if (Array.isArray(r)) bodyLines.push(Math.max(1, ...r.map((c: unknown) => (textOf(c) ?? '').split('\n').length)));
    return push(...rows.map(clean));
  };
  if (opts.compact === true) {
    const toString = table.toString.bind(table);
    table.toString = () => {
      const text = toString();
      if (bodyLines.some((n) => n > 1)) return text;
      // keep the rule under the header, drop those between one-line rows
      let rules = 0;
      return text
        .split('\n')
        .filter((l) => !stripControlChars(l).startsWith('├') || rules++ === 0)
        .join('\n');
    };
  }
  return table;
}

/** Display width of a line: combining marks (the bar of s̄) take no column. */
export const displayWidth = (line: string): number => [...stripControlChars(line).replace(/\p{M}/gu, '')].length;

const lineWidth = (cell: string): number => Math.max(...cell.split('\n').map(displayWidth));

/** Width cli-table3 draws for these rows: each column's widest line + 2 padding, + borders. */
export function drawnWidth(rows: string[][]): number {
  const cols = rows[0]?.length ?? 0;
  let w = cols + 1;
  for (let c = 0; c < cols; c++) w += Math.max(...rows.map((r) => lineWidth(r[c] ?? ''))) + 2;
  return w;
}

/**
 * What stays on one line: `true`, an interval "[0.561, 0.663]"; `'stats'`, also a value with its
 * interval ("43% [22, 66]", "75 pp [−93, −28]") and a count "n = 8" (prose: a sentence never leaves
 * a number apart from its interval or its n); `false`, words only.
 */
export type Keep = boolean | 'stats';

const KEEP: Record<'true' | 'stats', RegExp> = {
  true: /\[[^\]\n]*\]\S*|\S+/g,
  stats: /(?:[−+-]?\d[\d.,]*\*?%?(?: pp)? )?\[[^\]\n]*\]\S*|\(?n = [\d,]+\S*|\S+/g,
};

/**
 * The pieces a cell may be broken between: words, except what `intervals` keeps whole (see `Keep`;
 * a number is never split, and an interval stays whole if it can).
 */
function pieces(line: string, intervals: Keep, hyphens = false): string[] {
  const out = (intervals === false ? line.match(/\S+/g) : line.match(KEEP[intervals === true ? 'true' : 'stats'])) ?? [];
  // a header may also break after a hyphen ("position-invariant-shuffle"), never inside a number
  return hyphens ? out.flatMap((p) => p.match(/[^-]+-+(?=[^-\d])|.+$/g) ?? [p]) : out;
}

/** A cell's lines, each at most `width` wide, broken only between pieces (see `pieces`); lines already short enough are kept as they are. */
export function wrapCell(cell: string, width: number, intervals: Keep = true, hyphens = false): string {
  const out: string[] = [];
  for (const line of cell.split('\n')) {
    if (displayWidth(line) <= width) {
      out.push(line);
      continue;
    }
    const lead = /^ */.exec(line)?.[0] ?? '';
    // the line's pieces, each with what joins it to the one before: a space, or nothing after a hyphen
    const tokens: { text: string; glue: string }[] = [];
    for (const unit of pieces(line, intervals)) {
      // a unit wider than the line: an interval alone, else words
      const words = displayWidth(unit) <= width ? [unit] : intervals === 'stats' ? pieces(unit, true).flatMap((p) => (displayWidth(p) > width ? pieces(p, false) : [p])) : pieces(unit, false);
      for (const w of words) (hyphens ? pieces(w, false, true) : [w]).forEach((text, i) => tokens.push({ text, glue: i === 0 ? ' ' : '' }));
    }
    let cur = '';
    for (const { text, glue } of tokens) {
      if (cur !== '' && displayWidth(cur) + glue.length + displayWidth(text) > width) {
        out.push(cur);
        cur = text;
      } else cur = cur === '' ? lead + text : `${cur}${glue}${text}`;
    }
    out.push(cur);
  }
  return out.join('\n');
}

/**
 * Column widths (padding included, as cli-table3 counts them) that make these rows (head first) fit
 * `width`, shrinking the widest columns first; undefined when they fit as they are, null when they
 * cannot fit without splitting a number or a word (the caller then lays the rows out as a list).
 * Columns first keep room for their longest interval (`intervals`: each interval stays on one line),
 * then only for their longest word; the columns in `keep` (the one the table is for) narrow last.
 */
export function fitWidths(rows: string[][], width: number, keep: readonly number[] = []): { widths: number[]; intervals: boolean } | undefined | null {
  if (drawnWidth(rows) <= width) return undefined;
  const cols = rows[0]?.length ?? 0;
  const budget = width - (cols + 1);
  const natural = Array.from({ length: cols }, (_, c) => Math.max(...rows.map((r) => lineWidth(r[c] ?? ''))) + 2);
  const longest = (intervals: boolean): number[] => Array.from({ length: cols }, (_, c) => Math.max(1, ...rows.flatMap((r, i) => (r[c] ?? '').split('\n').flatMap((l) => pieces(l, intervals, i === 0).map(displayWidth)))) + 2);
  const shrink = (floor: number[]): number[] | undefined => {
    const widths = [...natural];
    let over = widths.reduce((a, b) => a + b, 0) - budget;
    while (over > 0) {
      let widest = -1;
      // the columns to `keep` narrow only once every other column is at its floor
      for (const pass of [false, true]) {
        for (let c = 0; c < cols; c++) if (keep.includes(c) === pass && (widths[c] as number) > (floor[c] as number) && (widest < 0 || (widths[c] as number) > (widths[widest] as number))) widest = c;
        if (widest >= 0) break;
      }
      if (widest < 0) return undefined;
      widths[widest] = (widths[widest] as number) - 1;
      over--;
    }
    return widths;
  };
  for (const intervals of [true, false]) {
    const widths = shrink(longest(intervals));
    if (widths) return { widths, intervals };
  }
  return null;
}
