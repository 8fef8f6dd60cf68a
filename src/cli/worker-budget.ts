import { Budget } from '../runtime/budget.js';
import { priceTable } from '../runtime/cost.js';
import type { PgStore } from '../runtime/pg-store.js';
import { PgSharedSpend, storedBudget } from '../pipeline/distributed/shared-budget.js';
import { parseStoredSpec } from './stored-spec.js';

/**
 * A worker's side of a distributed run's budget, when its coordinator set one: the run's limits and
 * the judge calls a record holds ahead, from the store; prices from the run's config (the price
 * table with its `prices:`); every reservation made against the spend all the run's workers share.
 */
export async function workerBudget(store: PgStore, runId: string, configJson: string, warn?: (line: string) => void): Promise<{ budget: Budget; shared: PgSharedSpend } | undefined> {
  const stored = await storedBudget(store, runId);
  if (stored === undefined) return undefined;
  const parsed = await parseStoredSpec(configJson, runId);
  const prices = priceTable(parsed.success && parsed.data.kind === 'run' ? parsed.data.config.prices : undefined);
  const shared = new PgSharedSpend(store, runId);
  return { budget: new Budget(stored.limits, prices, { judgeReserve: stored.judgeReserve, shared, ...(warn !== undefined ? { warn } : {}) }), shared };
}
