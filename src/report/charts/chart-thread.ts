/**
 * The chart thread's entry (svg.ts starts it): loads vega, draws one small figure to compile its
 * code, then draws each figure it is sent ({ id, figure } → { id, svg } or { id, error }).
 */
import { parentPort } from 'node:worker_threads';
import type { Figure } from '../../results/presentation.js';
import { renderFigureSvg } from './render.js';
import { WARM_UP_FIGURE } from './svg.js';

parentPort?.on('message', (m: { id: number; figure: Figure }) => {
  renderFigureSvg(m.figure).then(
    (svg) => parentPort?.postMessage({ id: m.id, svg }),
    (err: unknown) => parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

// the warm-up is an optimisation: a failure here is met again, and reported, on a real figure
renderFigureSvg(WARM_UP_FIGURE).catch(() => undefined);
