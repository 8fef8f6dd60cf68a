/**
 * Source-certainty strata (Belem et al., §4.2 and App. D.2): rank the source texts by certainty and
 * split 25/50/25 into low / medium / high. The outer groups get ⌈N/4⌉ items each (at most ⌊N/2⌋),
 * the middle the rest — for SPICED's N = 397 that is the paper's 100 / 197 / 100.
 * Ties in certainty are broken by the given order (stable sort), so equal values may straddle a
 * boundary; pass Bradley–Terry strengths to make ties unlikely.
 */
export type Stratum = 'low' | 'medium' | 'high';
export const STRATA: readonly Stratum[] = ['low', 'medium', 'high'] as const;

export function stratumSizes(n: number): { low: number; medium: number; high: number } {
  if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`stratumSizes: n must be a non-negative integer, got ${n}`);
  const k = Math.min(Math.ceil(n / 4), Math.floor(n / 2));
  return { low: k, medium: n - 2 * k, high: k };
}

/** Strata for numeric certainty values (higher = more certain), in input order. */
export function assignStrata(values: readonly number[]): Stratum[] {
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`assignStrata: value ${i} is not a finite number (${v})`);
  });
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v || a.i - b.i);
  const { low, medium } = stratumSizes(values.length);
  const out = new Array<Stratum>(values.length);
  order.forEach(({ i }, rank) => {
    out[i] = rank < low ? 'low' : rank < low + medium ? 'medium' : 'high';
  });
  return out;
}
