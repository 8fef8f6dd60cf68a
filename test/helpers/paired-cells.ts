/**
 * Two cells of a run as stored (item values as measurements, costs per record) for the tests of
 * paired effects and costs (src/pipeline/paired-cells.ts): a fresh in-memory SQLite store each.
 */
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import type { ItemCost } from '../../src/runtime/store.js';
import type { CostJson, EffectJson } from '../../src/results/schema.js';
import type { AnyProbe } from '../../src/probes/manifest.js';
import { compareCells } from '../../src/pipeline/paired-cells.js';

/** A probe whose measurements are their item values. */
export const PROBE = {
  name: 'p',
  itemValues: (m: unknown) => m as Record<string, number>,
  itemKinds: { phi_frame: { kind: 'rate' }, coverage: { kind: 'mean', range: [-1, 1] } },
} as unknown as AnyProbe;

export interface CellSpec {
  condition: string;
  rows: Record<string, Record<string, number>>;
  costs: Record<string, ItemCost>;
}

export const comparedCells = (condition: string, rows: Record<string, Record<string, number>>, costs: Record<string, ItemCost> = {}): CellSpec => ({ condition, rows, costs });

/** `cell` compared with `base` (the same spec object: the baseline's own cost row), both stored first. */
export async function compared(cell: CellSpec, base: CellSpec | undefined, probe: AnyProbe = PROBE, pageSize?: number): Promise<{ cost: CostJson; effects: EffectJson[] }> {
  const store = sqliteRunStore(Store.open(':memory:'));
  try {
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    const specs = base === undefined || base === cell ? [cell] : [base, cell];
    const refs = new Map<CellSpec, Parameters<typeof compareCells>[3]>();
    for (const s of specs) {
      const key = `m|d|p|${s.condition}`;
      await store.upsertCell(run.id, { key, model: 'm', probe: 'p', dataset: 'd', condition: s.condition });
      for (const [id, v] of Object.entries(s.rows)) await store.putItem(run.id, key, id, v);
      for (const [id, c] of Object.entries(s.costs)) await store.putCost(run.id, `${key}#out`, id, c);
      refs.set(s, { key, costKey: `${key}#out`, labels: { model: 'm', dataset: 'd', condition: s.condition }, options: {}, metrics: [{ name: 'phi_frame', label: 'φ_frame', value: 0, n: 0, kind: 'rate' }] });
    }
    return await compareCells(store, run.id, probe, refs.get(cell)!, base === undefined ? undefined : refs.get(base), pageSize);
  } finally {
    await store.close();
  }
}

export const effectsOf = async (base: CellSpec, mit: CellSpec): Promise<EffectJson[]> => (await compared(mit, base)).effects;
