/**
 * A paired comparison (stats/paired-comparison.ts) as results carry it and as every screen shows
 * it: the run's effects, `slant compare`, the viewer's compare page and the exports all print a
 * contrast through effectStat, so the same comparison reads the same to the last digit.
 */
import type { PairedComparison } from '../stats/paired-comparison.js';
import type { Stat } from './presentation.js';
import type { EffectJson } from './schema.js';

/** The numbers of a paired comparison: other − baseline, its interval and test (undefined numbers as null). */
export type PairedJson = Pick<EffectJson, 'kind' | 'baseline' | 'mitigated' | 'difference' | 'n' | 'ci' | 'test' | 'pHolm'>;

const nullable = (v: number): number | null => (Number.isFinite(v) ? v : null);

export function pairedJson(c: PairedComparison): PairedJson {
  const out: PairedJson = { kind: c.kind, baseline: c.baseline, mitigated: c.other, difference: c.difference, n: c.n };
  if (c.ci) out.ci = c.ci;
  if (c.test) out.test = { name: c.test.name, statistic: nullable(c.test.statistic), ...(c.test.df !== undefined ? { df: nullable(c.test.df) } : {}), pValue: nullable(c.test.pValue), alternative: 'two-sided' };
  return out;
}

/**
 * The difference as a Stat cell: signed, a rate's in percentage points, with its interval, its
 * test's p-value and (in a run's effects) Holm's adjusted one. `kind` is for effects stored before
 * effects carried their kind.
 */
export function effectStat(e: PairedJson | undefined, kind?: Stat['kind']): Stat | null {
  if (!e) return null;
  const k = e.kind ?? kind;
  const s: Stat = { value: e.difference, n: e.n, difference: true, ...(e.ci ? { ci: e.ci } : {}), ...(k ? { kind: k } : {}) };
  if (e.test) {
    s.p = e.test.pValue;
    if (e.pHolm !== undefined) s.pHolm = e.pHolm;
  }
  return s;
}
