import * as vega from 'vega';
import { compile } from 'vega-lite';
import type { Figure } from '../../results/presentation.js';
import { figureSpec } from './spec.js';

/**
 * A figure as a standalone SVG string, rendered in Node by vega (renderer 'none', no canvas, no
 * browser, no network: the data are inline). Text in the SVG is escaped by vega's SVG renderer.
 * Called in this thread or in the chart thread (svg.ts); both give the same string.
 */
export async function renderFigureSvg(f: Figure): Promise<string> {
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
function withTooltips(svg: string): string {
  return svg.replace(/<path([^>]*?aria-label="[^"]*?tip: ([^"]*)"[^>]*?)\/>/g, '<path$1><title>$2</title></path>');
}
