import type { BegunCostPlan, CostPlan } from '../pipeline/cost-plan/estimate.js';

/**
 * The cost plan of a run that needs it only in its results (no budget holds its judge calls, no
 * question asks to go on): its dry pass is made while the run waits on its models, so the first
 * request is not held back by it. The pass begins once the run's first answer is back (its other
 * requests are out), one pretend answer per turn of the event loop, so answers arriving meanwhile
 * are read between its steps; the results wait for it. It is made once: the store's copy was taken
 * before the run began, so it counts what a plan made before the run counts.
 */
export class PlanDuringRun {
  private readonly abort = new AbortController();
  private readonly plan: Promise<CostPlan | undefined>;
  private begin!: (turns: boolean) => void;

  /** `note`: said when the plan cannot be made (the run goes on; its results show no estimate) */
  constructor(begun: BegunCostPlan, note: (err: unknown) => void) {
    const begins = new Promise<boolean>((resolve) => {
      this.begin = resolve;
    });
    // chained here, where the run has not begun: the pass runs outside the run's async context
    // (its cell, its send fence), as a plan made before the run did
    this.plan = begins.then(
      (turns) => (this.abort.signal.aborted ? begun.dispose().then(() => undefined) : begun.make({ turns, signal: this.abort.signal })),
    ).catch((err: unknown) => {
      // a pass stopped with its run says nothing: the run's own error is what matters
      if (!this.abort.signal.aborted) note(err);
      return undefined;
    });
  }

  /** The run waits on its models: the dry pass begins, a step per turn. */
  readonly onWaiting = (): void => this.begin(true);

  /** The plan, for the results (begun now, at full pace, if the run never waited on a model). */
  result(): Promise<CostPlan | undefined> {
    this.begin(false);
    return this.plan;
  }

  /** The run ended without its results (failed, stopped): the pass stops, the copy goes. */
  async dispose(): Promise<void> {
    this.abort.abort();
    this.begin(false);
    await this.plan;
  }
}
