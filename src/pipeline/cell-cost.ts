/**
 * What a condition cost (calls, tokens, wall time), and its ratio to the baseline on the records
 * both measured. Calls served from the request cache count (they are the cost of the strategy)
 * and are counted apart. Wall time is compared only between fresh work: a cached answer takes
 * no time, so the ratio is over the records that neither cell took from the cache, and it is the
 * ratio of the median times per record, so one slow first call (a server loading its model) does
 * not make it. The sums are made as the cells are read (paired-cells.ts).
 */
import type { CostJson } from '../results/schema.js';

/** Costs summed over records. */
export type CostSums = Required<Omit<CostJson, 'labels' | 'relative'>>;

export const emptyCost = (): CostSums => ({ calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 });

function median(xs: ArrayLike<number>): number {
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

const ratio = (a: number, z: number): number | null => (z > 0 ? a / z : null);

/**
 * The ratios of a condition's costs to the baseline's over the records both have a cost for
 * (`mine`, `theirs`), the wall times by the medians of those both computed fresh (`wall`, `baseWall`: one each per such record).
 */
export function costRatios(mine: CostSums, theirs: CostSums, wall: ArrayLike<number>, baseWall: ArrayLike<number>): NonNullable<CostJson['relative']> {
  const wallMs = wall.length === 0 ? null : ratio(median(wall), median(baseWall));
  return { calls: ratio(mine.calls, theirs.calls), inputTokens: ratio(mine.inputTokens, theirs.inputTokens), outputTokens: ratio(mine.outputTokens, theirs.outputTokens), wallMs, wallN: wall.length };
}
