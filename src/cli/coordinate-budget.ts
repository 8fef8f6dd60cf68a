import type { ExecutionOutcome } from '../pipeline/execute.js';
import { dropSharedBudget, openSharedBudget, PgSharedSpend } from '../pipeline/distributed/shared-budget.js';
import type { Budget, JudgeReserve } from '../runtime/budget.js';
import type { PgStore } from '../runtime/pg-store.js';
import type { RunStore } from '../runtime/run-store.js';

/**
 * A distributed run's coordinator and its budget: before the units go out, the run's limits (and
 * what a record holds ahead for its judge calls) are written for the workers, whose requests
 * reserve against the spend they share; a run without a budget clears one an earlier invocation
 * set. When the units are done (or the budget stopped them), this process's budget takes the
 * run's totals over every worker, for results.json and the exit.
 */
export async function coordinateWithBudget(store: RunStore, runId: string, budget: Budget | undefined, judgeReserve: JudgeReserve | undefined, coordinate: () => Promise<ExecutionOutcome>): Promise<ExecutionOutcome> {
  // a SQLite store is refused by the coordinator itself, with the reason
  if (store.kind !== 'postgres') return coordinate();
  const pg = store as PgStore;
  if (budget === undefined) {
    await dropSharedBudget(pg, runId);
    return coordinate();
  }
  await openSharedBudget(pg, runId, { limits: budget.limits, judgeReserve: judgeReserve ?? {}, spentBefore: budget.spentByModel() });
  const outcome = await coordinate();
  budget.adopt(await new PgSharedSpend(pg, runId).totals());
  return outcome;
}
