import { startReportThread } from '../report/report-thread.js';
import type { ItemMarksAhead } from '../report/items/item-marks-ahead.js';

/**
 * Probes whose report is light: a few figures and item views of short texts. A run of only these
 * starts its report thread only when it waits on a model (its CPU is idle then); every other run
 * starts it as soon as its plan is made. The thread costs about 0.4 s of CPU of its own whatever
 * it is given (a second Node environment, the item views' modules, its own compiled code) and
 * gives back wall clock only, by doing the report's work beside the measuring. Position's report
 * is 2 figures and at most EMBEDDED_DETAILS item views of one summary against its article, however
 * long the run: `slant measure position` on SummEval took 2.35–2.47 s of CPU with the thread and
 * 1.96–1.97 s without it, its wall clock no longer (load 7–8; docs/benchmarks.md). Started once
 * such a run had measured for a while, the thread's heap (vega and the item views: 20–30 MiB with
 * its allocator's) was held to the run's end for that same bounded work, so a 100,000-article
 * run's peak memory was 1.3–1.5 times a 1,000-article run's, which ended before it started. A
 * 500-document framing + primacy run, whose report makes 400 item views of 2,000-word documents
 * and a dozen figures, keeps the thread from its start: started later, its end grew by about 0.2 s
 * of CPU.
 */
const LIGHT_REPORTS: ReadonlySet<string> = new Set(['position']);

/**
 * CPU (ms, the whole process's) a light-report run measures for, from its first item, keeping the
 * item views it offers for a thread that a wait on a model would start; then it makes its whole
 * report in the main thread.
 */
export const MEASURING_CPU_BEFORE_THREAD_MS = 1000;

/**
 * Or the text (characters of sources and outputs) of the item views waiting for the thread
 * (item-marks-ahead.ts) it keeps at most: twice SummEval's 100 articles with their first summaries.
 */
export const ITEM_VIEW_TEXT_BEFORE_THREAD = 512 * 1024;

/**
 * When a run starts its report thread (src/report/report-thread.ts): at once for a distributed
 * run's coordinator (it waits on its workers), as soon as its plan is made unless all its probes'
 * reports are light, or as soon as it waits on a model, unless a light-report run has measured
 * for MEASURING_CPU_BEFORE_THREAD_MS of CPU or offered ITEM_VIEW_TEXT_BEFORE_THREAD of item views
 * before it waits: such a run, as a run that ends its measuring first and a run from the TypeScript
 * sources, makes its whole report in the main thread.
 */
export class ReportThreadStart {
  private cpuAtFirstItem: number | undefined;
  private started = false;
  /** started, tried, or measuring has ended: the start is decided */
  private decided = false;
  /** the run's item marks made ahead: told when the thread starts, so the pairs offered before go to it */
  private marks: ItemMarksAhead | undefined;

  /** The run's probes are known: start now unless all their reports are light. */
  planned(probes: readonly string[]): void {
    if (!probes.every((p) => LIGHT_REPORTS.has(p))) this.now();
  }

  /** The run's item marks made ahead (returned as given). */
  ahead(marks: ItemMarksAhead): ItemMarksAhead {
    this.marks = marks;
    if (this.started) marks.threadStarted();
    return marks;
  }

  /** Start the thread now (unless measuring has ended); true when it runs. Tried once: a thread that cannot start is not tried again. */
  now(): boolean {
    if (this.decided) return this.started;
    this.decided = true;
    this.started = startReportThread();
    if (this.started) this.marks?.threadStarted();
    return this.started;
  }

  /** The run is waiting on a model. */
  waiting(): void {
    this.now();
  }

  /** An item was measured. */
  item(): void {
    if (this.decided) return;
    const used = cpuMs();
    this.cpuAtFirstItem ??= used;
    if (used - this.cpuAtFirstItem >= MEASURING_CPU_BEFORE_THREAD_MS || (this.marks?.waitingText ?? 0) >= ITEM_VIEW_TEXT_BEFORE_THREAD) {
      // a light-report run measuring on its own: no thread (above), and nothing kept for one
      this.decided = true;
      this.marks?.noThread();
    }
  }

  /** Measuring has ended: a thread not started by now is not started (the report is made here). */
  end(): void {
    this.decided = true;
  }
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
