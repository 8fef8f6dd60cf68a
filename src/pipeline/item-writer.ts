import type { RunStore } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import type { ProbeJudges } from '../probes/types.js';
import type { PlannedProbe } from './execute.js';

/**
 * Item measurements written behind, a batch per transaction (`maxItems` items or `maxDelayMs`,
 * whichever comes first), instead of one commit each; `flush()` at the end of every dataset.
 *
 * Only measurements made by offline instruments alone go through it (`offlineOnly`): a probe that
 * neither generates nor asks a model, whose judges are all local (the offline framing judge, the
 * TF-IDF embedder, ...). Such a measurement is recomputed from what is already committed — the
 * output it measures is stored at once (outputs are never written behind) and recomputing it sends
 * no request — so a kill -9 loses at most one batch of free work and never a paid answer.
 * Measurements that involved a model are committed at once, as before.
 */
export class ItemWriter {
  private pending: { cellKey: string; recordId: string; measurement: unknown }[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** a write behind that failed (a timer's flush): reported by the next put or flush */
  private failed: unknown;

  private readonly store: RunStore;

  constructor(
    store: AnyStore,
    private readonly runId: string,
    private readonly opts: { maxItems: number; maxDelayMs: number } = { maxItems: 64, maxDelayMs: 200 },
  ) {
    this.store = asRunStore(store);
  }

  /** Store a measurement: at once when `deferrable` is false, else in the next batch. */
  async put(cellKey: string, recordId: string, measurement: unknown, deferrable: boolean): Promise<void> {
    this.throwFailed();
    if (!deferrable) {
      await this.store.putItem(this.runId, cellKey, recordId, measurement);
      return;
    }
    this.pending.push({ cellKey, recordId, measurement });
    if (this.pending.length >= this.opts.maxItems) await this.flush();
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

  /** flush(), when another error is already on its way: a failure here is dropped (those measurements are recomputed on resume, for free). */
  async flushQuietly(): Promise<void> {
    try {
      await this.flush();
    } catch {
      // the caller reports its own error; see the class comment for why nothing paid is lost
    }
  }

  /** Commit every pending measurement in one transaction. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.throwFailed();
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    await this.store.putItems(this.runId, batch);
  }
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
