import { describe, it, expect } from 'vitest';
import { fitBradleyTerryTies, type PairCounts } from '../../../src/stats/bradley-terry.js';
import { createRng } from '../../../src/stats/rng.js';
import { kendallTauB } from '../../../src/stats/kendall.js';
import { comparisonGraphConnected, rankSourceCertainty, samplePass1, samplePass2 } from '../../../src/probes/certainty/ranking.js';
import type { OrderedJudgement, PairwiseCertaintyJudge } from '../../../src/judges/certainty/types.js';

/** Draw one Rao–Kupper outcome for (i, j): P(i≻j) = π_i/(π_i+θπ_j), P(j≻i) = π_j/(π_j+θπ_i), rest tie. */
function draw(pi: number, pj: number, theta: number, u: number): 'i' | 'j' | 'tie' {
  const pI = pi / (pi + theta * pj);
  const pJ = pj / (pj + theta * pi);
  return u < pI ? 'i' : u < pI + pJ ? 'j' : 'tie';
}

describe('Bradley–Terry with ties: recovery on simulated comparisons', () => {
  it('recovers known strengths and θ from all-pairs comparisons', () => {
    const rng = createRng(2024);
    const n = 12;
    const theta = 1.6;
    const logPi = Array.from({ length: n }, (_, i) => (i - (n - 1) / 2) * 0.3); // geometric mean 1
    const pi = logPi.map(Math.exp);
    const pairs: PairCounts[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const c: PairCounts = { a: `t${i}`, b: `t${j}`, aWins: 0, bWins: 0, ties: 0 };
        for (let r = 0; r < 400; r++) {
          const o = draw(pi[i]!, pi[j]!, theta, rng());
          if (o === 'i') c.aWins++;
          else if (o === 'j') c.bWins++;
          else c.ties++;
        }
        pairs.push(c);
      }
    }
    const fit = fitBradleyTerryTies(pairs);
    expect(fit.converged).toBe(true);
    expect(fit.theta).toBeGreaterThan(1.5);
    expect(fit.theta).toBeLessThan(1.7);
    for (let i = 0; i < n; i++) expect(Math.abs(Math.log(fit.strength[`t${i}`]!) - logPi[i]!)).toBeLessThan(0.12);
    expect(fit.ranking).toEqual(Array.from({ length: n }, (_, i) => `t${n - 1 - i}`));
  });
});

describe('two-pass sampling', () => {
  it('pass 1 gives every item at least k partners, no self-pairs or duplicates', () => {
    const pairs = samplePass1(30, 4, createRng(1));
    const deg = new Array(30).fill(0);
    const keys = new Set<string>();
    for (const [a, b] of pairs) {
      expect(a).not.toBe(b);
      keys.add(`${Math.min(a, b)},${Math.max(a, b)}`);
      deg[a]++;
      deg[b]++;
    }
    expect(keys.size).toBe(pairs.length);
    expect(Math.min(...deg)).toBeGreaterThanOrEqual(4);
  });
  it('pass 2 draws partners within the rank window', () => {
    const ranking = [5, 3, 9, 0, 1, 2, 4, 6, 7, 8];
    const pos = new Map(ranking.map((id, r) => [id, r]));
    for (const [a, b] of samplePass2(ranking, 2, 2, createRng(3))) expect(Math.abs(pos.get(a)! - pos.get(b)!)).toBeLessThanOrEqual(2);
  });
  it('checks connectivity', () => {
    expect(comparisonGraphConnected(4, [[0, 1], [2, 3]])).toEqual({ connected: false, components: 2 });
    expect(comparisonGraphConnected(4, [[0, 1], [1, 2], [2, 3]])).toEqual({ connected: true, components: 1 });
  });
});

describe('rankSourceCertainty', () => {
  it('recovers a latent certainty order from a noisy, position-biased fake judge', async () => {
    const n = 24;
    const latent = Array.from({ length: n }, (_, i) => i / 4);
    const items = latent.map((_, i) => ({ id: `s${i}`, text: `source ${i}` }));
    const rng = createRng(9);
    const judge: PairwiseCertaintyJudge = {
      id: 'fake',
      version: '1',
      async judgeOrdered(a: string, b: string): Promise<OrderedJudgement> {
        const ia = Number(a.split(' ')[1]);
        const ib = Number(b.split(' ')[1]);
        const o = draw(Math.exp(latent[ia]!), Math.exp(latent[ib]!), 1.5, rng());
        // A mild bias towards Text B when the draw is a tie.
        const score = o === 'i' ? -1 : o === 'j' ? 1 : rng() < 0.2 ? 1 : 0;
        return { score, reasoning: '' };
      },
    };
    const res = await rankSourceCertainty(items, judge, { k1: 6, k2: 3, votes: 3, seed: 5 });
    expect(res.connected).toBe(true);
    expect(res.fit.converged).toBe(true);
    expect(res.pass2Pairs).toBeGreaterThan(0);
    const est = items.map((it) => Math.log(res.lambda[it.id]!));
    expect(kendallTauB(est, latent).tau).toBeGreaterThan(0.7);
  });
});

// Written because mutants of ranking.ts survived: every number of a two-pass ranking with a scripted
// judge, against ranking-reference.py beside this file (python3, numpy and scipy: the sampling redone
// from its description with slant's seeded generator ported, the same scripted judge, Rao–Kupper by
// scipy.optimize; log λ compared to 6 decimals, the optimiser's precision). Each test names what it kills.
const LATENT = [2, 5, 0, 6, 3, 1, 7, 4];
/** Text A = item ia, Text B = item ib, sample v: null = unreadable, < 0 = A more certain (the rule ranking-reference.py uses). */
function scriptedScore(ia: number, ib: number, v: number): number | null {
  const h = (ia * 5 + ib * 3 + v * 7) % 13;
  if (h === 12) return null;
  if (h % 4 === 0) return 0;
  const s = LATENT[ib]! - LATENT[ia]! > 0 ? 1 : -1;
  return h % 5 === 1 ? -s : s;
}
type JudgeOptions = Parameters<PairwiseCertaintyJudge['judgeOrdered']>[2];
function scriptedJudge(rule: (ia: number, ib: number, v: number) => number | null = scriptedScore): { judge: PairwiseCertaintyJudge; calls: JudgeOptions[] } {
  const calls: JudgeOptions[] = [];
  const judge: PairwiseCertaintyJudge = {
    id: 'scripted',
    version: '1',
    async judgeOrdered(a: string, b: string, o?: JudgeOptions): Promise<OrderedJudgement> {
      calls.push(o);
      const score = rule(Number(a.split(' ')[1]), Number(b.split(' ')[1]), o?.sample ?? 0);
      return { score, reasoning: '' } as OrderedJudgement;
    },
  };
  return { judge, calls };
}
const sources = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, text: `source ${i}` }));
const C = (a: string, b: string, aWins: number, bWins: number, ties: number): PairCounts => ({ a, b, aWins, bWins, ties });

describe('rankSourceCertainty against ranking-reference.py', () => {
  it('two passes with a prior, the given temperature and signal: pairs, counts, judgements, λ and ranking (kills the window bounds, the partner counts made Math.max, duplicate pairs judged twice, a pair re-judged in pass 2 starting its counts afresh or turned round, the winner rules, the votes, the prior dropped, the options passed to the judge, the sums of the two passes)', async () => {
    const { judge, calls } = scriptedJudge();
    const signal = new AbortController().signal;
    const res = await rankSourceCertainty(sources(8), judge, { k1: 2, k2: 2, seed: 5, prior: 0.5, temperature: 0.3, signal });
    expect([res.pass1Pairs, res.pass2Pairs, res.judgements, res.invalid]).toEqual([15, 12, 102, 12]);
    expect(res.counts).toEqual([
      C('s0', 's5', 4, 1, 1), C('s0', 's6', 0, 1, 1), C('s1', 's2', 2, 3, 2), C('s1', 's5', 2, 0, 0), C('s0', 's2', 1, 1, 0),
      C('s2', 's5', 2, 2, 1), C('s3', 's6', 2, 3, 3), C('s3', 's4', 4, 2, 2), C('s4', 's7', 0, 1, 1), C('s2', 's4', 1, 5, 2),
      C('s5', 's6', 1, 0, 1), C('s4', 's6', 1, 3, 2), C('s1', 's6', 0, 2, 0), C('s3', 's7', 4, 2, 1), C('s2', 's7', 0, 2, 0),
      C('s6', 's7', 1, 2, 2), C('s0', 's1', 1, 3, 1), C('s0', 's7', 0, 5, 1), C('s1', 's7', 1, 2, 2),
    ]);
    expect(res.ranking).toEqual(['s3', 's7', 's6', 's4', 's1', 's0', 's2', 's5']);
    const logLambda: Record<string, number> = {
      s0: -1.1818280621572264, s1: -0.36149151070383656, s2: -1.2417796949663487, s3: 1.5868292083749518,
      s4: 0.400820458512547, s5: -1.8690858016323764, s6: 1.200012530304852, s7: 1.4665228722674373,
    };
    for (const [id, v] of Object.entries(logLambda)) expect(Math.log(res.lambda[id]!)).toBeCloseTo(v, 6);
    expect([res.connected, res.components]).toEqual([true, 1]);
    // every judgement asked at the given temperature, with its sample index and the signal: pass 1 once
    // per order (sample 0), pass 2 three times per order (samples 0, 1, 2)
    expect(calls.every((o) => Object.keys(o!).sort().join() === 'sample,signal,temperature' && o!.temperature === 0.3 && o!.signal === signal)).toBe(true);
    expect([0, 1, 2].map((v) => calls.filter((o) => o!.sample === v).length)).toEqual([2 * 15 + 2 * 12, 2 * 12, 2 * 12]);
  });

  it('the defaults: k1 = ⌈ln 8⌉ = 3, no pass 2, seed 42, temperature 0.7 and no signal key (kills each default made `&&` or Math.min, the empty pass-2 list and tally given an element or no fields, the signal always set)', async () => {
    const { judge, calls } = scriptedJudge();
    const res = await rankSourceCertainty(sources(8), judge);
    expect([res.pass1Pairs, res.pass2Pairs, res.judgements, res.invalid]).toEqual([21, 0, 42, 5]);
    expect(res.counts).toEqual([
      C('s0', 's5', 1, 0, 0), C('s0', 's4', 0, 1, 0), C('s0', 's7', 0, 1, 1), C('s1', 's5', 2, 0, 0), C('s1', 's3', 1, 1, 0),
      C('s0', 's1', 0, 2, 0), C('s1', 's2', 0, 1, 1), C('s2', 's5', 0, 1, 0), C('s2', 's7', 0, 2, 0), C('s3', 's4', 1, 1, 0),
      C('s2', 's3', 1, 0, 1), C('s3', 's7', 2, 0, 0), C('s4', 's6', 0, 1, 0), C('s2', 's4', 0, 1, 1), C('s1', 's4', 1, 0, 1),
      C('s3', 's5', 0, 0, 2), C('s5', 's6', 1, 0, 1), C('s0', 's6', 0, 1, 1), C('s3', 's6', 0, 1, 1), C('s6', 's7', 0, 1, 0),
      C('s4', 's7', 0, 1, 1),
    ]);
    expect(calls.every((o) => Object.keys(o!).sort().join() === 'sample,temperature' && o!.temperature === 0.7 && o!.sample === 0)).toBe(true);
  });

  it('a k2 of 0 or below asks for no pass 2 (kills `k2 > 0` made `true`, under which a negative k2 reaches sampleWithoutReplacement and throws)', async () => {
    const none = await rankSourceCertainty(sources(6), scriptedJudge().judge, { k1: 2, k2: 0, seed: 4 });
    const negative = await rankSourceCertainty(sources(6), scriptedJudge().judge, { k1: 2, k2: -1, seed: 4 });
    expect(negative.pass2Pairs).toBe(0);
    expect(negative).toEqual(none);
  });

  it('no pass 1 (k1 = 0): pass 2 windows follow the listing order (kills the loop adding the sources the first fit has not seen)', async () => {
    const { judge } = scriptedJudge();
    const res = await rankSourceCertainty(sources(5), judge, { k1: 0, k2: 1, seed: 3 });
    // pass 2 pairs (0, 2), (1, 0), (2, 1), (3, 1), (4, 3), three votes in each order
    expect([res.pass1Pairs, res.pass2Pairs, res.judgements, res.invalid]).toEqual([0, 5, 30, 3]);
    expect(res.counts).toEqual([C('s0', 's2', 2, 2, 2), C('s0', 's1', 1, 3, 1), C('s1', 's2', 2, 2, 1), C('s1', 's3', 2, 2, 1), C('s3', 's4', 3, 1, 2)]);
  });

  it('tied strengths are listed in the given order, not in the order first judged (kills the tie sort removed, its comparator made constant, `&&`, or `+`, and the position map emptied)', async () => {
    const { judge } = scriptedJudge(() => 0);
    const res = await rankSourceCertainty(sources(4), judge, { k1: 1, seed: 2 });
    // pass 1 pairs (0, 3), (1, 0), (2, 0), (3, 1): first judged s0, s3, s1, s2; every answer a tie
    expect(res.counts).toEqual([C('s0', 's3', 0, 0, 2), C('s0', 's1', 0, 0, 2), C('s0', 's2', 0, 0, 2), C('s1', 's3', 0, 0, 2)]);
    expect(res.fit.items).toEqual(['s0', 's3', 's1', 's2']);
    expect(res.ranking).toEqual(['s0', 's1', 's2', 's3']);
    expect(res.fit.ranking).toEqual(['s0', 's1', 's2', 's3']);
  });

  it('pass 1 on its own: the pairs of ranking-reference.py (kills the partner count made Math.max)', () => {
    expect(samplePass1(8, 2, createRng(5))).toEqual([
      [0, 5], [0, 6], [1, 2], [1, 5], [2, 0], [2, 5], [3, 6], [3, 4], [4, 7], [4, 2], [5, 6], [6, 4], [6, 1], [7, 3], [7, 2],
    ]);
  });

  it('refuses bad sizes with messages naming them (kills the checks made false or `<=`, and their messages emptied)', async () => {
    expect(() => samplePass1(4, -1, createRng(1))).toThrow('samplePass1: k must be a non-negative integer, got -1');
    expect(() => samplePass1(4, 1.5, createRng(1))).toThrow('samplePass1: k must be a non-negative integer, got 1.5');
    expect(samplePass1(4, 0, createRng(1))).toEqual([]);
    const { judge } = scriptedJudge();
    await expect(rankSourceCertainty(sources(1), judge)).rejects.toThrow('rankSourceCertainty: need at least 2 items');
    await expect(rankSourceCertainty([{ id: 'x', text: 'source 0' }, { id: 'x', text: 'source 1' }], judge)).rejects.toThrow('rankSourceCertainty: item ids must be unique');
    // two sources are enough
    expect((await rankSourceCertainty(sources(2), judge, { k1: 1 })).pass1Pairs).toBe(1);
  });
});
