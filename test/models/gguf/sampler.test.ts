import { describe, expect, it } from 'vitest';
import { resolveLogitBias } from '../../../src/models/gguf/logit-bias.js';
import { Mirostat, mirostatV1K } from '../../../src/models/gguf/mirostat.js';
import { createRng } from '../../../src/stats/rng.js';
import { argmax, logSumExp, samplePlain, softmax, topTokens } from '../../../src/models/gguf/sampler.js';

/** an rng that returns the given numbers in turn */
const fixed = (...us: number[]) => {
  let i = 0;
  return () => us[i++ % us.length] as number;
};
const ln = Math.log;
// p = [0.5, 0.25, 0.125, 0.125]; surprises 1, 2, 3, 3 bits
const Z4 = [ln(0.5), ln(0.25), ln(0.125), ln(0.125)];
// p = [0.5, 0.3, 0.15, 0.05]
const ZP = [ln(0.5), ln(0.3), ln(0.15), ln(0.05)];

describe('sampler basics', () => {
  it('softmax and logSumExp: z = ln[1,2,3] gives [1/6, 2/6, 3/6]', () => {
    const p = softmax([0, ln(2), ln(3)]);
    expect(p[0]).toBeCloseTo(1 / 6, 12);
    expect(p[2]).toBeCloseTo(0.5, 12);
    expect(logSumExp([0, ln(2), ln(3)])).toBeCloseTo(ln(6), 12);
    expect(logSumExp([-Infinity, -Infinity])).toBe(-Infinity);
  });

  it('argmax and topTokens break ties by the lowest id and skip −∞', () => {
    expect(argmax([1, 3, 3, 2])).toBe(1);
    expect(topTokens([1, 3, -Infinity, 3, 2], 3).map((c) => c.token)).toEqual([1, 3, 4]);
    expect(topTokens([-Infinity, 5], 4).map((c) => c.token)).toEqual([1]);
  });

  it('greedy at temperature 0, whatever the rng says', () => {
    expect(samplePlain(ZP, { temperature: 0 }, fixed(0.99))).toBe(0);
    expect(() => samplePlain([-Infinity, -Infinity], { temperature: 0 }, fixed(0.5))).toThrow(/forbidden/);
  });

  it('temperature 1 draws by the cumulative probabilities 0.5, 0.8, 0.95, 1', () => {
    expect(samplePlain(ZP, { temperature: 1 }, fixed(0.49))).toBe(0);
    expect(samplePlain(ZP, { temperature: 1 }, fixed(0.7))).toBe(1);
    expect(samplePlain(ZP, { temperature: 1 }, fixed(0.9))).toBe(2);
    expect(samplePlain(ZP, { temperature: 1 }, fixed(0.97))).toBe(3);
  });

  it('temperature 2 flattens: weights √p = .7071 .5477 .3873 .2236, cumulative .3790 .6726 .8802 1', () => {
    expect(samplePlain(ZP, { temperature: 2 }, fixed(0.37))).toBe(0);
    expect(samplePlain(ZP, { temperature: 2 }, fixed(0.5))).toBe(1);
    expect(samplePlain(ZP, { temperature: 2 }, fixed(0.7))).toBe(2);
  });

  it('top-k and top-p truncate before drawing', () => {
    expect(samplePlain(ZP, { temperature: 1, topK: 1 }, fixed(0.99))).toBe(0);
    expect(samplePlain(ZP, { temperature: 1, topK: 2 }, fixed(0.99))).toBe(1);
    // top-p 0.75: {0,1} reach 0.8 → renormalised 0.625/0.375
    expect(samplePlain(ZP, { temperature: 1, topP: 0.75 }, fixed(0.99))).toBe(1);
    expect(samplePlain(ZP, { temperature: 1, topP: 0.75 }, fixed(0.6))).toBe(0);
    // top-p 0.85: {0,1,2}
    expect(samplePlain(ZP, { temperature: 1, topP: 0.85 }, fixed(0.99))).toBe(2);
  });

  it('createRng is reproducible from its seed and uniform in [0, 1)', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.05);
  });
});

describe('mirostat', () => {
  it('v2 (Basu et al., llama.cpp): μ0 = 2τ, truncates at surprise > μ, μ ← μ − η(s − τ)', () => {
    // τ = 1.25 → μ0 = 2.5: keep surprises 1 and 2 bits → {0: 2/3, 1: 1/3}
    const m = new Mirostat({ mode: 2, tau: 1.25, eta: 0.1 });
    const a = m.pick(Z4, fixed(0.9));
    expect(a.token).toBe(1);
    expect(a.trace.kept).toBe(2);
    expect(a.trace.mu).toBe(2.5);
    expect(a.trace.surprise).toBeCloseTo(-Math.log2(1 / 3), 12); // 1.5849625
    expect(a.trace.nextMu).toBeCloseTo(2.4665037499278846, 12); // 2.5 − 0.1(1.5849625 − 1.25)
    const b = m.pick(Z4, fixed(0.1));
    expect(b.token).toBe(0);
    expect(b.trace.surprise).toBeCloseTo(-Math.log2(2 / 3), 12);
    expect(b.trace.nextMu).toBeCloseTo(2.533007499855769, 12);
  });

  it('v2 keeps at least the best token when μ is below every surprise', () => {
    const m = new Mirostat({ mode: 2, tau: 0.1, eta: 0.1 }); // μ0 = 0.2 < 1 bit
    const r = m.pick(Z4, fixed(0.99));
    expect(r.token).toBe(0);
    expect(r.trace.kept).toBe(1);
    expect(r.trace.surprise).toBeCloseTo(0, 12);
    expect(r.trace.nextMu).toBeCloseTo(0.21, 12); // 0.2 − 0.1(0 − 0.1)
  });

  it("v1's k: exact Zipf p ∝ 1/i² over N = 4 gives ŝ = 2, k = (2^μ/(1 − 1/4))^(1/2) = 3.266 → 3 at μ = 3", () => {
    const z = [1, 1 / 4, 1 / 9, 1 / 16].map(ln);
    expect(mirostatV1K(z, 3, 100)).toBe(3);
    const m = new Mirostat({ mode: 1, tau: 1.5, eta: 0.1 }); // μ0 = 3
    const r = m.pick(z, fixed(0.999));
    expect(r.trace.kept).toBe(3);
    expect(r.token).toBe(2);
  });

  it("Table A5's variant: T = exp(μ), s = −ln p, μ ← μ − η(s − μ*), μ0 = 0", () => {
    const m = new Mirostat({ mode: 'table-a5', target: 2.0, eta: 0.1 });
    const a = m.pick(Z4, fixed(0.6)); // T = 1: cumulative .5 .75 → token 1
    expect(a.token).toBe(1);
    expect(a.trace.temperature).toBe(1);
    expect(a.trace.surprise).toBeCloseTo(ln(4), 12);
    expect(a.trace.nextMu).toBeCloseTo(0.061370563888010946, 12); // −0.1(ln 4 − 2)
    // T1 = exp(0.0613706) = 1.0632929; p^(1/T) renormalised = .484479 .252444 .131539 .131539
    const b = m.pick(Z4, fixed(0.3));
    expect(b.token).toBe(0);
    expect(b.trace.temperature).toBeCloseTo(1.0632928591277755, 12);
    expect(b.trace.surprise).toBeCloseTo(0.7246804453520197, 10);
    expect(b.trace.nextMu).toBeCloseTo(0.188902519352809, 10);
  });
});

describe('resolveLogitBias', () => {
  const pieces: Record<string, number[]> = { good: [10, 11], ' good': [12], ' bad': [13] };
  const tok = { tokenize: (t: string) => pieces[t] ?? [] };

  it('biases the word as written and with a leading space, every piece, with a warning for several pieces', () => {
    const { bias, warnings } = resolveLogitBias(tok, 100, { byString: { good: -1.5, ' bad': 2 } });
    expect([...bias.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [10, -1.5],
      [11, -1.5],
      [12, -1.5],
      [13, 2],
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/"good" is 2 tokens \(10, 11\)/);
  });

  it('token ids win over strings; bad ids are reported, not dropped silently', () => {
    const { bias, warnings } = resolveLogitBias(tok, 100, { byString: { ' bad': 2 }, byTokenId: { '13': -3, '7': -Infinity, x: 1, '100': 1 } });
    expect(bias.get(13)).toBe(-3);
    expect(bias.get(7)).toBe(-Infinity);
    expect(bias.size).toBe(2);
    expect(warnings.map((w) => w.setting)).toEqual(['logitBias.byTokenId', 'logitBias.byTokenId']);
  });
});
