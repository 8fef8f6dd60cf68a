/**
 * Item views' marks made while a run measures (src/probes/item-marks.ts): each stored measurement
 * whose detail the report may embed is offered here (src/pipeline/items-ahead.ts), its source ×
 * output pair is cut and mapped in the report thread, on another core, and the pipeline stores
 * the marks beside the item. The report's end then reads them with the texts (store-items.ts)
 * instead of computing them: that was most of a run's end.
 *
 * Which items: a report embeds the details of up to EMBEDDED_DETAILS items, changed items first
 * (cells in order, each in its stored order), then the unchanged ones (the same way) (write.ts).
 * So a changed item can be embedded only while fewer than EMBEDDED_DETAILS changed items come
 * before it in its own cell, and an unchanged one only while the changed items measured so far in
 * any cell plus the unchanged ones before it in its cell are fewer: every changed item goes before
 * it, whatever the order of the cells. Only those are made, at most EMBEDDED_DETAILS pairs of each
 * kind per cell however large the run (a framing and a primacy item of one record share their
 * pair, made once). Without the report thread nothing is made here (the report makes what it
 * needs at the end, as before). The pairs the thread has not answered when measuring ends are
 * not stored (the dataset's last commit does not wait for them), but the thread goes on with them
 * while the run aggregates, and the report of this process takes them from here (`marksUnderWay`)
 * instead of making them again: a thread a few dozen pairs behind at the end was most of the
 * report's item details. They are dropped only once the report no longer needs the thread
 * (report-thread.ts `releaseReportThread`). A run that may start its thread later (a
 * light-report run, once it waits on a model: src/cli/report-thread-start.ts) makes this
 * `beforeThread`: the pairs offered before the thread runs wait here (at most MAX_SENT) and go to
 * it when it starts (`threadStarted`), or are left to the report when measuring ends first or the
 * run will not start it (`noThread`).
 *
 * The thread also hashes each pair's texts into the key its marks are stored under
 * (item-marks.ts `pairMarksKey`): hashing a 2,000-word source and its output was the measuring
 * thread's largest cost here.
 */
import type { AheadItem, AheadRow, ItemsAhead } from '../../pipeline/items-ahead.js';
import type { ItemInput } from '../../probes/item-view.js';
import type { PairMarks, PairSpec } from '../../probes/item-marks.js';
import { reportThread } from '../report-thread.js';

/**
 * The item views' registry (./registry.js), imported when first needed, not with this module: it
 * loads every built-in probe's presentation and item modules (40–60 ms), which a run need not
 * load before its first request. A run loads it when it first waits on a model (`load`, while its
 * preflight check and first requests are out) or when the pipeline asks whether an offer may be
 * made (`ready`, at the first measured item: a run that never waits on a model, offline or with
 * every answer cached, gives a dynamic import no turn of the event loop while it measures).
 */
let views: typeof import('./registry.js') | undefined;
let viewsLoading: Promise<void> | undefined;
/** the registry could not be loaded: the report makes every item view itself (the marks are an optimisation) */
let viewsFailed = false;
function loadViews(): Promise<void> {
  viewsLoading ??= import('./registry.js').then(
    (m) => {
      views = m;
    },
    () => {
      viewsFailed = true;
    },
  );
  return viewsLoading;
}

/** Items whose texts go into a report file (the rest are listed by their scores; `slant view` has them all). */
export const EMBEDDED_DETAILS = 400;

/** Pairs sent to the thread and not answered yet, at most (each holds its two texts there): beyond, an offer is left to the report. */
const MAX_SENT = 512;
/** Records remembered with the pairs sent for them, so a record's items of several probes send theirs once. */
const MAX_RECENT = 4096;

const samePair = (a: PairSpec, b: PairSpec): boolean => a.source === b.source && a.output === b.output && a.unit === b.unit && a.topK === b.topK;

/**
 * Pairs sent and not answered, by record id, with their marks to come (undefined: the thread
 * skipped or failed them). A pair answered while its dataset is still measuring is stored by the
 * pipeline and leaves this map; one answered after (`drop` came first) stays for this process's
 * report (`marksUnderWay`) until it is forgotten. At most MAX_SENT pairs are under way at once.
 */
const underWay = new Map<string, { spec: PairSpec; marks: Promise<PairMarks | undefined> }[]>();
/** counts the ends of measuring (`drop`): a pair sent before the latest one is no longer stored */
let measuredEnds = 0;

function leaveUnderWay(recordId: string, spec: PairSpec): void {
  const list = underWay.get(recordId)?.filter((e) => e.spec !== spec);
  if (list === undefined || list.length === 0) underWay.delete(recordId);
  else underWay.set(recordId, list);
}

/**
 * The marks of an item's pair when they were sent to the report thread but not stored (measuring
 * ended first): resolves when the thread answers, to undefined if it skipped or failed them.
 * Undefined when no such pair is under way.
 */
export function marksUnderWay(input: ItemInput): Promise<PairMarks | undefined> | undefined {
  const list = underWay.get(input.recordId);
  if (list === undefined) return undefined;
  // no views loaded: nothing was offered, so nothing is under way
  const spec = views?.itemPair(input);
  return spec === undefined ? undefined : list.find((e) => samePair(e.spec, spec))?.marks;
}

/** Let go of the pairs under way (the report that needed them has its details). */
export function forgetMarksUnderWay(): void {
  underWay.clear();
}

export class ItemMarksAhead implements ItemsAhead {
  /** per cell: changed and unchanged items offered */
  private readonly seen = new Map<string, { changed: number; unchanged: number }>();
  /** changed items offered, in every cell */
  private changed = 0;
  /** per record: the pairs sent for it */
  private readonly recent = new Map<string, PairSpec[]>();
  /** pairs sent (or waiting for the thread) and not answered */
  private sent = 0;
  /** pairs offered before the thread started, waiting for it */
  private waiting: { spec: PairSpec; answer: (rows: AheadRow[]) => void }[] = [];
  private waitingChars = 0;
  /** no thread will start (`noThread`): nothing waits for one any more */
  private threadless = false;

  /** `beforeThread`: the report thread may start later in the run; pairs offered before it wait for it. */
  constructor(private readonly opts: { beforeThread?: boolean } = {}) {}

  /** Begin loading the item views (once per process): the run waits on a model. */
  load(): void {
    void loadViews();
  }

  /** The item views' loading, which an offer needs, while it is under way (begun now if it was not); undefined once settled. */
  ready(): Promise<void> | undefined {
    return views !== undefined || viewsFailed ? undefined : loadViews();
  }

  offer(item: AheadItem): Promise<AheadRow[]> | undefined {
    const thread = reportThread();
    if (thread === undefined && (this.opts.beforeThread !== true || this.threadless)) return undefined;
    // offered before the views were loaded (the pipeline waits for `ready`): left to the report
    if (views === undefined) return undefined;
    const { itemPair, itemSummary } = views;
    const input = { probe: item.probe, labels: item.labels, recordId: item.recordId, measurement: item.measurement, options: item.options, fields: item.fields };
    const counts = this.seen.get(item.cellKey) ?? { changed: 0, unchanged: 0 };
    this.seen.set(item.cellKey, counts);
    let embeddable: boolean;
    if (itemSummary(input).tags.includes('changed')) {
      embeddable = counts.changed++ < EMBEDDED_DETAILS;
      this.changed++;
    } else embeddable = this.changed + counts.unchanged++ < EMBEDDED_DETAILS;
    if (!embeddable) return undefined;
    const spec = itemPair(input);
    if (spec === undefined || this.sent >= MAX_SENT) return undefined;
    const sentFor = this.recent.get(item.recordId);
    if (sentFor?.some((s) => samePair(s, spec)) === true) return undefined;
    if (sentFor !== undefined) sentFor.push(spec);
    else {
      if (this.recent.size >= MAX_RECENT) this.recent.clear();
      this.recent.set(item.recordId, [spec]);
    }
    this.sent++;
    if (thread === undefined) this.waitingChars += (spec.source?.length ?? 0) + (spec.output?.length ?? 0);
    const rows = thread !== undefined ? ask(thread, spec) : new Promise<AheadRow[]>((answer) => this.waiting.push({ spec, answer }));
    const sentIn = measuredEnds;
    const list = underWay.get(item.recordId);
    const entry = { spec, marks: rows.then((r) => r[0]?.value as PairMarks | undefined) };
    if (list !== undefined) list.push(entry);
    else underWay.set(item.recordId, [entry]);
    return rows.finally(() => {
      this.sent--;
      // answered while its dataset measures: the pipeline stores it, and the report reads it there
      if (sentIn === measuredEnds) leaveUnderWay(item.recordId, spec);
    });
  }

  /** The text (characters of sources and outputs) of the pairs offered before the thread started, waiting for it. */
  get waitingText(): number {
    return this.waitingChars;
  }

  /** The report thread has started: the pairs offered before it go to it now. */
  threadStarted(): void {
    const thread = reportThread();
    const waiting = this.waiting;
    this.waiting = [];
    this.waitingChars = 0;
    for (const w of waiting) void (thread !== undefined ? ask(thread, w.spec) : Promise.resolve([])).then(w.answer);
  }

  /** No report thread will start: the pairs waiting, and any offered from now on, are left to the report. */
  noThread(): void {
    this.threadless = true;
    this.drop();
  }

  /**
   * Measuring ends: the pairs waiting for a thread that has not started are left to the report;
   * those sent go on in the thread, for the report to take (`marksUnderWay`), not to be stored.
   */
  drop(): void {
    measuredEnds++;
    const waiting = this.waiting;
    this.waiting = [];
    this.waitingChars = 0;
    for (const w of waiting) w.answer([]);
  }
}

/**
 * A pair sent to the thread at once, one pair a message: the thread works through them while
 * this thread measures (which reads the answers only when measuring lets its event loop turn).
 */
function ask(thread: NonNullable<ReturnType<typeof reportThread>>, spec: PairSpec): Promise<AheadRow[]> {
  return thread.call({ kind: 'marks', pairs: [spec], epoch: thread.marksEpoch() }).then(
    ([made]) => (made === undefined || made === null ? [] : [{ key: made.key, value: made.marks }]),
    () => [],
  );
}
