import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again: 1.5 times (V8 picks up to 4 times from how fast its collections have been, so
 * the factor varied with the machine's load).
 *
 * A run's live heap stays about 20 MB from its first record to its last, but the records, pages and
 * store writes in flight outlive a young-generation collection or two and are promoted, dead soon
 * after: with V8's own factor a long run's heap filled with them to 55–90 MB between full
 * collections, so its peak memory depended on its length and the load (a 100,000-document run's
 * peak 1.16–1.37 times a 1,000-document run's). At 1.5 the full collections come every second or
 * two instead of every ten, each 5–20 ms over 20 MB: about 1% of the run's CPU.
 */
const HEAP_GROWING_PERCENT = 50;

/** Set the run's heap growth (process-wide: the report thread's heap too). */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
