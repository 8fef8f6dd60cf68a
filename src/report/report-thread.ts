/**
 * The report thread: a worker thread a run starts as it begins (src/cli/execute-run.ts), which
 * makes part of the report at the end of the run while the main thread makes the rest. It loads
 * vega and the item views while the records are measured (on another core), then draws the
 * report's figures (charts/svg.ts) and makes about half of its item details (write.ts); the main
 * thread makes the other half and the page. Its entry is report-thread-entry.ts, which runs the same
 * code the main thread would (charts/render.ts, items/registry.ts), so the report is the same.
 *
 * A worker needs its entry as JavaScript, so the thread runs only from the compiled dist/. From
 * the TypeScript sources, in `slant report` and the viewer, or once the thread has failed, callers
 * do the work in the main thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Figure } from '../results/presentation.js';
import type { ItemDetail, ItemInput } from '../probes/item-view.js';
import type { PairMarks, PairSpec } from '../probes/item-marks.js';
import type { Results } from '../results/schema.js';
import type { TerminalReportOptions } from './terminal.js';

/** What the thread is asked to make. */
export type ReportJob =
  | { kind: 'figure'; figure: Figure }
  | { kind: 'figures'; sections: Figure[][] }
  | { kind: 'details'; inputs: ItemInput[] }
  | { kind: 'marks'; pairs: PairSpec[]; epoch: number }
  | { kind: 'terminal'; results: Results; options: Required<Pick<TerminalReportOptions, 'verbose' | 'color' | 'width'>> }
  /**
   * copy the SQLite store's write-ahead log into its file (runtime/wal-checkpoint.ts): passively while
   * the run aggregates; `truncate`, once its results are stored, after the figures asked for before it
   */
  | { kind: 'checkpoint'; path: string; truncate?: boolean };
type JobResult<J extends ReportJob> = J extends { kind: 'figure' } ? string : J extends { kind: 'figures' } ? string[][] : J extends { kind: 'marks' } ? ({ key: string; marks: PairMarks } | null)[] : J extends { kind: 'terminal' } ? string : J extends { kind: 'checkpoint' } ? null : ItemDetail[];

/**
 * The thread's young generation, in MB. What it keeps is old (vega, the item views, the page's
 * figures and details until they are sent); what it makes and drops (a figure's scene graph, an
 * item's marks) is collected young. V8 let the thread's young generation grow to 16–32 MB, a
 * third to a half of the thread's memory (it added 55–60 MB to a 1,000-document run's peak; with
 * 4 MB, 30–33 MB), at no cost in CPU that the same runs could see (docs/benchmarks.md).
 */
const YOUNG_GENERATION_MB = 4;

class ReportThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (err: Error) => void }>();
  private next = 0;
  failed = false;
  /**
   * Marks jobs carry the epoch they were sent in; `dropMarks` starts a new one, and the thread
   * skips (answers null for) the pairs of an older epoch it has not begun: shared memory, because
   * a message would wait behind the jobs it is meant to cancel.
   */
  private readonly epochs = new Int32Array(new SharedArrayBuffer(4));

  constructor(url: URL) {
    this.worker = new Worker(url, { workerData: { epochs: this.epochs }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    // an idle thread never keeps the process alive; a job being done does (call)
    this.worker.unref();
    this.worker.on('message', (m: { id: number; kind: ReportJob['kind']; result?: unknown; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settled(m.id);
      if (m.error === undefined) {
        done[m.kind]++;
        p.resolve(m.result);
      } else p.reject(new Error(m.error));
    });
    const fail = (err: Error): void => {
      this.failed = true;
      for (const [id, p] of [...this.pending]) {
        this.settled(id);
        p.reject(err);
      }
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('the report thread ended')));
  }

  call<J extends ReportJob>(job: J): Promise<JobResult<J>> {
    const id = this.next++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      try {
        this.worker.postMessage({ id, job });
      } catch (err) {
        // a job that cannot be copied to the thread (a value with functions in it): the caller does it here
        this.settled(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /** The current epoch of marks jobs (see `epochs`). */
  marksEpoch(): number {
    return Atomics.load(this.epochs, 0);
  }

  /** Skip the marks jobs sent so far that the thread has not done yet. */
  dropMarks(): void {
    Atomics.add(this.epochs, 0, 1);
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) {
      this.worker.unref();
      this.whenIdle?.();
    }
  }

  /** set by `stopWhenIdle`: ends the thread once its last job is answered */
  private whenIdle: (() => void) | undefined;

  async stop(): Promise<void> {
    this.failed = true;
    await this.worker.terminate();
  }

  /** End the thread once the jobs sent so far are answered (at once if none is waiting); no new job is taken. */
  stopWhenIdle(): Promise<void> {
    if (this.pending.size === 0) return this.stop();
    this.failed = true;
    return new Promise((resolve) => {
      this.whenIdle = () => {
        this.whenIdle = undefined;
        void this.stop().then(resolve, resolve);
      };
    });
  }
}

let thread: ReportThread | undefined;
/** jobs of each kind the thread has done in this process */
const done: Record<ReportJob['kind'], number> = { figure: 0, figures: 0, details: 0, marks: 0, terminal: 0, checkpoint: 0 };

/** The thread's entry, when running from the compiled JavaScript (a worker cannot run the TypeScript sources). */
function entry(): URL | undefined {
  const url = new URL('./report-thread-entry.js', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url : undefined;
}

/** Whether this process can run the report thread (from the compiled JavaScript). */
export const reportThreadCanRun = (): boolean => entry() !== undefined;

/** Start the report thread (once per process), when running from the compiled JavaScript; true when it runs. */
export function startReportThread(): boolean {
  if (thread !== undefined) return true;
  const url = entry();
  if (url === undefined) return false;
  try {
    thread = new ReportThread(url);
    return true;
  } catch {
    // no thread: the main thread makes the whole report
    return false;
  }
}

/** The thread being ended by `releaseReportThread`, awaited by `stopReportThread`. */
let ending: Promise<void> | undefined;

/**
 * Begin ending the report thread: the report has everything it asked of it (figures, details),
 * so the thread tears down (tens of milliseconds with vega loaded) while this thread writes the
 * page and prints the summary, instead of after them; a job still under way (the terminal
 * summary) is answered first. Later work falls back to the main thread.
 */
export function releaseReportThread(): void {
  const t = thread;
  thread = undefined;
  if (t === undefined) return;
  // marks still queued are for items the report did not need (it has its details): skipped
  t.dropMarks();
  ending = t.stopWhenIdle();
}

/** End the report thread (the run's report is written). */
export async function stopReportThread(): Promise<void> {
  releaseReportThread();
  const e = ending;
  ending = undefined;
  await e;
}

/** The running report thread, or undefined (not started, stopped, or failed). */
export function reportThread(): ReportThread | undefined {
  return thread !== undefined && !thread.failed ? thread : undefined;
}

/** How many jobs of each kind the report thread has done in this process (the rest were done in the main thread). */
export const reportThreadJobs = (): Record<ReportJob['kind'], number> => ({ ...done });
