/**
 * The cell a model request is made for (its model and condition), for whoever counts requests
 * per cell: the cost plan (src/pipeline/cost-plan/) and the spend per condition. Set by the executor around a
 * record's generation and its measurement; a probe's preparation over the whole dataset runs
 * outside any cell.
 *
 * Around one record of one cell (its generation and its measurement) the executor also sets the
 * item: the budget reserves the judge calls the item will still need when it pays for the item's
 * generation, and gives back what they did not use when the item ends.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface CellScope {
  /** the model label of the cell (models[].label, else its id) */
  model: string;
  /** the condition's label ('baseline', or the mitigation with its options) */
  condition: string;
  item?: ItemScope;
}

export interface ItemScope {
  /** the record's id */
  record: string;
  /** the id of the cell's model under test: requests to other models are the item's judge calls */
  generator?: string;
  /** called once when the item ends (measured, recorded as invalid, stopped or failed) */
  readonly onEnd: (() => void)[];
}

const scope = new AsyncLocalStorage<CellScope>();

/** Run `work` for this cell; inside an item of the same cell, the item stays. */
export function inCell<T>(cell: { model: string; condition: string }, work: () => Promise<T>): Promise<T> {
  const outer = scope.getStore();
  const item = outer?.item !== undefined && outer.model === cell.model && outer.condition === cell.condition ? { item: outer.item } : {};
  return scope.run({ ...cell, ...item }, work);
}

/** Run `work` for one record of one cell (its generation and its measurement). */
export async function inItem<T>(cell: { model: string; condition: string }, item: { record: string; generator?: string }, work: () => Promise<T>): Promise<T> {
  const it: ItemScope = { ...item, onEnd: [] };
  try {
    return await scope.run({ ...cell, item: it }, work);
  } finally {
    for (const end of it.onEnd.splice(0)) end();
  }
}

export function currentCell(): CellScope | undefined {
  return scope.getStore();
}
