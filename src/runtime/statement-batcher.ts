/**
 * Group commit for a network store: calls made while a statement of the same kind is on its way are
 * queued and sent together as the next statement (one round trip, one commit for all of them),
 * so under load many callers share a statement and when calls are rare each is sent at once, no
 * later than alone. Statements of one batcher go one after another, in the order their calls were
 * made; each caller's promise settles when the statement holding its call has committed (or
 * failed: then every call of that statement fails with its error).
 *
 * Written here rather than taken from a library: DataLoader-style loaders batch per event-loop
 * tick (a fixed window), not "while the previous statement is on its way", which is what makes a
 * batch grow exactly when the database is the bottleneck.
 */
export class StatementBatcher<In, Out> {
  private queue: { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void }[] = [];
  private busy = false;

  /** `send` makes one statement of the inputs and returns one output per input, in order. */
  constructor(
    private readonly send: (inputs: In[]) => Promise<Out[]>,
    private readonly maxBatch = 256,
  ) {}

  run(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.busy) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const outs = await this.send(batch.map((b) => b.input));
          batch.forEach((b, i) => b.resolve(outs[i] as Out));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.busy = false;
    }
  }
}

/** PostgreSQL's "deadlock detected": two statements took the same rows in another order; the one aborted changed nothing. */
const DEADLOCK = '40P01';

/** Run `statement` again (up to 3 times) when PostgreSQL aborted it for a deadlock: it changed nothing, so sending it again is safe. */
export async function retryOnDeadlock<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await statement();
    } catch (err) {
      if (attempt >= 3 || (err as { code?: unknown }).code !== DEADLOCK) throw err;
    }
  }
}
