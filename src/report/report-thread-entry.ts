/**
 * The report thread's entry (report-thread.ts starts it): loads vega and the item views, draws one
 * small figure to compile vega's code, then does each job it is sent ({ id, job } → { id, kind,
 * result } or { id, kind, error }), with the same code the main thread would run.
 */
import { parentPort } from 'node:worker_threads';
import { renderFigureSvg } from './charts/render.js';
import { WARM_UP_FIGURE } from './charts/svg.js';
import { itemDetail } from './items/registry.js';
import { forgetPairViews } from '../probes/item-view-common.js';
import type { ReportJob } from './report-thread.js';

async function work(job: ReportJob): Promise<unknown> {
  if (job.kind === 'figure') return renderFigureSvg(job.figure);
  if (job.kind === 'figures') {
    // section after section, each section's figures together: the page's order (charts/svg.ts prefetchFigures)
    const out: string[][] = [];
    for (const section of job.sections) out.push(await Promise.all(section.map(renderFigureSvg)));
    return out;
  }
  try {
    return job.inputs.map(itemDetail);
  } finally {
    forgetPairViews();
  }
}

parentPort?.on('message', (m: { id: number; job: ReportJob }) => {
  work(m.job).then(
    (result) => parentPort?.postMessage({ id: m.id, kind: m.job.kind, result }),
    (err: unknown) => parentPort?.postMessage({ id: m.id, kind: m.job.kind, error: err instanceof Error ? err.message : String(err) }),
  );
});

// the warm-up is an optimisation: a failure here is met again, and reported, on a real figure
renderFigureSvg(WARM_UP_FIGURE).catch(() => undefined);
