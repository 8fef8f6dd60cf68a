import type { ItemsStore } from '../runtime/run-store.js';
import type { ItemCost, StoreWrite } from '../runtime/store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { ProbeJudges } from '../probes/types.js';
import { outputOf } from '../probes/output.js';
import type { PlannedProbe } from './execute.js';
import { fromStoredJson, toStoredJson } from '../runtime/stored-json.js';

/**
 * Writes behind, a batch per transaction (`maxItems` writes, `maxChars` characters of text in the
 * records waiting, or `maxDelayMs`, whichever comes first), instead of one commit each; `flush()`
 * at the end of every dataset. The character budget keeps long records from waiting in memory
 * until the garbage collector moves them to the old generation: 64 records of 2,000 words held
 * for a batch were most of `bench:measure`'s peak memory.
 *
 * Two kinds of write may wait: a measurement made by offline instruments alone (`offlineOnly`: a
 * probe that neither generates nor asks a model, whose judges are all local), and the record as
 * read from the dataset (`putInput`). Both are recomputed for free on resume, so a kill -9 loses
 * at most one batch of free work and never a paid answer.
 *
 * A model's answer and its cost (`putPaid`) never wait for the batch: the answers that arrive
 * while the previous commit is on its way (or in one turn of the event loop) are group-committed
 * (one transaction, with every record as read queued before them) as soon as that commit is done,
 * and the caller's promise settles only once they are committed, so an answer is durably stored
 * before it is used (the CLI made three commits per record — input, output, cost — which were most
 * of its CPU with 32 requests in flight). The free work queued (measurements by local instruments
 * and the rows made from them) stays for its own batch: carried by every group commit, its rows
 * were a third of the pages those commits wrote (a commit of a few answers touches each table's
 * and index's pages once, so fewer tables per commit is fewer pages).
 *
 * Commits run one after another, in the order they were started (a PostgreSQL store could otherwise
 * commit two transactions out of order): whatever is committed, every record as read put before it
 * is too, so an item's or an answer's input row is never missing while it is there; free work is
 * committed in the order it was put.
 */
export class ItemWriter {
  /** the records as read waiting (putInput): committed with the next batch or the next answer */
  private inputs: StoreWrite[] = [];
  /** the free work waiting (measurements by local instruments, rows made from them): committed with the next batch */
  private free: StoreWrite[] = [];
  /** characters of text in the records as read among `inputs` */
  private pendingChars = 0;
  private timer: NodeJS.Timeout | undefined;
  /** a write behind that failed (a timer's flush): reported by the next put or flush */
  private failed: unknown;
  /** answers waiting for this turn's group commit, and their callers */
  private paid: StoreWrite[] = [];
  private waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private paidTimer: NodeJS.Immediate | undefined;
  /** the last commit started: the next one waits for it (commits are ordered) */
  private chain: Promise<void> = Promise.resolve();

  private readonly store: ItemsStore;

  constructor(
    store: AnyStore<ItemsStore>,
    private readonly runId: string,
    private readonly opts: { maxItems: number; maxDelayMs: number; maxChars?: number } = { maxItems: 64, maxDelayMs: 200, maxChars: 65_536 },
    /**
     * The cost plan's dry pass (a private copy of the store, thrown away after it): nothing of the
     * pass is read back from the store but the answers, by another probe measuring the same summary
     * of the same record. So the records as read and the costs are not written (the plan's counts
     * come from its tally), and each answer is held here, as the store would give it back, until its
     * record ends (`held`, `forget`): the plan wrote three rows per request and read none of them.
     */
    private readonly dry = false,
  ) {
    this.store = asRunStore(store);
  }

  /** Store a measurement: at once (with every write queued before it) when `deferrable` is false, else in the next batch. */
  async put(cellKey: string, recordId: string, measurement: unknown, deferrable: boolean): Promise<void> {
    await this.write({ kind: 'item', cellKey, recordId, value: measurement }, deferrable, false);
  }

  /** Store the record as read from the dataset: in the next batch (or with the next write that cannot wait). */
  async putInput(inputKey: string, recordId: string, fields: unknown): Promise<void> {
    if (this.dry) return;
    this.pendingChars += textLength(fields);
    await this.write({ kind: 'output', cellKey: inputKey, recordId, value: fields }, true, true);
  }

  /** Store a row of free work made from a measurement (items-ahead.ts): in the next batch. */
  async putDeferred(key: string, recordId: string, value: unknown): Promise<void> {
    await this.write({ kind: 'output', cellKey: key, recordId, value }, true, false);
  }

  /** Store a model's answer and its cost: settles once they are committed (group commit, see the class comment). */
  async putPaid(key: string, recordId: string, output: unknown, cost: ItemCost): Promise<void> {
    this.throwFailed();
    if (this.dry) {
      let byKey = this.heldAnswers.get(recordId);
      if (byKey === undefined) this.heldAnswers.set(recordId, (byKey = new Map()));
      // as a store would give it back (stored JSON: non-finite numbers kept, secrets redacted)
      byKey.set(key, fromStoredJson(toStoredJson(output, 'output')));
      // settled in the next turn, as a commit would be
      await new Promise<void>((resolve) => setImmediate(resolve));
      return;
    }
    await new Promise<void>((resolve, reject) => {
      this.paid.push({ kind: 'output', cellKey: key, recordId, value: output }, { kind: 'cost', cellKey: key, recordId, value: cost });
      this.waiting.push({ resolve, reject });
      this.paidTimer ??= setImmediate(() => this.commitPaid());
    });
  }

  /** dry: the answers held per record, by output key, until the record ends */
  private readonly heldAnswers = new Map<string, Map<string, unknown>>();

  /** dry: the answer put under `key` for the record (undefined: none held; the store may have one from before the plan). */
  held(key: string, recordId: string): unknown {
    return this.heldAnswers.get(recordId)?.get(key);
  }

  /** dry: the record ended; its answers are no longer held. */
  forget(recordId: string): void {
    this.heldAnswers.delete(recordId);
  }

  /**
   * Group commit: the answers waiting are taken when the commit before has finished (not when this
   * turn ends), so while one commit is on its way every answer arriving meanwhile joins the next:
   * one transaction for many answers under load, one each when answers are rare.
   */
  private commitPaid(): void {
    this.paidTimer = undefined;
    const commit = this.chain.then(async () => {
      const writes = this.paid;
      const waiting = this.waiting;
      // taken by a commit scheduled before this one
      if (writes.length === 0) return;
      this.paid = [];
      this.waiting = [];
      // the records as read go first (an answer's input row is never missing); free work waits for its batch
      const batch = this.inputs.length > 0 ? [...this.inputs, ...writes] : writes;
      this.inputs = [];
      this.pendingChars = 0;
      if (this.free.length === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
      try {
        await this.store.putWrites(this.runId, batch);
      } catch (err) {
        for (const w of waiting) w.reject(err);
        throw err;
      }
      for (const w of waiting) w.resolve();
    });
    this.chain = commit.catch(() => undefined);
  }

  private async write(w: StoreWrite, deferrable: boolean, isInput: boolean): Promise<void> {
    this.throwFailed();
    if (!deferrable) {
      await this.flush([w]);
      return;
    }
    if (isInput) this.inputs.push(w);
    else this.free.push(w);
    if (this.inputs.length + this.free.length >= this.opts.maxItems || this.pendingChars >= (this.opts.maxChars ?? Infinity)) await this.flush();
    else
      this.timer ??= setTimeout(() => {
        this.flush().catch((err: unknown) => {
          this.failed ??= err;
        });
      }, this.opts.maxDelayMs).unref();
  }

  private throwFailed(): void {
    if (this.failed === undefined) return;
    const err = this.failed;
    this.failed = undefined;
    throw err;
  }

  /** flush(), when another error is already on its way: a failure here is dropped (those writes are redone on resume, for free). */
  async flushQuietly(): Promise<void> {
    try {
      await this.flush();
    } catch {
      // the caller reports its own error; see the class comment for why nothing paid is lost
    }
  }

  /** Commit every pending write (then `also`) in one transaction, after the commits started before it. */
  async flush(also: readonly StoreWrite[] = []): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.throwFailed();
    const batch = [...this.inputs, ...this.free, ...also];
    this.inputs = [];
    this.free = [];
    this.pendingChars = 0;
    if (batch.length === 0) return this.chain;
    const commit = this.chain.then(() => this.store.putWrites(this.runId, batch));
    this.chain = commit.catch(() => undefined);
    await commit;
  }
}

/** Characters in the string fields of a record as read (its top-level strings: what makes a record long). */
function textLength(fields: unknown): number {
  if (fields === null || typeof fields !== 'object') return 0;
  let n = 0;
  for (const v of Object.values(fields)) if (typeof v === 'string') n += v.length;
  return n;
}

/** A model id names its provider ("openai:gpt-4o"); local instruments do not ("offline-framing", "tfidf"). */
const isLocal = (j: { id: string } | undefined): boolean => j !== undefined && !j.id.includes(':');

/** True when the probe's measurements come from local instruments only (no model request to lose). */
export function offlineOnly(planned: PlannedProbe, judges: ProbeJudges, producerHasModel: boolean): boolean {
  const { probe, options } = planned;
  if (outputOf(probe).from !== 'summary' && producerHasModel) return false;
  const needs = probe.needs(options);
  if (needs.includes('llm') && judges.llm) return false;
  return needs.every((k) => k === 'llm' || isLocal((judges as Record<string, { id: string } | undefined>)[k]));
}
