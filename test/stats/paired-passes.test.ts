import { describe, expect, it } from 'vitest';
import { comparePaired, type ItemValueKind } from '../../src/stats/paired-comparison.js';
import { PairedPasses, PairsChanged } from '../../src/stats/paired-passes.js';
import { createRng } from '../../src/stats/rng.js';

/** The comparison read in as many passes as it asks for, each over the same pairs. */
function inPasses(spec: ItemValueKind, x: readonly number[], y: readonly number[]): { result: ReturnType<PairedPasses['compare']>; passes: number } {
  const p = new PairedPasses(spec);
  let passes = 0;
  do {
    passes++;
    for (let i = 0; i < x.length; i++) p.add(x[i] as number, y[i] as number);
  } while (p.another());
  return { result: p.compare(), passes };
}

describe('PairedPasses', () => {
  // made when the first test runs, not while the file is collected
  let draw: (() => number) | undefined;
  const rng = (): number => (draw ??= createRng(7))();
  // large, offset values: mean()'s correction pass and variance()'s compensation change the last digits here
  const offset = (n: number, at: number, spread: number): number[] => Array.from({ length: n }, () => at + spread * (rng() - 0.5));

  it('gives a mean comparison digit for digit as comparePaired over the columns, in three passes', () => {
    for (const [n, at, spread] of [
      [2, 0, 1],
      [3, 0.5, 0.3],
      [10, 1e6, 1e-3],
      [1000, 123456.789, 0.01],
      [4099, -0.2, 2],
    ] as const) {
      const x = offset(n, at, spread);
      const y = offset(n, at + spread / 10, spread);
      for (const spec of [{ kind: 'mean' }, { kind: 'count' }, { kind: 'mean', range: [-1, 1] }] as ItemValueKind[]) {
        const { result, passes } = inPasses(spec, x, y);
        expect(passes).toBe(3);
        expect(result).toEqual(comparePaired(spec, x, y));
      }
    }
  });

  it('nearly equal differences far from 0: the variance keeps its compensation term, digit for digit', () => {
    // differences 1e8 + a few ulps: the residuals' sum after the mean's two passes is one ulp, not 0,
    // so the compensated variance (ss − comp²/n) differs in its last digits from ss ± anything else
    const y = [100000000.00000004, 100000000.00000003, 100000000, 100000000.00000003];
    const x = [0, 0, 0, 0];
    const { result } = inPasses({ kind: 'mean' }, x, y);
    expect(result).toEqual(comparePaired({ kind: 'mean' }, x, y));
  });
  it('needs two passes for one pair (no variance) and one for none', () => {
    expect(inPasses({ kind: 'mean' }, [0.25], [0.75])).toEqual({ result: comparePaired({ kind: 'mean' }, [0.25], [0.75]), passes: 2 });
    expect(inPasses({ kind: 'mean' }, [0.25], [0.75]).result).toMatchObject({ n: 1, baseline: 0.25, other: 0.75, difference: 0.5 });
    expect(inPasses({ kind: 'mean' }, [], [])).toEqual({ result: { kind: 'mean', n: 0, baseline: null, other: null, difference: null }, passes: 1 });
  });

  it('equal differences: the degenerate interval, no test, as over the columns', () => {
    const x = [0.25, 0.5, 1, 0.125];
    const y = x.map((v) => v + 0.5);
    const { result } = inPasses({ kind: 'mean' }, x, y);
    expect(result).toEqual(comparePaired({ kind: 'mean' }, x, y));
    expect(result.test).toBeUndefined();
  });

  it('clips the interval to the declared range, as over the columns', () => {
    const x = [-1, -1, 1, -1, 1];
    const y = [1, 1, -1, 1, 1];
    const spec: ItemValueKind = { kind: 'mean', range: [-1, 1] };
    const { result } = inPasses(spec, x, y);
    expect(result.ci?.method).toBe('paired t, within [-2, 2]');
    expect(result).toEqual(comparePaired(spec, x, y));
  });

  it('a rate: its counts in one pass, the same comparison; a value other than 0 or 1 refused as comparePaired refuses it', () => {
    const x = Array.from({ length: 200 }, () => (rng() < 0.4 ? 1 : 0));
    const y = Array.from({ length: 200 }, () => (rng() < 0.6 ? 1 : 0));
    expect(inPasses({ kind: 'rate' }, x, y)).toEqual({ result: comparePaired({ kind: 'rate' }, x, y), passes: 1 });
    expect(inPasses({ kind: 'rate' }, [], []).result).toEqual(comparePaired({ kind: 'rate' }, [], []));
    for (const [bx, by] of [
      [[0, 1, 0.5], [1, 2, 0]],
      [[0, 1, 1], [1, 2, 0]],
      [[0, 3, 0.5], [1, 1, 0]],
    ]) {
      expect(() => inPasses({ kind: 'rate' }, bx as number[], by as number[])).toThrow((() => {
        try {
          comparePaired({ kind: 'rate' }, bx as number[], by as number[]);
        } catch (err) {
          return (err as Error).message;
        }
        return 'no error';
      })());
    }
  });

  it('refuses a later pass that saw a different number of pairs (the items changed between passes)', () => {
    for (const pass of [1, 2]) {
      const p = new PairedPasses({ kind: 'mean' });
      for (let k = 0; k < pass; k++) {
        p.add(1, 2);
        p.add(2, 4);
        p.add(3, 3);
        expect(p.another()).toBe(true);
      }
      p.add(1, 2);
      p.add(2, 4);
      expect(() => p.another()).toThrow(PairsChanged);
      expect(() => p.another()).toThrow("a pass over the pairs saw 2 pairs, the first 3");
    }
  });
});
