import * as vega from 'vega';
import { compile } from 'vega-lite';
import type { Figure } from '../../results/presentation.js';
import { figureSpec } from './spec.js';

/**
 * A figure as a standalone SVG string, rendered in Node by vega (renderer 'none', no canvas, no
 * browser, no network: the data are inline). Text in the SVG is escaped by vega's SVG renderer.
 */
export async function figureSvg(f: Figure): Promise<string> {
  const spec = compile(figureSpec(f)).spec;
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return withTooltips(await view.toSVG());
  } finally {
    view.finalize();
  }
}

/**
 * vega's SVG has no hover text; each point whose tooltip field (`tip`: value, interval, n) vega
 * already wrote, escaped, into its aria-label gets it as an SVG <title> too, which browsers show on hover.
 */
export function withTooltips(svg: string): string {
  return svg.replace(/<path([^>]*?aria-label="[^"]*?tip: ([^"]*)"[^>]*?)\/>/g, '<path$1><title>$2</title></path>');
}

/**
 * Render one small interval figure and drop it: vega's first render in a process is about three
 * times slower than the next ones (its code is compiled on first use). `slant run` calls this
 * while it waits on its models, so the report at the end renders at the warm speed.
 */
export async function warmCharts(): Promise<void> {
  await figureSvg({
    kind: 'intervals',
    id: 'warm-up',
    title: 'warm-up',
    x: 'category',
    y: 'value',
    points: [
      { category: 'a', series: 's', value: 0.5, low: 0.4, high: 0.6, n: 10 },
      { category: 'b', series: 't', value: 0.2, low: 0.1, high: 0.3, n: 10 },
    ],
  });
}
