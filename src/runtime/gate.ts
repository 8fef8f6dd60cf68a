/**
 * At most `limit` calls of `run` in flight at once; the others wait in FIFO order, and a freed
 * place goes to the first waiter in the same microtask. The pipeline's `concurrency` is this gate
 * around model calls (src/pipeline/execute.ts); written here because it is a dozen lines and the
 * well-kept alternatives (p-limit, p-queue) are not dependencies of slant.
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`gate limit must be a positive integer, got ${limit}`);
  }

  /** calls in flight now */
  get inFlight(): number {
    return this.active;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      // hand the place straight to the next waiter (active stays the same), else free it
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
