/**
 * Figures as SVG strings (drawn by vega in render.ts). Drawing costs about half a second the first
 * time in a process (loading vega's ~270 modules, then compiling its code on first use) and
 * 50–100 ms per figure after that: most of a short run's end. A run starts the chart thread
 * (`startChartThread`) as it begins, so vega loads there, on another core, while the records are
 * measured; at the end the run's figures are sent there (`prefetchFigures`) and drawn while this
 * thread makes the report's item details. Without the thread (tests run from the TypeScript
 * sources, `slant report`, the viewer) or if it fails, a figure is drawn here, the same way: both
 * threads run render.ts, so the SVG is the same string.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Figure } from '../../results/presentation.js';

const drawHere = async (f: Figure): Promise<string> => (await import('./render.js')).renderFigureSvg(f);

class ChartThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (svg: string) => void; reject: (err: Error) => void }>();
  private next = 0;
  failed = false;

  constructor(url: URL) {
    this.worker = new Worker(url);
    // an idle chart thread never keeps the process alive; a figure being drawn does (draw)
    this.worker.unref();
    this.worker.on('message', (m: { id: number; svg?: string; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settled(m.id);
      if (m.svg !== undefined) {
        drawnThere++;
        p.resolve(m.svg);
      }
      else p.reject(new Error(m.error ?? 'the chart thread drew nothing'));
    });
    const fail = (err: Error): void => {
      this.failed = true;
      for (const [id, p] of [...this.pending]) {
        this.settled(id);
        p.reject(err);
      }
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('the chart thread ended')));
  }

  draw(figure: Figure): Promise<string> {
    const id = this.next++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, figure });
    });
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  async stop(): Promise<void> {
    this.failed = true;
    await this.worker.terminate();
  }
}

let thread: ChartThread | undefined;
/** figures the chart thread has drawn in this process */
let drawnThere = 0;

/** How many figures the chart thread has drawn in this process (the rest were drawn here). */
export const chartThreadDrawn = (): number => drawnThere;

/**
 * Start the chart thread (once per process), when this module runs from the compiled JavaScript:
 * a worker needs its entry as a .js file, which the TypeScript sources do not have. True when it runs.
 */
export function startChartThread(): boolean {
  if (thread !== undefined) return true;
  const url = new URL('./chart-thread.js', import.meta.url);
  if (url.protocol !== 'file:' || !existsSync(fileURLToPath(url))) return false;
  try {
    thread = new ChartThread(url);
    return true;
  } catch {
    // no thread: every figure is drawn here
    return false;
  }
}

/** End the chart thread (the run's report is written). */
export async function stopChartThread(): Promise<void> {
  const t = thread;
  thread = undefined;
  made = new WeakMap();
  await t?.stop();
}

/** Figures sent ahead to the chart thread, by object: `figureSvg` of the same figure takes its drawing. */
let made = new WeakMap<Figure, Promise<string>>();

function drawn(f: Figure): Promise<string> {
  const t = thread;
  if (t === undefined || t.failed) return drawHere(f);
  // a figure the thread could not draw is drawn here (and fails here, with its error, if it must)
  return t.draw(f).catch(() => drawHere(f));
}

/** Send figures to the chart thread now, to be drawn while this thread does other work; nothing without the thread. */
export function prefetchFigures(figures: readonly Figure[]): void {
  if (thread === undefined || thread.failed) return;
  for (const f of figures) {
    const p = drawn(f);
    // taken by figureSvg; a failure is met there
    p.catch(() => undefined);
    made.set(f, p);
  }
}

/** A figure as a standalone SVG string (render.ts), drawn by the chart thread when it runs. */
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
 * its models, so the report at the end draws at the warm speed (the chart thread warms itself up).
 */
export async function warmCharts(): Promise<void> {
  await figureSvg(WARM_UP_FIGURE);
}
