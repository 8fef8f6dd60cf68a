/**
 * Figures as SVG strings (drawn by vega in render.ts). Drawing costs about half a second the first
 * time in a process (loading vega's ~270 modules, then compiling its code on first use) and
 * 50–100 ms per figure after that: most of a short run's end. When a run has started the report
 * thread (report-thread.ts), vega loads there while the records are measured; at the end the run's
 * figures are sent there (`prefetchFigures`) and drawn while this thread makes item details.
 * Without the thread, a figure is drawn here, the same way: both threads run render.ts, so the
 * SVG is the same string.
 */
import type { Figure } from '../../results/presentation.js';
import { reportThread } from '../report-thread.js';

/** vega, loaded in this thread only when a figure is drawn here */
let here: typeof import('./render.js') | undefined;
async function drawHere(f: Figure): Promise<string> {
  // once loaded, a figure starts drawing at once, as when vega was imported statically (the order
  // in which figures start decides the numbers vega gives their gradients)
  here ??= await import('./render.js');
  return here.renderFigureSvg(f);
}

/** Figures sent ahead to the report thread, by object: `figureSvg` of the same figure takes its drawing. */
const made = new WeakMap<Figure, Promise<string>>();

function drawn(f: Figure): Promise<string> {
  const t = reportThread();
  if (t === undefined) return drawHere(f);
  // a figure the thread could not draw is drawn here (and fails here, with its error, if it must)
  return t.call({ kind: 'figure', figure: f }).catch(() => drawHere(f));
}

/**
 * Send a page's figures to the report thread now, to be drawn while this thread does other work
 * (nothing without the thread). The sections are drawn one after another, each section's figures
 * together, as the page draws them (html.ts `pageFigureSections`): vega numbers gradients and clip
 * paths in drawing order, so the SVG is the string this thread would have drawn.
 */
export function prefetchFigures(sections: readonly (readonly Figure[])[]): void {
  const t = reportThread();
  if (t === undefined || sections.every((s) => s.length === 0)) return;
  const all = t.call({ kind: 'figures', sections: sections.map((s) => [...s]) });
  sections.forEach((section, i) =>
    section.forEach((f, j) => {
      // a figure the thread could not draw is drawn here (and fails here, with its error, if it must)
      const p = all.then((svgs) => svgs[i]?.[j] ?? drawHere(f)).catch(() => drawHere(f));
      made.set(f, p);
    }),
  );
}

/** A figure as a standalone SVG string (render.ts), drawn by the report thread when it runs. */
export function figureSvg(f: Figure): Promise<string> {
  const ahead = made.get(f);
  if (ahead !== undefined) {
    made.delete(f);
    return ahead;
  }
  return drawn(f);
}

/** A small interval figure, drawn and dropped to warm the code up. */
export const WARM_UP_FIGURE: Figure = {
  kind: 'intervals',
  id: 'warm-up',
  title: 'warm-up',
  x: 'category',
  y: 'value',
  points: [
    { category: 'a', series: 's', value: 0.5, low: 0.4, high: 0.6, n: 10 },
    { category: 'b', series: 't', value: 0.2, low: 0.1, high: 0.3, n: 10 },
  ],
};

/**
 * Draw one small figure and drop it: vega's first figure in a thread is about three times slower
 * than the next ones (its code is compiled on first use). `slant run` calls this while it waits on
 * its models, so the report at the end draws at the warm speed (the report thread warms itself up).
 */
export async function warmCharts(): Promise<void> {
  await figureSvg(WARM_UP_FIGURE);
}
