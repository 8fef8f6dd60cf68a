/**
 * The report thread's entry (report-thread.ts starts it): loads the item views, then vega, and
 * draws one small figure to compile vega's code; does each job it is sent ({ id, job } → { id,
 * kind, result } or { id, kind, error }), with the same code the main thread would run. Item
 * marks are asked for while the run measures, so the item views load first and vega after them
 * (a figure job waits for it), then the terminal tables; the run's figures and its terminal
 * summary are only asked for at the end (the figures first, as soon as the results are complete:
 * this thread draws them while the main thread writes results.json, reads the report's items and
 * makes their JSON; the summary, needed only once the page is written, is asked for after them
 * and waits for them, while item details asked for meanwhile are made between the figures' sections). Once
 * the run has measured, its SQLite store's write-ahead log is copied into the file here, while
 * the main thread aggregates, so closing the store at the run's end has little left to copy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { itemDetail } from './items/registry.js';
import { forgetPairViews, pairMarks } from '../probes/item-view-common.js';
import { pairMarksKey } from '../probes/item-marks.js';
import type { ReportJob } from './report-thread.js';

const epochs = (workerData as { epochs?: Int32Array } | null)?.epochs;

/**
 * a figure job has arrived, or the run's end has begun (a checkpoint or a summary asked for: a run
 * whose thread started late, on a loaded machine): warming up would only delay the real work (the
 * warm-up pays off only while the run measures)
 */
let endBegun = false;

/** vega, loaded once the item views are (the warm-up figure below draws with it, unless the run's end has begun) */
const charts = import('./charts/render.js').then(async (render) => {
  if (endBegun) return render;
  const { WARM_UP_FIGURE } = await import('./charts/svg.js');
  // the warm-up is an optimisation: a failure here is met again, and reported, on a real figure
  await render.renderFigureSvg(WARM_UP_FIGURE).catch(() => undefined);
  return render;
});

/** the terminal tables, loaded once vega is (the run's summary is asked for at its end) */
const terminal = charts.catch(() => undefined).then(() => import('./terminal.js'));
// a failure to load is met again, and reported, by the job that needs it
terminal.catch(() => undefined);

/** SQLite, loaded last (a run's store is checkpointed here once it has measured) */
const checkpoints = terminal.catch(() => undefined).then(() => import('../runtime/wal-checkpoint.js'));
checkpoints.catch(() => undefined);

/** the figures asked for so far, drawn (or failed): the terminal summary waits for them */
let figuresDrawn: Promise<unknown> = Promise.resolve();

async function work(job: ReportJob): Promise<unknown> {
  if (job.kind !== 'marks' && job.kind !== 'details') endBegun = true;
  if (job.kind === 'checkpoint') {
    // the run's last checkpoint waits for the figures (the page needs them first)
    if (job.truncate === true) await figuresDrawn;
    (await checkpoints).checkpointWal(job.path, job.truncate === true ? 'truncate' : 'passive');
    return null;
  }
  if (job.kind === 'terminal') {
    // printed last, after the page is written: the figures asked for before it go first
    await figuresDrawn;
    return (await terminal).renderTerminalReport(job.results, job.options);
  }
  // marks of an epoch dropped since (the report has its details: the thread is released) are skipped
  // (with the key they are stored under: hashing the texts here spares the measuring thread)
  if (job.kind === 'marks') return job.pairs.map((p) => (epochs !== undefined && Atomics.load(epochs, 0) !== job.epoch ? null : { key: pairMarksKey(p), marks: pairMarks(p) }));
  if (job.kind === 'figure' || job.kind === 'figures') {
    const drawn = drawFigures(job);
    figuresDrawn = Promise.all([figuresDrawn, drawn]).catch(() => undefined);
    return drawn;
  }
  try {
    return job.inputs.map(itemDetail);
  } finally {
    forgetPairViews();
  }
}

async function drawFigures(job: Extract<ReportJob, { kind: 'figure' | 'figures' }>): Promise<string | string[][]> {
  const { renderFigureSvg } = await charts;
  if (job.kind === 'figure') return renderFigureSvg(job.figure);
  // section after section, each section's figures together: the page's order (charts/svg.ts prefetchFigures)
  const out: string[][] = [];
  for (const section of job.sections) {
    // between sections the jobs that came meanwhile have their turn: item details the page waits
    // for before it needs the figures (a job draws no figure, so vega numbers these the same)
    if (out.length > 0) await new Promise((resolve) => setImmediate(resolve));
    out.push(await Promise.all(section.map(renderFigureSvg)));
  }
  return out;
}

parentPort?.on('message', (m: { id: number; job: ReportJob }) => {
  work(m.job).then(
    (result) => parentPort?.postMessage({ id: m.id, kind: m.job.kind, result }),
    (err: unknown) => parentPort?.postMessage({ id: m.id, kind: m.job.kind, error: err instanceof Error ? err.message : String(err) }),
  );
});
