/**
 * Before the first paid call of a run that has no budget: when its plan may cost more than the
 * threshold (budget.confirmAbove, default $1), the plan's summary is printed and the run asks to
 * go on. Only on a terminal (stdin and stderr); never when --yes, --json or --quiet is given, nor
 * when the run has a budget (the budget is the user's answer).
 */
import { createInterface } from 'node:readline/promises';
import type { CostPlan } from '../pipeline/cost-plan/estimate.js';
import { usd } from '../report/money.js';
import { planSummary } from './plan-output.js';

export const DEFAULT_CONFIRM_ABOVE_USD = 1;

/** The most the plan says the run may cost (its upper price; the lower one when the output has no bound). */
export const planCeiling = (plan: CostPlan): number => plan.totals.price.high ?? plan.totals.price.low;

export function needsConfirmation(plan: CostPlan, threshold: number): boolean {
  return planCeiling(plan) > threshold || (plan.totals.price.high === null && plan.totals.price.low > 0 && threshold === 0);
}

/** Ask on `input`/`output`; true to go on. */
export async function askToGoOn(plan: CostPlan, threshold: number, io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream }): Promise<boolean> {
  io.output.write(`plan: ${planSummary(plan)}\n`);
  io.output.write(`this run may cost more than ${usd(threshold)} (budget.confirmAbove). Set a budget (budget: in slant.yaml, --max-cost) or pass --yes to skip this question.\n`);
  const rl = createInterface({ input: io.input, output: io.output, terminal: false });
  try {
    const answer = await rl.question('start the run? [y/N] ');
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    rl.close();
  }
}
