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
