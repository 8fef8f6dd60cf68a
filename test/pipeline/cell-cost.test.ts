/**
 * What a condition cost: calls (fresh and from the cache), tokens, wall time, and ratios to the
 * baseline; wall time compared only between records both conditions computed fresh, by medians.
 */
import { describe, expect, it } from 'vitest';
import type { ItemCost } from '../../src/runtime/store.js';
import { compared, comparedCells, type CellSpec } from '../helpers/paired-cells.js';

/** A cell whose records each have an item (without values) and these costs. */
const cell = (condition: string, costs: Record<string, ItemCost>): CellSpec => comparedCells(condition, Object.fromEntries(Object.keys(costs).map((id) => [id, {}])), costs);
const cellCost = async (mine: CellSpec, base: CellSpec | undefined) => (await compared(mine, base)).cost;
const labels = (condition: string) => ({ model: 'm', dataset: 'd', condition });
const c = (calls: number, inputTokens: number, outputTokens: number, wallMs: number, cachedCalls?: number): ItemCost => ({ calls, inputTokens, outputTokens, wallMs, ...(cachedCalls ? { cachedCalls } : {}) });

describe('cost of a condition', async () => {
  it('totals of the cell and ratios to the baseline on the records both have', async () => {
    const base = cell('baseline', { r1: c(1, 100, 10, 5), r2: c(1, 100, 10, 5) });
    const mit = cell('ps', { r1: c(4, 300, 40, 20), r2: c(4, 300, 40, 20) });
    expect(await cellCost(mit, base)).toEqual({ labels: labels('ps'), calls: 8, cachedCalls: 0, inputTokens: 600, outputTokens: 80, wallMs: 40, relative: { calls: 4, inputTokens: 3, outputTokens: 4, wallMs: 4, wallN: 2 } });
    const free = cell('baseline', { r1: c(1, 0, 0, 0) });
    expect((await cellCost(cell('x', { r1: c(4, 0, 0, 1) }), free)).relative).toEqual({ calls: 4, inputTokens: null, outputTokens: null, wallMs: null, wallN: 1 });
  });

  it('a probe without per-item values (position) still sums its records: requests made are never 0 calls', async () => {
    const base = cell('baseline', { r1: c(1, 120, 30, 900), r2: c(1, 80, 20, 700) });
    expect(await cellCost(base, undefined)).toMatchObject({ calls: 2, inputTokens: 200, outputTokens: 50, wallMs: 1600 });
  });

  it('wall time: only records both computed fresh, median against median (a cached baseline or one model load does not make the ratio)', async () => {
    // r1: the baseline came from the cache (0.4 ms): left out of the wall ratio, its calls still counted
    // r2: the baseline's first call loaded the model (60 s)
    const base = cell('baseline', { r1: c(1, 100, 10, 0.4, 1), r2: c(1, 100, 10, 60_000), r3: c(1, 100, 10, 1_000), r4: c(1, 100, 10, 1_200) });
    const mit = cell('self-debias', { r1: c(1, 100, 10, 2_000), r2: c(1, 100, 10, 2_100), r3: c(1, 100, 10, 2_000), r4: c(1, 100, 10, 2_400) });
    const cost = await cellCost(mit, base);
    expect(cost.cachedCalls).toBe(0);
    expect((await cellCost(base, undefined)).cachedCalls).toBe(1);
    // fresh pairs r2, r3, r4: medians 2,100 / 1,200 = 1.75 (sums would give 6,500 / 62,200 = 0.10)
    expect(cost.relative?.wallN).toBe(3);
    expect(cost.relative?.wallMs).toBeCloseTo(2_100 / 1_200, 12);
    // nothing fresh on both sides: no wall ratio, printed as "—"
    const cachedAll = cell('x', { r1: c(1, 100, 10, 0.3, 1) });
    expect((await cellCost(cachedAll, cell('baseline', { r1: c(1, 100, 10, 900) }))).relative).toMatchObject({ wallMs: null, wallN: 0 });
  });
});
