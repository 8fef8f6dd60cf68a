/**
 * Item views' marks made while a run measures (src/probes/item-marks.ts): each stored measurement
 * whose detail the report may embed is offered here (src/pipeline/items-ahead.ts), its source ×
 * output pair is cut and mapped in the report thread, on another core, and the pipeline stores
 * the marks beside the item. The report's end then reads them with the texts (store-items.ts)
 * instead of computing them: that was most of a run's end.
 *
 * Which items: a report embeds the details of up to EMBEDDED_DETAILS items, changed items first,
 * each kind taken in each cell's stored order (write.ts); so an item can be embedded only if it
 * is among its cell's first EMBEDDED_DETAILS items or its first EMBEDDED_DETAILS changed ones.
 * Only those are made: at most twice EMBEDDED_DETAILS pairs per cell, however large the run (a
 * framing and a primacy item of one record share their pair, made once). Without the report
 * thread nothing is made here (the report makes what it needs at the end, as before), and work
 * the thread has not caught up with when measuring ends is dropped the same way.
 */
import type { AheadItem, AheadRow, ItemsAhead } from '../../pipeline/items-ahead.js';
import { pairMarksKey, type PairSpec } from '../../probes/item-marks.js';
import { reportThread } from '../report-thread.js';
import { itemPair, itemSummary } from './registry.js';

/** Items whose texts go into a report file (the rest are listed by their scores; `slant view` has them all). */
export const EMBEDDED_DETAILS = 400;

/** Pairs sent to the thread and not answered yet, at most (each holds its two texts there): beyond, an offer is left to the report. */
const MAX_SENT = 512;
/** Pairs remembered as made, so a record's items of several probes make theirs once. */
const MAX_RECENT = 4096;
/** Pairs whose keys are remembered (a record's items are measured together). */
const RECENT_KEYS = 8;

export class ItemMarksAhead implements ItemsAhead {
  /** per cell: items offered, changed items offered */
  private readonly seen = new Map<string, { all: number; changed: number }>();
  private readonly recent = new Set<string>();
  /** pairs sent and not answered */
  private sent = 0;
  /** the last pairs hashed, a ring */
  private readonly keys: { spec: PairSpec; key: string }[] = [];
  private nextKey = 0;

  offer(item: AheadItem): Promise<AheadRow[]> | undefined {
    const thread = reportThread();
    if (thread === undefined) return undefined;
    const input = { probe: item.probe, labels: item.labels, recordId: item.recordId, measurement: item.measurement, options: item.options, fields: item.fields };
    const counts = this.seen.get(item.cellKey) ?? { all: 0, changed: 0 };
    this.seen.set(item.cellKey, counts);
    const first = counts.all++ < EMBEDDED_DETAILS;
    const changed = itemSummary(input).tags.includes('changed') && counts.changed++ < EMBEDDED_DETAILS;
    if (!first && !changed) return undefined;
    const spec = itemPair(input);
    if (spec === undefined || this.sent >= MAX_SENT) return undefined;
    const key = this.keyOf(spec);
    const once = `${key}\u0000${item.recordId}`;
    if (this.recent.has(once)) return undefined;
    if (this.recent.size >= MAX_RECENT) this.recent.clear();
    this.recent.add(once);
    // sent at once, one pair a message: the thread works through them while this thread measures
    // (which reads the answers only when measuring lets its event loop turn)
    this.sent++;
    return thread
      .call({ kind: 'marks', pairs: [spec], epoch: thread.marksEpoch() })
      .then(
        ([marks]) => (marks === undefined || marks === null ? [] : [{ key, value: marks }]),
        () => [],
      )
      .finally(() => this.sent--);
  }

  /** The pair's key (a hash of its texts): a record's items of several probes ask for the same pair one after another, hashed once. */
  private keyOf(spec: PairSpec): string {
    for (const k of this.keys) if (k.spec.source === spec.source && k.spec.output === spec.output && k.spec.unit === spec.unit && k.spec.topK === spec.topK) return k.key;
    const key = pairMarksKey(spec);
    this.keys[this.nextKey] = { spec, key };
    this.nextKey = (this.nextKey + 1) % RECENT_KEYS;
    return key;
  }

  drop(): void {
    reportThread()?.dropMarks();
  }
}
