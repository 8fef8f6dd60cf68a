/**
 * Fitting the compact terminal view to one screen: how many lines it aims for, how lines are
 * broken and counted at a width, and which findings give way when the screen is short of lines.
 */
import type { ModelFindings } from './findings.js';
import { findingsLines } from './findings-lines.js';
import { displayWidth } from './table.js';
import { wrapLine } from './terminal-tables.js';

/** The compact view aims to fit a screen of this many lines, with the lines the command prints after it. */
export const SCREEN_LINES = 59;
/** Lines a command prints after the report (the run's status, where the report and results are). */
export const CLOSING_LINES = 3;

/** Every line no wider than `width`: lines (of tables) that fit are kept, longer ones broken between words. */
export const fitLines = (lines: readonly string[], width: number): string =>
  lines
    .join('\n')
    .split('\n')
    .map((l) => wrapLine(l, '    ', width))
    .join('\n');

/** How many lines `lines` take at `width`. */
export const countLines = (lines: readonly string[], width: number): number => (lines.length ? fitLines(lines, width).split('\n').length : 0);

/** A line cut to `width` with "…" (its full text is in --verbose and report.html). */
export const cutLine = (line: string, width: number): string => (displayWidth(line) <= width ? line : `${[...line].slice(0, width - 1).join('')}…`);

/** Sentences per model the compact view keeps when the screen is short of lines. */
const MIN_FINDINGS = 2;

/** How readily a sentence gives way on a short screen: what nothing was found for before what was, a model's answer to the run's question last. */
function dropRank(f: ModelFindings['findings'][number]): number {
  if (f.subject === 'effect') return f.status === 'shown' ? 0 : 2;
  return { shown: 1, 'not-applicable': 3, none: 4, instrument: 5 }[f.status];
}

/**
 * The findings' lines within `lines` lines at `width`: every sentence when they fit; else the
 * least telling ones are left out first (see dropRank), each model keeping at least two, and a
 * line says how many and where they are. The sentences kept stay in the report model's order.
 */
export function fittedFindings(findings: readonly ModelFindings[], lines: number, width: number): { lines: string[]; dropped: number } {
  const kept = findings.map((m) => m.findings.map(() => true));
  const render = (): { lines: string[]; dropped: number } => {
    const left = kept.flat().filter((k) => !k).length;
    const out = findingsLines(findings.map((m, i) => ({ ...m, findings: m.findings.filter((_, j) => kept[i]?.[j]) })));
    return { lines: left > 0 ? [...out, `  + ${left} more finding${left === 1 ? '' : 's'}: --verbose, report.html`] : out, dropped: left };
  };
  for (;;) {
    const out = render();
    if (countLines(out.lines, width) <= lines) return out;
    // the least telling sentence of a model that keeps more than MIN_FINDINGS; the last of equals
    let drop: { i: number; j: number; rank: number } | undefined;
    findings.forEach((m, i) => {
      if ((kept[i] as boolean[]).filter(Boolean).length <= MIN_FINDINGS) return;
      m.findings.forEach((f, j) => {
        const rank = dropRank(f);
        if (kept[i]?.[j] && (!drop || rank >= drop.rank)) drop = { i, j, rank };
      });
    });
    if (!drop) return out;
    (kept[drop.i] as boolean[])[drop.j] = false;
  }
}
