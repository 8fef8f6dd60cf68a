import { Gate } from '../runtime/gate.js';

/**
 * The run's model calls (a record's generation under its condition, or a probe's questions to the
 * model): at most `concurrency` in flight at once. `onWaiting` is called once, when the run first
 * waits on its models (every call slot taken, or the first answer back), after the turn's requests
 * are written: the CLI loads what it needs at the end of the run in that idle time.
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
    if (this.onWaiting !== undefined) {
      if (this.gate.inFlight >= this.gate.limit) this.waiting();
      else void answer.then(this.waiting, this.waiting);
    }
    return answer;
  }

  private readonly waiting = (): void => {
    const f = this.onWaiting;
    this.onWaiting = undefined;
    // after this turn's requests are written
    if (f) setImmediate(f);
  };
}
