import { describe, expect, it } from 'vitest';
import { fitBradleyTerryTies, type PairCounts } from '../../src/stats/bradley-terry.js';

// Four items, counts (a wins, b wins, ties). Reference: the Rao–Kupper likelihood written directly
// from the paper's probabilities (P(i≻j) = π_i/(π_i+θπ_j), P(tie) = (θ²−1)π_iπ_j/((π_i+θπ_j)(θπ_i+π_j)))
// and maximised with scipy.optimize.minimize(BFGS, gtol 1e-10) over log π and log(θ − 1):
//   π = {A: 2.72888088468929, B: 0.7900527490034783, C: 0.6354181021805227, D: 0.7299611541009086}
//   (geometric mean 1), θ = 1.6173367203143143, log-likelihood −57.58826980038867.
// Without ties (same wins, ties dropped), standard Bradley–Terry:
//   π = {A: 3.4909147229956194, B: 0.7308385722898971, C: 0.5492885387442361, D: 0.7135735805751088},
//   log-likelihood −27.452012683735944.
const pairs: PairCounts[] = [
  { a: 'A', b: 'B', aWins: 6, bWins: 2, ties: 2 },
  { a: 'B', b: 'C', aWins: 5, bWins: 3, ties: 2 },
  { a: 'A', b: 'C', aWins: 7, bWins: 1, ties: 2 },
  { a: 'C', b: 'D', aWins: 4, bWins: 4, ties: 3 },
  { a: 'A', b: 'D', aWins: 8, bWins: 1, ties: 1 },
  { a: 'B', b: 'D', aWins: 3, bWins: 5, ties: 2 },
];

describe('fitBradleyTerryTies', () => {
  it('matches a direct numerical maximisation of the Rao–Kupper likelihood', () => {
    const fit = fitBradleyTerryTies(pairs);
    expect(fit.converged).toBe(true);
    expect(fit.theta).toBeCloseTo(1.6173367203143143, 6);
    expect(fit.strength.A).toBeCloseTo(2.72888088468929, 6);
    expect(fit.strength.B).toBeCloseTo(0.7900527490034783, 6);
    expect(fit.strength.C).toBeCloseTo(0.6354181021805227, 6);
    expect(fit.strength.D).toBeCloseTo(0.7299611541009086, 6);
    expect(fit.lambda.A).toBeCloseTo(2.72888088468929 ** 2, 5);
    expect(fit.logLikelihood).toBeCloseTo(-57.58826980038867, 8);
    expect(fit.ranking).toEqual(['A', 'B', 'D', 'C']);
    expect(fit.items).toEqual(['A', 'B', 'C', 'D']);
  });

  it('without ties reduces to standard Bradley–Terry with θ = 1', () => {
    const fit = fitBradleyTerryTies(pairs.map((p) => ({ ...p, ties: 0 })));
    expect(fit.theta).toBe(1);
    expect(fit.strength.A).toBeCloseTo(3.4909147229956194, 6);
    expect(fit.strength.C).toBeCloseTo(0.5492885387442361, 6);
    expect(fit.logLikelihood).toBeCloseTo(-27.452012683735944, 8);
  });

  it('pools repeated pairs in either orientation', () => {
    const split: PairCounts[] = [
      ...pairs.slice(1),
      { a: 'A', b: 'B', aWins: 4, bWins: 1, ties: 1 },
      { a: 'B', b: 'A', aWins: 1, bWins: 2, ties: 1 },
    ];
    const fit = fitBradleyTerryTies(split);
    expect(fit.strength.A).toBeCloseTo(2.72888088468929, 6);
    expect(fit.theta).toBeCloseTo(1.6173367203143143, 6);
  });

  it('reports non-convergence when an item never loses or never wins, and a prior fixes it', () => {
    // A never loses: its MLE strength is infinite (the likelihood keeps rising as π_A grows).
    const bad: PairCounts[] = [
      { a: 'A', b: 'B', aWins: 3, bWins: 0, ties: 0 },
      { a: 'B', b: 'C', aWins: 2, bWins: 1, ties: 0 },
      { a: 'A', b: 'C', aWins: 2, bWins: 0, ties: 0 },
    ];
    const fit = fitBradleyTerryTies(bad, { maxIterations: 500 });
    expect(fit.converged).toBe(false);
    // B never wins or ties: strength 0.
    const zero = fitBradleyTerryTies([{ a: 'A', b: 'B', aWins: 3, bWins: 0, ties: 0 }]);
    expect(zero.strength.B).toBe(0);
    expect(zero.converged).toBe(false);
    const reg = fitBradleyTerryTies(bad, { prior: 0.5 });
    expect(reg.converged).toBe(true);
    expect(reg.ranking[0]).toBe('A');
  });

  it('reports a disconnected comparison graph as such, never as converged', () => {
    // two components {a, b} and {c, d}, each well determined on its own (wins both ways)
    const fit = fitBradleyTerryTies([
      { a: 'a', b: 'b', aWins: 3, bWins: 1, ties: 0 },
      { a: 'c', b: 'd', aWins: 1, bWins: 2, ties: 0 },
    ]);
    expect(fit.converged).toBe(false);
    expect(fit.components).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    // within a component the MLE holds: π_a/π_b = 3, π_d/π_c = 2, each scaled to a geometric mean of 1
    expect(fit.strength.a! / fit.strength.b!).toBeCloseTo(3, 6);
    expect(fit.strength.a! * fit.strength.b!).toBeCloseTo(1, 6);
    expect(fit.strength.d! / fit.strength.c!).toBeCloseTo(2, 6);
    expect(fit.strength.c! * fit.strength.d!).toBeCloseTo(1, 6);
    // joined by one more pair, the same data is one component and converges
    const joined = fitBradleyTerryTies([
      { a: 'a', b: 'b', aWins: 3, bWins: 1, ties: 0 },
      { a: 'c', b: 'd', aWins: 1, bWins: 2, ties: 0 },
      { a: 'b', b: 'c', aWins: 1, bWins: 1, ties: 0 },
    ]);
    expect(joined.components).toHaveLength(1);
    expect(joined.converged).toBe(true);
  });

  it('rejects malformed pairs and handles no data', () => {
    expect(() => fitBradleyTerryTies([{ a: 'x', b: 'x', aWins: 1, bWins: 0, ties: 0 }])).toThrow(/itself/);
    expect(() => fitBradleyTerryTies([{ a: 'x', b: 'y', aWins: -1, bWins: 0, ties: 0 }])).toThrow(/aWins/);
    expect(fitBradleyTerryTies([])).toMatchObject({ items: [], ranking: [], converged: true });
  });
});

// Mutation-found gap: the prior's virtual ties could be subtracted instead of added (the prior test
// checked only convergence and the top item). Reference: the Rao–Kupper log-likelihood of the
// counts plus 0.5 virtual ties per compared pair, maximised directly with
// scipy.optimize.minimize(method='BFGS') over log π (geometric mean 1) and log(θ − 1).
describe('Bradley–Terry with ties and a prior against a direct maximum-likelihood fit', () => {
  it('gives scipy\'s strengths, θ and log-likelihood', () => {
    const fit = fitBradleyTerryTies(
      [
        { a: 'A', b: 'B', aWins: 3, bWins: 0, ties: 1 },
        { a: 'B', b: 'C', aWins: 2, bWins: 1, ties: 0 },
        { a: 'A', b: 'C', aWins: 4, bWins: 0, ties: 0 },
        { a: 'C', b: 'D', aWins: 1, bWins: 2, ties: 1 },
        { a: 'B', b: 'D', aWins: 0, bWins: 3, ties: 0 },
      ],
      { prior: 0.5, maxIterations: 100_000 },
    );
    expect(fit.converged).toBe(true);
    expect(fit.strength.A).toBeCloseTo(3.4574843133321522, 6);
    expect(fit.strength.B).toBeCloseTo(0.4735800721113032, 6);
    expect(fit.strength.C).toBeCloseTo(0.40674789850574805, 6);
    expect(fit.strength.D).toBeCloseTo(1.5014851610809872, 6);
    expect(fit.theta).toBeCloseTo(2.077138669446846, 6);
    expect(fit.logLikelihood).toBeCloseTo(-16.497102307470843, 6);
    expect(fit.ranking).toEqual(['A', 'D', 'B', 'C']);
  });
});

// Mutation-found gap: the refusals were matched by one word.
describe('fitBradleyTerryTies messages', () => {
  it('name the pair, the count and the value', () => {
    expect(() => fitBradleyTerryTies([], { prior: -1 })).toThrow('fitBradleyTerryTies: prior must be ≥ 0, got -1');
    expect(() => fitBradleyTerryTies([{ a: 'x', b: 'y', aWins: 1, bWins: NaN, ties: 0 }])).toThrow('fitBradleyTerryTies: pair 0 (x vs y): bWins = NaN is not a count');
    expect(() => fitBradleyTerryTies([{ a: 'x', b: 'y', aWins: 1, bWins: 0, ties: -2 }])).toThrow('fitBradleyTerryTies: pair 0 (x vs y): ties = -2 is not a count');
    expect(() => fitBradleyTerryTies([{ a: 'x', b: 'y', aWins: 1, bWins: 1, ties: 0 }, { a: 'z', b: 'z', aWins: 1, bWins: 0, ties: 0 }])).toThrow("fitBradleyTerryTies: pair 1 compares 'z' with itself");
  });
});

// Mutation-found gaps (Stryker, judged by this file): the prior added once per pair however the
// pair is split or oriented, the iteration count at its limits, the log-likelihood of a zero
// strength, a disconnected component holding a zero strength, and ties in strength broken by
// the items' order were pinned by no test.
describe('fitBradleyTerryTies edge cases', () => {
  it('a pair split over two rows in both orientations gets the prior once, as when pooled', () => {
    const three: PairCounts[] = pairs.slice(1, 3);
    const pooled = fitBradleyTerryTies([pairs[0]!, ...three], { prior: 0.5 });
    const split = fitBradleyTerryTies([...three, { a: 'A', b: 'B', aWins: 4, bWins: 1, ties: 1 }, { a: 'B', b: 'A', aWins: 1, bWins: 2, ties: 1 }], { prior: 0.5 });
    for (const item of ['A', 'B', 'C']) expect(split.strength[item]).toBeCloseTo(pooled.strength[item]!, 9);
    expect(split.theta).toBeCloseTo(pooled.theta, 9);
    expect(split.logLikelihood).toBeCloseTo(pooled.logLikelihood, 9);
  });

  it('no data takes no iteration; a fit that never converges stops at maxIterations', () => {
    expect(fitBradleyTerryTies([]).iterations).toBe(0);
    const bad: PairCounts[] = [
      { a: 'A', b: 'B', aWins: 3, bWins: 0, ties: 0 },
      { a: 'B', b: 'C', aWins: 2, bWins: 1, ties: 0 },
      { a: 'A', b: 'C', aWins: 2, bWins: 0, ties: 0 },
    ];
    expect(fitBradleyTerryTies(bad, { maxIterations: 500 }).iterations).toBe(500);
  });

  it('a strength of 0 adds nothing to the log-likelihood (0 · log 0 is taken as 0), on either side of the pair', () => {
    // B never wins: π_B = 0, π_A = 1; ℓ = 3 · log(π_A / (π_A + π_B)) = 0
    expect(fitBradleyTerryTies([{ a: 'A', b: 'B', aWins: 3, bWins: 0, ties: 0 }]).logLikelihood).toBe(0);
    expect(fitBradleyTerryTies([{ a: 'A', b: 'B', aWins: 0, bWins: 3, ties: 0 }]).logLikelihood).toBe(0);
  });

  it('a component with a zero strength is scaled over its positive strengths only', () => {
    // {a, b}: π_a/π_b = 3, geometric mean 1 -> √3 and 1/√3; {c, d}: d never wins -> 0, c alone -> 1
    const fit = fitBradleyTerryTies([
      { a: 'a', b: 'b', aWins: 3, bWins: 1, ties: 0 },
      { a: 'c', b: 'd', aWins: 2, bWins: 0, ties: 0 },
    ]);
    expect(fit.strength.a).toBeCloseTo(Math.sqrt(3), 6);
    expect(fit.strength.b).toBeCloseTo(1 / Math.sqrt(3), 6);
    expect(fit.strength.c).toBeCloseTo(1, 12);
    expect(fit.strength.d).toBe(0);
  });

  it('equal strengths are ranked in the order the items were first seen', () => {
    const even = (a: string, b: string): PairCounts => ({ a, b, aWins: 1, bWins: 1, ties: 0 });
    expect(fitBradleyTerryTies([even('C', 'A'), even('A', 'B'), even('B', 'C')]).ranking).toEqual(['C', 'A', 'B']);
  });
});
