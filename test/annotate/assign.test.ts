import { describe, expect, it } from 'vitest';
import { assignBalanced, planAssignments, sequenceFor } from '../../src/annotate/assign.js';
import { createRng } from '../../src/stats/rng.js';

const ids = (n: number, p: string) => Array.from({ length: n }, (_, i) => `${p}${i}`);

describe('balanced assignment', () => {
  it.each([
    [20, 7, 5],
    [240, 60, 5],
    [13, 5, 3],
    [5, 5, 5],
  ])('%i items, %i annotators, k = %i: each item k distinct annotators, loads within one', (n, a, k) => {
    const out = assignBalanced(ids(n, 'i'), ids(a, 'a'), k, createRng(1));
    const per = new Map<string, Set<string>>();
    for (const [who, items] of out) {
      expect(new Set(items).size).toBe(items.length);
      for (const it of items) per.set(it, (per.get(it) ?? new Set()).add(who));
    }
    expect(per.size).toBe(n);
    for (const s of per.values()) expect(s.size).toBe(k);
    const loads = [...out.values()].map((x) => x.length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(loads.reduce((x, y) => x + y, 0)).toBe(n * k);
  });

  it('is reproducible from the seed and refuses k above the number of annotators', () => {
    const a = assignBalanced(ids(30, 'i'), ids(8, 'a'), 3, createRng(9));
    const b = assignBalanced(ids(30, 'i'), ids(8, 'a'), 3, createRng(9));
    expect([...a]).toEqual([...b]);
    expect(() => assignBalanced(ids(3, 'i'), ids(2, 'a'), 3, createRng(1))).toThrow(/only 2/);
  });

  it('mixes shared items in, never first, and randomises the A/B order per annotator', () => {
    const rng = createRng(5);
    for (let r = 0; r < 200; r++) {
      const seq = sequenceFor(['x', 'y', 'z'], ['att'], rng);
      expect(seq).toHaveLength(4);
      expect(seq[0]).not.toBe('att');
    }
    const plan = planAssignments({ taskItems: ids(40, 'i'), sharedItems: ['att'], annotators: ids(10, 'a'), k: 5, seed: 3, randomiseOrder: true, fixedOrder: new Set(['att']) });
    const orders = [...plan.originalFirst].filter(([key]) => !key.endsWith('att')).map(([, v]) => v);
    const share = orders.filter(Boolean).length / orders.length;
    expect(orders).toHaveLength(200);
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
    for (const [key, v] of plan.originalFirst) if (key.endsWith('att')) expect(v).toBe(true);
  });
});
