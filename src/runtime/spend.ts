/**
 * What a run spent per model and condition (the cell a request was made for: src/runtime/cell-scope.ts),
 * fresh and cached requests apart, priced from the price table: results.json's `spend`, the
 * terminal's cost table and the progress line.
 */
import type { LanguageModel } from '../models/types.js';
import { wrapLanguageModel } from '../models/wrap.js';
import { stepwiseInputTokens, stepwiseOutputTokens } from '../models/stepwise.js';
import { currentCell } from './cell-scope.js';
import { costOf, resolvePrice, type PriceTable } from './cost.js';
import { UsageTracker, type ModelUsage } from './usage.js';

/** Requests made outside any cell (a probe's preparation over the whole dataset). */
const NO_CELL = '(preparation)';
const SEP = '\u0000';

interface SpendRow extends ModelUsage {
  model: string;
  condition: string;
  /** USD of the fresh requests; null: the model has no price */
  cost: number | null;
}

/** Usage per model and condition. */
export class SpendByCondition {
  readonly usage = new UsageTracker();

  wrap(model: LanguageModel): LanguageModel {
    const key = (): string => `${model.id}${SEP}${currentCell()?.condition ?? NO_CELL}`;
    return wrapLanguageModel(model, {
      generate: async (next, req) => {
        const r = await next(req);
        this.usage.record(key(), r);
        return r;
      },
      stepwise: async (next, o) => {
        const r = await next(o);
        this.usage.record(key(), { cached: r.cached === true, usage: { inputTokens: stepwiseInputTokens(r.usage), outputTokens: stepwiseOutputTokens(r.usage) } });
        return r;
      },
    });
  }

  /** Usage counted elsewhere (a distributed run's workers), per condition and model. */
  add(byCondition: Record<string, Record<string, ModelUsage>>): void {
    for (const [condition, byModel] of Object.entries(byCondition)) this.usage.add(Object.fromEntries(Object.entries(byModel).map(([model, u]) => [`${model}${SEP}${condition}`, u])));
  }

  rows(table: PriceTable, batchModels: ReadonlySet<string> = new Set()): SpendRow[] {
    return Object.entries(this.usage.byModel())
      .map(([k, u]) => {
        const [model = '', condition = ''] = k.split(SEP);
        const price = resolvePrice(model, table);
        return { model, condition, ...u, cost: price === undefined ? null : costOf(u, price, { batch: batchModels.has(model) }) };
      })
      .sort((a, b) => a.model.localeCompare(b.model) || a.condition.localeCompare(b.condition));
  }
}
