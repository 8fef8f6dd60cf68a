/**
 * The cell a model request is made for (its model and condition), for whoever counts requests
 * per cell: the cost plan (src/pipeline/cost-plan/) and the spend per condition. Set by the executor around a
 * record's generation and its measurement; a probe's preparation over the whole dataset runs
 * outside any cell.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface CellScope {
  /** the model label of the cell (models[].label, else its id) */
  model: string;
  /** the condition's label ('baseline', or the mitigation with its options) */
  condition: string;
}

const scope = new AsyncLocalStorage<CellScope>();

export function inCell<T>(cell: CellScope, work: () => Promise<T>): Promise<T> {
  return scope.run(cell, work);
}

export function currentCell(): CellScope | undefined {
  return scope.getStore();
}
