/**
 * The cell a model request is made for (its model and condition), for whoever counts requests
 * per cell: the cost plan (src/pipeline/cost-plan/) and the spend per condition. Set by the executor around a
 * record's generation and its measurement; a probe's preparation over the whole dataset runs
 * outside any cell.
 *
 * Around one record of one model under test (its generations and measurements in every cell) the
 * executor also sets the item: the budget holds the judge calls the record will still need in a
 * cell when it pays for its first request there, and gives back what they did not use when the
 * record ends.
 */
import { asyncSlot } from './async-slot.js';

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
  /** the id of the model under test: requests to other models are the record's judge calls */
  generator?: string;
  /** called once when the record ends (measured, recorded as invalid, stopped or failed) */
  readonly onEnd: (() => void)[];
}

const scope = asyncSlot<Partial<CellScope>>('cell');

/** Run `work` for this cell (inside a record's scope, the record stays). */
export function inCell<T>(cell: { model: string; condition: string }, work: () => Promise<T>): Promise<T> {
  const item = scope.get()?.item;
  return scope.run({ ...cell, ...(item !== undefined ? { item } : {}) }, work);
}

/** Run `work` for one record of one model under test (its cells inside). */
export async function inItem<T>(item: { record: string; generator?: string }, work: () => Promise<T>): Promise<T> {
  const it: ItemScope = { ...item, onEnd: [] };
  try {
    return await scope.run({ item: it }, work);
  } finally {
    for (const end of it.onEnd.splice(0)) end();
  }
}

/** The cell of the request being made (undefined outside any cell). */
export function currentCell(): CellScope | undefined {
  const s = scope.get();
  return s?.model !== undefined && s.condition !== undefined ? (s as CellScope) : undefined;
}
