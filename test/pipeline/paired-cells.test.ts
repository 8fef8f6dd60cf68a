/**
 * A condition's cell read beside its baseline's a page at a time gives the numbers of comparing
 * the cells' item values held whole and matched by record id (matchPairs, comparePaired), and the
 * cost sums and ratios made over the same records in the same order.
 */
import { describe, expect, it } from 'vitest';
import { comparePaired, declaredKind, matchPairs } from '../../src/stats/paired-comparison.js';
import { pairedJson } from '../../src/results/paired-effect.js';
import { createRng } from '../../src/stats/rng.js';
import type { ItemCost } from '../../src/runtime/store.js';
import { compared, comparedCells, PROBE, type CellSpec } from '../helpers/paired-cells.js';

const KINDS = { phi_frame: { kind: 'rate' }, coverage: { kind: 'mean', range: [-1, 1] } } as const;

/** The effects as computed from whole maps of item values (what aggregation did before it read by pages). */
function reference(base: CellSpec, mit: CellSpec): unknown[] {
  const b = new Map(Object.entries(base.rows));
  const m = new Map(Object.entries(mit.rows));
  const names = new Set<string>();
  for (const id of [...b.keys()].sort()) for (const k of Object.keys(b.get(id)!)) names.add(k);
  return [...names].map((name) => {
    const { x, y } = matchPairs(b, m, name);
    return { labels: { model: 'm', dataset: 'd', condition: mit.condition }, metric: name, label: name === 'phi_frame' ? 'φ_frame' : name, ...pairedJson(comparePaired(declaredKind(KINDS, name, 'p'), x, y)) };
  });
}

/** The cost row as summed from whole maps of costs over the cell's records in id order. */
function referenceCost(mine: CellSpec, base: CellSpec | undefined): unknown {
  const ids = Object.keys(mine.rows).sort().filter((id) => mine.costs[id] !== undefined);
  const sum = (costs: Record<string, ItemCost>, over: string[]) => {
    const s = { calls: 0, cachedCalls: 0, inputTokens: 0, outputTokens: 0, wallMs: 0 };
    for (const id of over) {
      const v = costs[id]!;
      s.calls += v.calls;
      s.cachedCalls += v.cachedCalls ?? 0;
      s.inputTokens += v.inputTokens;
      s.outputTokens += v.outputTokens;
      s.wallMs += v.wallMs;
    }
    return s;
  };
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const k = s.length >> 1;
    return s.length % 2 === 1 ? s[k]! : (s[k - 1]! + s[k]!) / 2;
  };
  const ratio = (a: number, z: number) => (z > 0 ? a / z : null);
  let relative = null;
  const paired = base ? ids.filter((id) => base.costs[id] !== undefined) : [];
  if (base && paired.length > 0) {
    const m = sum(mine.costs, paired);
    const b = sum(base.costs, paired);
    const fresh = (c: ItemCost) => c.calls > 0 && (c.cachedCalls ?? 0) === 0;
    const both = paired.filter((id) => fresh(mine.costs[id]!) && fresh(base.costs[id]!));
    const wall = both.length === 0 ? null : ratio(median(both.map((id) => mine.costs[id]!.wallMs)), median(both.map((id) => base.costs[id]!.wallMs)));
    relative = { calls: ratio(m.calls, b.calls), inputTokens: ratio(m.inputTokens, b.inputTokens), outputTokens: ratio(m.outputTokens, b.outputTokens), wallMs: wall, wallN: both.length };
  }
  return { labels: { model: 'm', dataset: 'd', condition: mine.condition }, ...sum(mine.costs, ids), relative };
}

function randomCell(condition: string, seed: number, ids: string[]): CellSpec {
  const rng = createRng(seed);
  const rows: CellSpec['rows'] = {};
  const costs: CellSpec['costs'] = {};
  for (const id of ids) {
    if (rng() < 0.1) continue;
    const v: Record<string, number> = {};
    if (rng() < 0.9) v.phi_frame = rng() < 0.4 ? 1 : 0;
    if (rng() < 0.9) v.coverage = rng() < 0.05 ? Number.NaN : rng() * 2 - 1;
    rows[id] = v;
    if (rng() < 0.9) costs[id] = { calls: 1 + Math.floor(rng() * 3), inputTokens: Math.floor(rng() * 500), outputTokens: Math.floor(rng() * 90), wallMs: rng() * 1000, ...(rng() < 0.2 ? { cachedCalls: 1 } : {}) };
  }
  // a cost without an item: counted for neither side
  costs['zz-no-item'] = { calls: 9, inputTokens: 9, outputTokens: 9, wallMs: 9 };
  return { condition, rows, costs };
}

describe('a cell compared with its baseline, page by page', () => {
  const ids = Array.from({ length: 60 }, (_, i) => `r${i}`);

  it('gives the effects and costs of the whole-map comparison, whatever the page size', async () => {
    const base = randomCell('baseline', 1, ids);
    const mit = randomCell('sa', 2, ids);
    const want = reference(base, mit);
    expect(want.length).toBe(2);
    for (const page of [1, 7, 4096]) {
      const got = await compared(mit, base, PROBE, page);
      expect(got.effects).toEqual(want);
      expect(got.cost).toEqual(referenceCost(mit, base));
    }
    // the baseline's own row: its costs against themselves, no effects
    const own = await compared(base, base, PROBE, 7);
    expect(own.effects).toEqual([]);
    expect(own.cost).toEqual(referenceCost(base, base));
    expect((await compared(mit, undefined, PROBE, 7)).cost).toEqual(referenceCost(mit, undefined));
  });

  it('ids the store orders otherwise than JavaScript (above U+FFFF beside U+E000–U+FFFF) are read whole and sorted: the same numbers', async () => {
    const odd = [...ids.slice(0, 20), '\u{1F600}a', '\uFF21b', '\u{1F601}', '\uE000'];
    const base = randomCell('baseline', 3, odd);
    const mit = randomCell('sa', 4, odd);
    base.rows['\u{1F600}a'] = { phi_frame: 1, coverage: 0.5 };
    mit.rows['\u{1F600}a'] = { phi_frame: 0, coverage: -0.25 };
    base.rows['\uFF21b'] = { phi_frame: 0, coverage: 0.1 };
    mit.rows['\uFF21b'] = { phi_frame: 1, coverage: 0.3 };
    const got = await compared(mit, base, PROBE, 3);
    expect(got.effects).toEqual(reference(base, mit));
    expect(got.cost).toEqual(referenceCost(mit, base));
  });

  it('a rate value other than 0 or 1 is refused as comparePaired refuses it, the baseline\'s first', async () => {
    const base = comparedCells('baseline', { r1: { phi_frame: 1 }, r2: { phi_frame: 0 }, r3: { phi_frame: 2 } });
    const mit = comparedCells('sa', { r1: { phi_frame: 0.5 }, r2: { phi_frame: 1 }, r3: { phi_frame: 1 } });
    await expect(compared(mit, base)).rejects.toThrow("comparePaired: a rate's item values must be 0 or 1, the baseline has 2 at pair 3");
    mit.rows.r3 = { phi_frame: 3 };
    base.rows.r3 = { phi_frame: 1 };
    await expect(compared(mit, base)).rejects.toThrow("comparePaired: a rate's item values must be 0 or 1, the other has 0.5 at pair 1");
  });
});
