import type { AheadItem, AheadRow, ItemsAhead } from '../pipeline/items-ahead.js';
import type { ItemMarksAhead } from '../report/items/item-marks-ahead.js';

/** What the run's start of its report thread tells the marks made ahead (report-thread-start.ts). */
export interface MarksAheadControl {
  threadStarted(): void;
  noThread(): void;
  readonly waitingText: number;
}

/**
 * The item marks made ahead (item-marks-ahead.ts), loaded only when first needed: that module
 * reads the built-in probes' item views (every probe's presentation and item modules), about
 * 40–60 ms of loading that a run paid before its first request. Now the run's first wait on a
 * model (`load`, from onWaiting: the module loads while the preflight check and the first
 * requests are out) or its first measured item loads them; the pipeline waits for the load
 * (`ready`) before it offers an item, since a run that never waits on a model (offline, every
 * answer cached) would leave the loading no turn of the event loop until measuring ends, and every
 * item view to the report's end. Calls made before the module is there are kept and replayed in
 * their order the moment it is (an offer answers once its turn has come), so the item views offered
 * are chosen exactly as they were.
 */
export class DeferredMarksAhead implements ItemsAhead, MarksAheadControl {
  private inner: ItemMarksAhead | undefined;
  private loading: Promise<void> | undefined;
  private failed = false;
  /** calls made before the module was loaded, in order */
  private readonly queued: ((inner: ItemMarksAhead | undefined) => void)[] = [];

  /** Begin loading the module (once). */
  load(): void {
    this.loading ??= import('../report/items/item-marks-ahead.js').then(
      (m) => this.loaded(new m.ItemMarksAhead({ beforeThread: true })),
      // the marks are an optimisation: without the module the report makes every item view at its end
      () => this.loaded(undefined),
    );
  }

  /** The loading the next offer waits for (begun now if it was not), or undefined once loaded. */
  ready(): Promise<void> | undefined {
    if (!this.pending) return undefined;
    this.load();
    return this.loading;
  }

  private loaded(inner: ItemMarksAhead | undefined): void {
    this.inner = inner;
    this.failed = inner === undefined;
    // replayed in one synchronous stretch: no call made meanwhile can pass one made before it
    for (const call of this.queued.splice(0)) call(inner);
  }

  private get pending(): boolean {
    return this.inner === undefined && !this.failed;
  }

  offer(item: AheadItem): Promise<AheadRow[]> | undefined {
    if (this.pending) {
      this.load();
      return new Promise((answer) => this.queued.push((inner) => void (inner?.offer(item) ?? Promise.resolve([])).then(answer, () => answer([]))));
    }
    return this.inner?.offer(item);
  }

  drop(): void {
    if (this.pending) this.queued.push((inner) => inner?.drop());
    else this.inner?.drop();
  }

  threadStarted(): void {
    if (this.pending) this.queued.push((inner) => inner?.threadStarted());
    else this.inner?.threadStarted();
  }

  noThread(): void {
    if (this.pending) this.queued.push((inner) => inner?.noThread());
    else this.inner?.noThread();
  }

  /** The text waiting for the thread; the offers still queued for the module are not counted (they are at most a load's worth). */
  get waitingText(): number {
    return this.inner?.waitingText ?? 0;
  }
}
