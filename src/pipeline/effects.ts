import type { Metric } from '../core/types.js';
import type { CostJson, EffectJson } from '../results/schema.js';
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

/** Sum of the cell's item costs, and its ratio to the baseline's over the records both have. */
export function cellCost(cell: CellValues, baseline: CellValues | undefined): CostJson {
  const ids = [...cell.values.keys()].filter((id) => cell.costs.has(id));
  const sum = (c: Map<string, ItemCost>, keep: string[]): ItemCost => {
    const s = { calls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 };
    for (const id of keep) {
      const v = c.get(id);
      if (!v) continue;
      s.calls += v.calls;
      s.inputTokens += v.inputTokens;
      s.outputTokens += v.outputTokens;
      s.wallMs += v.wallMs;
    }
    return s;
  };
  const own = sum(cell.costs, ids);
  let relative: CostJson['relative'] = null;
  if (baseline) {
    const paired = ids.filter((id) => baseline.costs.has(id));
    if (paired.length > 0) {
      const m = sum(cell.costs, paired);
      const b = sum(baseline.costs, paired);
      const ratio = (a: number, z: number): number | null => (z > 0 ? a / z : null);
      relative = { calls: ratio(m.calls, b.calls), inputTokens: ratio(m.inputTokens, b.inputTokens), outputTokens: ratio(m.outputTokens, b.outputTokens), wallMs: ratio(m.wallMs, b.wallMs) };
    }
  }
  return { labels: cell.labels, ...own, relative };
}

function nullable(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}
