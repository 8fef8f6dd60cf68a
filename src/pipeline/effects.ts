import type { Metric } from '../core/types.js';
import type { EffectJson } from '../results/schema.js';
import type { ItemCost } from '../runtime/store.js';
import { bootstrapMeanInterval } from '../stats/bootstrap.js';
import { mean } from '../stats/mean.js';
import { holmAdjust, mcnemarExact, newcombePairedInterval, pairedCounts } from '../stats/paired.js';
import { pairedTTest } from '../stats/ttest.js';

/** One cell's item values (Probe.itemValues) by record id, with its metrics' labels. */
export interface CellValues {
  labels: Record<string, string>;
  condition: string;
  values: Map<string, Record<string, number>>;
  metrics: Metric[];
  costs: Map<string, ItemCost>;
  /** the records measured in this cell (costs are summed over these) */
  recordIds: readonly string[];
}

const finite = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The paired effect of `mitigated` against `baseline` for every headline metric both report on
 * the same records: a rate (every value 0 or 1) by McNemar's exact test with Newcombe's paired
 * score interval; a mean by the paired t-test with a percentile bootstrap interval of the paired
 * differences (2,000 resamples, seed 42). The difference is mitigated − baseline.
 */
export function pairedEffects(baseline: CellValues, mitigated: CellValues): EffectJson[] {
  const names = new Set<string>();
  for (const v of baseline.values.values()) for (const k of Object.keys(v)) names.add(k);
  const out: EffectJson[] = [];
  for (const name of names) {
    const x: number[] = [];
    const y: number[] = [];
    for (const [id, b] of baseline.values) {
      const m = mitigated.values.get(id);
      if (m && finite(b[name]) && finite(m[name])) {
        x.push(b[name]);
        y.push(m[name]);
      }
    }
    const label = baseline.metrics.find((m) => m.name === name)?.label ?? name;
    const effect: EffectJson = { labels: mitigated.labels, metric: name, label, baseline: null, mitigated: null, difference: null, n: x.length };
    if (x.length > 0) {
      effect.baseline = mean(x);
      effect.mitigated = mean(y);
      effect.difference = effect.mitigated - effect.baseline;
      const binary = [...x, ...y].every((v) => v === 0 || v === 1);
      if (binary) {
        const t = pairedCounts(x, y);
        effect.ci = newcombePairedInterval(t);
        const test = mcnemarExact(t.b, t.c);
        effect.test = { name: test.name, statistic: test.statistic, pValue: test.pValue, alternative: 'two-sided', ...(test.df !== undefined ? { df: test.df } : {}) };
      } else {
        const d = y.map((v, i) => v - (x[i] as number));
        effect.ci = { ...bootstrapMeanInterval(d), method: 'bootstrap-percentile (paired differences, B = 2000, seed 42)' };
        if (d.length >= 2) {
          const t = pairedTTest(y, x);
          effect.test = { name: 'paired t-test (mitigated vs baseline, two-sided)', statistic: nullable(t.statistic), df: t.df, pValue: nullable(t.pValue), alternative: 'two-sided' };
        }
      }
    }
    out.push(effect);
  }
  return out;
}

/** Holm's adjustment across all tests of a probe's effects, written beside each raw p-value. */
export function addHolm(effects: EffectJson[]): void {
  const withP = effects.filter((e) => e.test && e.test.pValue !== null);
  const adjusted = holmAdjust(withP.map((e) => e.test!.pValue as number));
  withP.forEach((e, i) => (e.pHolm = nullable(adjusted[i] as number)));
}

function nullable(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}
