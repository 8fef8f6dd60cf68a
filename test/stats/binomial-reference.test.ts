import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { binomialDraw, multinomialCounts } from '../../src/stats/binomial.js';
import { createRng } from '../../src/stats/rng.js';

// The draws a seed gives are part of binomial.ts's contract (docs/testing.md): the same seed gives
// the same intervals from one version to the next. These tests pin them against an independent
// implementation, test/stats/binomial-reference.py (BTRS written from Hörmann 1993 with ln k! from
// math.lgamma, the waiting-time method from Devroye 1986, slant's seeded generator ported to
// Python), which wrote test/stats/binomial-reference.json (`python3 test/stats/binomial-reference.py`).
// The distribution tests in binomial.test.ts cannot see a change that keeps the distribution (a
// shortcut, the squeeze) or moves it by less than 20,000 draws show (a term of Stirling's series);
// a draw-for-draw comparison, and single BTRS steps placed just either side of the acceptance
// bound, can.

type Branches = Record<string, number>;
interface Reference {
  seeded: { n: number; p: number; seed: number; draws: number[]; uniforms: number; branches: Branches }[];
  interleaved: { seed: number; calls: [number, number][]; draws: number[]; uniforms: number };
  multinomial: { n: number; weights: number[]; seed: number; counts: number[][]; uniforms: number }[];
  bound: { n: number; p: number; k: number; side: 'under' | 'over'; uniforms: number[]; draw: number; used: number; logBound: number }[];
  other: { name: string; n: number; p: number; uniforms: number[]; draw: number; used: number }[];
}
const reference = JSON.parse(readFileSync(new URL('./binomial-reference.json', import.meta.url), 'utf8')) as Reference;

/** A generator that counts the uniforms it hands out. */
function counting(next: () => number): { rng: () => number; used: () => number } {
  let used = 0;
  return {
    rng: () => {
      used++;
      return next();
    },
    used: () => used,
  };
}

/** The given uniforms in order; asking for one more is an error (a draw that reads past them is wrong). */
function fixed(values: readonly number[]): { rng: () => number; used: () => number } {
  let i = 0;
  return counting(() => {
    if (i >= values.length) throw new Error(`asked for uniform ${i + 1} of ${values.length}`);
    return values[i++] as number;
  });
}

describe('binomialDraw gives the reference draws for a seed (binomial-reference.py)', () => {
  for (const c of reference.seeded) {
    const used = Object.entries(c.branches)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    it(`n = ${c.n}, p = ${c.p}, seed ${c.seed}: ${c.draws.length} draws from ${c.uniforms} uniforms (${used})`, () => {
      const g = counting(createRng(c.seed));
      const draws = c.draws.map(() => binomialDraw(c.n, c.p, g.rng));
      expect(draws).toEqual(c.draws);
      expect(g.used()).toBe(c.uniforms);
    });
  }

  it('n = 0, p = 0 and p = 1 use no uniform: draws after them from the same generator are unchanged', () => {
    const { seed, calls, draws, uniforms } = reference.interleaved;
    const g = counting(createRng(seed));
    expect(calls.map(([n, p]) => binomialDraw(n, p, g.rng))).toEqual(draws);
    expect(g.used()).toBe(uniforms);
  });

  it('the seeded cases reach every branch: both methods, the flip, the squeeze, the bound either side of k = 10, out-of-range proposals, a success on the last trial', () => {
    const total: Branches = {};
    for (const c of reference.seeded) for (const [k, v] of Object.entries(c.branches)) total[k] = (total[k] ?? 0) + v;
    for (const branch of ['waiting-time draws', 'a success on the last trial', 'p > ½ flips', 'squeeze accepts', 'bound accepts', 'bound accepts at k < 10 or n − k < 10', 'bound rejects', 'out-of-range rejects']) {
      expect(total[branch], branch).toBeGreaterThan(0);
    }
  });
});

describe('multinomialCounts gives the reference counts for a seed', () => {
  for (const c of reference.multinomial) {
    it(`n = ${c.n}, weights [${c.weights.join(', ')}], seed ${c.seed}: ${c.counts.length} rounds from ${c.uniforms} uniforms`, () => {
      const g = counting(createRng(c.seed));
      expect(c.counts.map(() => multinomialCounts(c.n, c.weights, g.rng))).toEqual(c.counts);
      expect(g.used()).toBe(c.uniforms);
    });
  }
});

describe('one BTRS step either side of the exact acceptance bound', () => {
  // The first uniform proposes k; the second is e^(∓1e-9) times the one that lands on the bound
  // ln f(k)/f(m), computed with lgamma. Under it, k is accepted; over it, the pair is rejected and
  // the next pair (u = ½, v = 0.01) is accepted by the squeeze at ⌊n·p + ½⌋. A slip in any term of
  // the bound or of the hat, or in Stirling's series or table, moves the bound by far more.
  for (const c of reference.bound) {
    const verdict = c.side === 'under' ? `accepted (${c.k})` : `rejected, then ${c.draw}`;
    it(`n = ${c.n}, p = ${c.p}, k = ${c.k} (ln bound ${c.logBound.toFixed(4)}): just ${c.side} the bound is ${verdict}`, () => {
      const g = fixed(c.uniforms);
      expect(binomialDraw(c.n, c.p, g.rng)).toBe(c.draw);
      expect(g.used()).toBe(c.used);
    });
  }

  it('the cases cover k = 0 and k = n, the tabled tail (k < 10) and the series (k ≥ 10), and both sides', () => {
    const ks = new Set(reference.bound.map((c) => `${c.n}:${c.k}`));
    expect(ks.has('20:0') && ks.has('20:20') && ks.has('100:0')).toBe(true);
    expect(reference.bound.filter((c) => c.k < 10).length).toBeGreaterThan(10);
    expect(reference.bound.filter((c) => c.k >= 10 && c.n - c.k >= 10).length).toBeGreaterThan(10);
    expect(reference.bound.filter((c) => c.side === 'under').every((c) => c.draw === c.k && c.used === 2)).toBe(true);
    expect(reference.bound.filter((c) => c.side === 'over').every((c) => c.used === 4)).toBe(true);
  });
});

describe('fixed uniforms on the edges of both methods', () => {
  for (const c of reference.other) {
    it(`${c.name} (n = ${c.n}, p = ${c.p}: ${c.draw} from ${c.used} uniforms)`, () => {
      const g = fixed(c.uniforms);
      expect(binomialDraw(c.n, c.p, g.rng)).toBe(c.draw);
      expect(g.used()).toBe(c.used);
    });
  }
});
