import { asyncSlot } from './async-slot.js';

/**
 * "May this process still send requests for this run?" — asked by the Scheduler each time a
 * request gets a free slot, just before it is sent (after the slot check). The run lease sets it
 * around a run (src/pipeline/run.ts), so provider code needs no change: a process that stalled
 * (stopped, swapped out, suspended) long enough for another process to take its run over learns
 * so here, and stops, instead of paying for requests the new holder sends too.
 *
 * A fence answers undefined (the lease was confirmed recently: send) or a promise that resolves
 * once the lease is confirmed in the store, or rejects (the lease is lost: do not send).
 */
type SendFence = () => Promise<void> | undefined;

const current = asyncSlot<SendFence>('send fence');

/** Run `fn` with `fence` asked before every request sent inside it. */
export function withSendFence<T>(fence: SendFence, fn: () => Promise<T>): Promise<T> {
  return current.run(fence, fn);
}

/** The current fence's verdict (called by the Scheduler with a slot held). */
export function beforeSend(): Promise<void> | undefined {
  return current.get()?.();
}
