/**
 * What a condition cost (calls, tokens, wall time), and its ratio to the baseline on the records
 * both measured. Calls served from the request cache count (they are the cost of the strategy)
 * and are counted apart. Wall time is compared only between fresh work: a cached answer takes
 * no time, so the ratio is over the records that neither cell took from the cache, and it is the
 * ratio of the median times per record, so one slow first call (a server loading its model) does
 * not make it.
 */
import type { CostJson } from '../results/schema.js';
import type { ItemCost } from '../runtime/store.js';
import type { CellValues } from './effects.js';

const emptyCost = (): Required<ItemCost> => ({ calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 });

function sum(costs: Map<string, ItemCost>, ids: readonly string[]): Required<ItemCost> {
  const s = emptyCost();
  for (const id of ids) {
    const v = costs.get(id);
    if (!v) continue;
    s.calls += v.calls;
    s.cachedCalls += v.cachedCalls ?? 0;
    s.inputTokens += v.inputTokens;
    s.outputTokens += v.outputTokens;
    s.wallMs += v.wallMs;
  }
  return s;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const fresh = (c: ItemCost | undefined): c is ItemCost => c !== undefined && c.calls > 0 && (c.cachedCalls ?? 0) === 0;
const ratio = (a: number, z: number): number | null => (z > 0 ? a / z : null);

export function cellCost(cell: CellValues, baseline: CellValues | undefined): CostJson {
  const ids = cell.recordIds.filter((id) => cell.costs.has(id));
  const own = sum(cell.costs, ids);
  let relative: CostJson['relative'] = null;
  if (baseline) {
    const paired = ids.filter((id) => baseline.costs.has(id));
    if (paired.length > 0) {
      const m = sum(cell.costs, paired);
      const b = sum(baseline.costs, paired);
      const both = paired.filter((id) => fresh(cell.costs.get(id)) && fresh(baseline.costs.get(id)));
      const wall = both.length === 0 ? null : ratio(median(both.map((id) => cell.costs.get(id)!.wallMs)), median(both.map((id) => baseline.costs.get(id)!.wallMs)));
      relative = { calls: ratio(m.calls, b.calls), inputTokens: ratio(m.inputTokens, b.inputTokens), outputTokens: ratio(m.outputTokens, b.outputTokens), wallMs: wall, wallN: both.length };
    }
  }
  return { labels: cell.labels, ...own, relative };
}
