import { Gate } from '../runtime/gate.js';

/**
 * The run's model calls (a record's generation under its condition, or a probe's questions to the
 * model): at most `concurrency` in flight at once. `onWaiting` is called once, after the turn in
 * which the first answer (or failure) came back: the CLI loads what it needs at the end of the run
 * then, while the other requests are out. Every slot taken is no sign of that: the first calls wait
 * on the HTTP client's loading and the provider's preflight check before any request is written,
 * and the work done then held the first request back.
 */
export class ModelCalls {
  private readonly gate: Gate;
  private onWaiting: (() => void) | undefined;

  constructor(concurrency: number, onWaiting?: () => void) {
    this.gate = new Gate(concurrency);
    this.onWaiting = onWaiting;
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    const answer = this.gate.run(call);
    if (this.onWaiting !== undefined) void answer.then(this.waiting, this.waiting);
    return answer;
  }

  private readonly waiting = (): void => {
    const f = this.onWaiting;
    this.onWaiting = undefined;
    // after this turn's answers are read and their slots' requests written
    if (f) setImmediate(f);
  };
}
