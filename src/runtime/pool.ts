/**
 * Run `fn` over an async iterable with at most `concurrency` calls in flight, pulling items only
 * as slots free up (so a streamed 1 GB file is never buffered whole). Stops pulling when `signal`
 * aborts; calls already started are awaited. The first error stops the pool and is rethrown
 * after in-flight calls settle. (p-limit queues every item eagerly, which defeats streaming.)
 */
export async function runPool<T>(
  items: AsyncIterable<T> | Iterable<T>,
  concurrency: number,
  fn: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  for await (const item of items) {
    if (signal?.aborted || failure) break;
    const p: Promise<void> = fn(item).then(
      () => {
        inFlight.delete(p);
      },
      (error: unknown) => {
        inFlight.delete(p);
        failure ??= { error };
      },
    );
    inFlight.add(p);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure) throw failure.error;
}
