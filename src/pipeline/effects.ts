import type { Metric } from '../core/types.js';
import type { EffectJson } from '../results/schema.js';
import type { ItemCost } from '../runtime/store.js';
import { holmAdjust } from '../stats/paired.js';
import { pairedJson } from '../results/paired-effect.js';
import { comparePaired, declaredKind, matchPairs, type ItemValueKind } from '../stats/paired-comparison.js';

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

/**
 * The paired effect of `mitigated` against `baseline` for every item value both report on the same
 * records, by the test and interval of the value's declared kind (stats/paired-comparison.ts: the
 * one comparison every screen uses). The difference is mitigated − baseline.
 */
export function pairedEffects(baseline: CellValues, mitigated: CellValues, probe: { name: string; itemKinds?: Readonly<Record<string, ItemValueKind>> }): EffectJson[] {
  const names = new Set<string>();
  for (const v of baseline.values.values()) for (const k of Object.keys(v)) names.add(k);
  return [...names].map((name) => {
    const { x, y } = matchPairs(baseline.values, mitigated.values, name);
    const label = baseline.metrics.find((m) => m.name === name)?.label ?? name;
    return { labels: mitigated.labels, metric: name, label, ...pairedJson(comparePaired(declaredKind(probe.itemKinds, name, probe.name), x, y)) };
  });
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
