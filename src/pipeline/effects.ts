import type { EffectJson } from '../results/schema.js';
import { holmAdjust } from '../stats/paired.js';

/** Holm's adjustment across all tests of a probe's effects, written beside each raw p-value. */
export function addHolm(effects: EffectJson[]): void {
  const withP = effects.filter((e) => e.test && e.test.pValue !== null);
  const adjusted = holmAdjust(withP.map((e) => e.test!.pValue as number));
  withP.forEach((e, i) => (e.pHolm = nullable(adjusted[i] as number)));
}

function nullable(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}
