import type { ItemCost, Store } from '../runtime/store.js';
import type { ProbeJudges } from '../probes/types.js';
import type { PlannedProbe } from './execute.js';

/**
 * Item measurements written behind, a batch per transaction (`maxItems` writes or `maxDelayMs`,
 * whichever comes first), instead of one commit each; `flush()` at the end of every dataset.
 *
 * Only measurements made by offline instruments alone go through it (`offlineOnly`): a probe that
 * neither generates nor asks a model, whose judges are all local (the offline framing judge, the
 * TF-IDF embedder, ...). Such a measurement is recomputed from what is already committed — the
 * output it measures is stored at once (outputs of a model are never written behind) and
 * recomputing it sends no request — so a kill -9 loses at most one batch of free work and never a
 * paid answer. Measurements that involved a model are committed at once, as before.
 *
 * The record as read from the dataset (`putInput`) is written behind too, and a model's answer
 * with its cost (`putPaid`) is committed at once in one transaction with everything queued before
 * it (issue 16: the CLI made three commits per record: input, output, cost). Writes are committed
 * in the order they were put: whatever is committed, everything put before it is too (an item's
 * or an output's input row is never missing while it is there). A kill -9 loses at most the
 * queued free writes, which a resume redoes without a request.
 */
export class ItemWriter {
  private pending: Write[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Store,
    private readonly runId: string,
    private readonly opts: { maxItems: number; maxDelayMs: number } = { maxItems: 64, maxDelayMs: 200 },
  ) {}

  /** Store a measurement: at once when `deferrable` is false, else in the next batch. */
  put(cellKey: string, recordId: string, measurement: unknown, deferrable: boolean): void {
    this.write({ kind: 'item', cellKey, recordId, value: measurement }, deferrable);
  }

  /** Store a record as read (Store.putOutput under its input key): at once when `deferrable` is false, else in the next batch. */
  putInput(inputKey: string, recordId: string, fields: unknown, deferrable: boolean): void {
    this.write({ kind: 'input', cellKey: inputKey, recordId, value: fields }, deferrable);
  }

  /** Store a model's answer and its cost now, in one transaction with every write queued before them. */
  putPaid(key: string, recordId: string, output: unknown, cost: ItemCost): void {
    this.flush(paidWrites(key, recordId, output, cost));
  }

  /**
   * `putPaid` as a group commit: the answers that arrive in the same turn of the event loop are
   * committed in one transaction (with every write queued before them) before the turn ends
   * (setImmediate); the promise settles when they are committed, so the caller uses an answer only
   * once it is stored. With 32 requests in flight their answers arrive in bursts, and one commit
   * per burst instead of one per answer is most of the store's CPU in `slant run` (issue 16).
   */
  putPaidSoon(key: string, recordId: string, output: unknown, cost: ItemCost): Promise<void> {
    return new Promise((resolve, reject) => {
      this.paid.push(...paidWrites(key, recordId, output, cost));
      this.waiting.push({ resolve, reject });
      this.paidTimer ??= setImmediate(() => this.commitPaid());
    });
  }

  private paid: Write[] = [];
  private waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private paidTimer: NodeJS.Immediate | undefined;

  private commitPaid(): void {
    this.paidTimer = undefined;
    const writes = this.paid;
    const waiting = this.waiting;
    this.paid = [];
    this.waiting = [];
    try {
      this.flush(writes);
    } catch (err) {
      for (const w of waiting) w.reject(err);
      return;
    }
    for (const w of waiting) w.resolve();
  }

  private write(w: Write, deferrable: boolean): void {
    if (!deferrable) {
      if (this.pending.length === 0) this.commit([w]);
      else this.flush([w]);
      return;
    }
    this.pending.push(w);
    if (this.pending.length >= this.opts.maxItems) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.opts.maxDelayMs).unref();
  }

  /** flush(), when another error is already on its way: a failure here is dropped (those measurements are recomputed on resume, for free). */
  flushQuietly(): void {
    try {
      this.flush();
    } catch {
      // the caller reports its own error; see the class comment for why nothing paid is lost
    }
  }

  /** Commit every pending write (then `also`) in one transaction. */
  flush(also: readonly Write[] = []): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 && also.length === 0) return;
    const batch = also.length ? [...this.pending, ...also] : this.pending;
    this.pending = [];
    if (batch.length === 1) {
      this.commit(batch);
      return;
    }
    try {
      this.store.transaction(() => this.commit(batch));
    } catch (err) {
      if (this.store.fullError === undefined) throw err;
      // the disk filled inside the transaction: SQLite rolled it back while Store.guard freed the
      // reserve and retried one write outside it; commit the batch again one write at a time
      // (upserts), each guarded, so every answer received is kept while there is room
      this.commit(batch);
    }
  }

  private commit(batch: readonly Write[]): void {
    for (const p of batch) {
      if (p.kind === 'item') this.store.putItem(this.runId, p.cellKey, p.recordId, p.value);
      else if (p.kind === 'cost') this.store.putCost(this.runId, p.cellKey, p.recordId, p.value as ItemCost);
      else this.store.putOutput(this.runId, p.cellKey, p.recordId, p.value);
    }
  }
}

function paidWrites(key: string, recordId: string, output: unknown, cost: ItemCost): Write[] {
  return [
    { kind: 'input', cellKey: key, recordId, value: output },
    { kind: 'cost', cellKey: key, recordId, value: cost },
  ];
}

/** One queued write: an item measurement, a row of the outputs table (an input or a model's answer), or a cost. */
interface Write {
  kind: 'item' | 'input' | 'cost';
  cellKey: string;
  recordId: string;
  value: unknown;
}

/** A model id names its provider ("openai:gpt-4o"); local instruments do not ("offline-framing", "tfidf"). */
const isLocal = (j: { id: string } | undefined): boolean => j !== undefined && !j.id.includes(':');

/** True when the probe's measurements come from local instruments only (no model request to lose). */
export function offlineOnly(planned: PlannedProbe, judges: ProbeJudges, producerHasModel: boolean): boolean {
  const { probe, options } = planned;
  if ((probe.asksModel || probe.generation) && producerHasModel) return false;
  const needs = probe.needs(options);
  if (needs.includes('llm') && judges.llm) return false;
  return needs.every((k) => k === 'llm' || isLocal((judges as Record<string, { id: string } | undefined>)[k]));
}
