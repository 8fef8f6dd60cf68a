/**
 * Long synchronous work that Ctrl-C and SIGTERM can still stop.
 *
 * Node delivers a signal to its listeners only when the event loop turns, so while a probe scores
 * a record of several megabytes in one synchronous call (VADER over every sentence, a TF-IDF fit,
 * an edit distance) a listener never runs and the signal waits until the work is done: minutes
 * for the largest records. Around such work the listeners are taken off, so the signal has the
 * operating system's default effect and ends the process at once. That is safe because measuring
 * happens after everything paid for is committed (answers are stored before they are measured),
 * so stopping there loses only local work a resumed run redoes for free, as after `kill -9`.
 * The listeners are put back, in order, as soon as the work returns or throws.
 */

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** texts shorter than this are scored in well under a second: not worth two system calls */
export const STOPPABLE_MIN_CHARS = 256 * 1024;

let depth = 0;

/** Take the SIGINT/SIGTERM listeners off; the function returned puts them back, in order. */
function detachSignals(): () => void {
  const held = SIGNALS.map((s) => [s, process.rawListeners(s) as ((...args: unknown[]) => void)[]] as const);
  for (const [s] of held) process.removeAllListeners(s);
  depth++;
  return () => {
    depth--;
    for (const [s, ls] of held) for (const l of ls) process.on(s, l);
  };
}

/**
 * Run `work` with SIGINT and SIGTERM at their default effect (the process ends) when `size`
 * (characters of text the work reads) is at least STOPPABLE_MIN_CHARS; otherwise just run it.
 */
export function stoppableSync<T>(size: number, work: () => T): T {
  if (size < STOPPABLE_MIN_CHARS || depth > 0) return work();
  const restore = detachSignals();
  try {
    return work();
  } finally {
    restore();
  }
}

/**
 * Let a signal caught while JavaScript was busy reach its listener: two turns of the event loop,
 * so that a poll phase (where Node reads caught signals) comes between. A signal caught but not
 * yet handed to its listener is lost when the listeners are taken off, so the async entries below
 * settle first.
 */
export async function settleSignals(): Promise<void> {
  await new Promise<void>((r) => setImmediate(r));
  await new Promise<void>((r) => setImmediate(r));
}

/**
 * stoppableSync for async callers: signals caught before are handed to their listeners first
 * (settleSignals), and work already cancelled by them (`signal`) does not start.
 */
export async function stoppable<T>(size: number, work: () => T, signal?: AbortSignal): Promise<T> {
  if (size >= STOPPABLE_MIN_CHARS && depth === 0) {
    await settleSignals();
    signal?.throwIfAborted();
  }
  return stoppableSync(size, work);
}

/**
 * Run async `work` with SIGINT and SIGTERM at their default effect throughout, for a stage whose
 * every step can be redone for free (a run's aggregation and report, once its items are stored):
 * its synchronous stretches are many and uneven, and stopping at once is always right there.
 */
export async function stoppableStage<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (depth > 0) return work();
  await settleSignals();
  signal?.throwIfAborted();
  const restore = detachSignals();
  try {
    return await work();
  } finally {
    restore();
  }
}

/** The characters of every text in the list (the size stoppableSync is given). */
export const charsOf = (texts: readonly string[]): number => texts.reduce((n, t) => n + t.length, 0);
