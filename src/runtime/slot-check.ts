import { asyncSlot } from './async-slot.js';

/**
 * "Has someone answered this meanwhile?" — asked by the Scheduler each time a request gets a
 * slot it waited for (in the queue, or after a back-off), just before it would be sent. The
 * request cache sets it around a computation (so provider code needs no change): a request that
 * waited in the queue while another process (or run) stored the same answer is then served from
 * the store instead of being sent again.
 */
type SlotCheck = () => { value: unknown } | undefined;

const current = asyncSlot<SlotCheck>('slot check');

/** Run `fn` with `check` asked whenever a request inside it gets a scheduler slot. */
export function withSlotCheck<T>(check: SlotCheck, fn: () => Promise<T>): Promise<T> {
  return current.run(check, fn);
}

/** Thrown by the Scheduler (instead of sending) when the slot check found the answer. */
export class AnsweredWhileQueued extends Error {
  constructor(readonly value: unknown) {
    super('the answer was stored while the request waited for a slot');
    this.name = 'AnsweredWhileQueued';
  }
}

/** The answer found by the current slot check, if any (called by the Scheduler with a slot held). */
export function answeredMeanwhile(): { value: unknown } | undefined {
  return current.get()?.();
}
