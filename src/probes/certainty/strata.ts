/**
 * Source-certainty strata (Belem et al., §4.2 and App. D.2): rank the source texts by certainty and
 * split 25/50/25 into low / medium / high. The outer groups get ⌈N/4⌉ items each (at most ⌊N/2⌋),
 * the middle the rest — for SPICED's N = 397 that is the paper's 100 / 197 / 100.
 * Values equal to 10 significant digits are ties (an iterative fit's rounding noise is no
 * difference); among tied values an item given earlier counts as the more certain, so a list in
 * rank order (most certain first, as a ranking lists tied sources) keeps its order. Tied values may
 * straddle a stratum boundary: strataTieWarning says so, and a fully tied set gets strata by its
 * listing order alone.
 */
import { tieKey } from '../../stats/bradley-terry.js';

export type Stratum = 'low' | 'medium' | 'high';
export const STRATA: readonly Stratum[] = ['low', 'medium', 'high'] as const;

export function stratumSizes(n: number): { low: number; medium: number; high: number } {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`stratumSizes: n must be a non-negative integer, got ${n}`);
  const k = Math.min(Math.ceil(n / 4), Math.floor(n / 2));
  return { low: k, medium: n - 2 * k, high: k };
}

/** Strata for numeric certainty values (higher = more certain), in input order. */
export function assignStrata(values: readonly number[]): Stratum[] {
  const order = ascending(values);
  const { low, medium } = stratumSizes(values.length);
  const out = new Array<Stratum>(values.length);
  order.forEach(({ i }, rank) => {
    out[i] = rank < low ? 'low' : rank < low + medium ? 'medium' : 'high';
  });
  return out;
}

/** Least certain first; among ties the item given later first (it counts as the less certain). */
function ascending(values: readonly number[]): { v: number; i: number }[] {
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`assignStrata: value ${i} is not a finite number (${v})`);
  });
  return values.map((v, i) => ({ v: tieKey(v), i })).sort((a, b) => a.v - b.v || b.i - a.i);
}

/**
 * Why some strata rest on the listing order rather than on certainty, or undefined: every value
 * tied (the ranking orders nothing), or tied values split across a stratum boundary.
 */
export function strataTieWarning(values: readonly number[], what = 'sources'): string | undefined {
  const n = values.length;
  if (n < 2) return undefined;
  const order = ascending(values);
  if (order[0]!.v === order[n - 1]!.v) return `all ${n} ${what} are tied (equal certainty): the ranking orders nothing, and their strata follow the listing order (earlier = more certain)`;
  const { low, medium } = stratumSizes(n);
  const split = [
    [low, 'low/medium'],
    [low + medium, 'medium/high'],
  ] as const;
  const where = split.filter(([b]) => b > 0 && b < n && order[b - 1]!.v === order[b]!.v).map(([b, name]) => `${order.filter((o) => o.v === order[b]!.v).length} tied at ${order[b]!.v} across the ${name} boundary`);
  return where.length ? `${where.join('; ')}: which side each falls on follows the listing order (earlier = more certain), not a difference in certainty` : undefined;
}
