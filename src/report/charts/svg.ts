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
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
