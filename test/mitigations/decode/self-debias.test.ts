/**
 * Self-Debias Decoding (Table A5; Schick et al., 2021): Δ = p_main − p_bias, tokens with Δ < 0
 * scaled by α(Δ) = e^{λΔ}, λ = 10; weights refreshed every 4 steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepState } from '../../../src/models/stepwise.js';
import { biasMessages, debiasShift, selfDebias, selfDebiasController, selfDebiasOptions } from '../../../src/mitigations/decode/self-debias.js';
import { MitigationNotApplicableError } from '../../../src/mitigations/types.js';
import { context, SOURCE } from '../../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
beforeAll(async () => {
  t = await loadTinyModel();
});
afterAll(async () => t?.dispose());

const ask = [{ role: 'user' as const, content: `Summarize: ${SOURCE}` }];
// the tiny vocabulary spells unknown words letter by letter: a prefix of its own words stays under 30 tokens
const PREFIX = 'the news is very sad and terrible and bad:';
const state = (p: number[]): StepState => ({ step: 0, tokens: [], text: '', topK: [], logZ: 0, logits: Float64Array.from(p, Math.log) });

/** decode with the self-debias controller, showing every step's states and shift to `observe` */
async function observed(o: ReturnType<typeof selfDebiasOptions.parse>, opts: { maxTokens: number; temperature?: number; seed?: number }, observe: (main: StepState, aux: StepState, shift: Float64Array) => void) {
  const c = selfDebiasController(o);
  return t.model.stepwise({
    messages: ask,
    auxMessages: biasMessages(ask, o.prefix),
    ...opts,
    controller: {
      prepare: (v) => c.prepare?.(v),
      async onStep(main, aux, tools) {
        const d = (await c.onStep(main, aux, tools)) as { kind: 'shift'; logits: Float64Array };
        observe(main, aux as StepState, d.logits);
        return d;
      },
    },
  });
}

describe('self-debias decoding', () => {
  it('worked numbers: Δ = (−0.05, +0.05, 0) → only token 0 is scaled, by e^{10·(−0.05)} = 0.60653', () => {
    const w = debiasShift(state([0.3, 0.5, 0.2]), state([0.35, 0.45, 0.2]), 10);
    expect(w[0]).toBeCloseTo(-0.5, 12);
    expect(Math.exp(w[0] as number)).toBeCloseTo(0.606531, 6);
    expect([w[1], w[2]]).toEqual([0, 0]);
  });

  it('on the tiny GGUF: at each refresh, exactly the tokens with Δ < 0 get e^{λΔ}; the weights are held for 4 steps', async () => {
    const o = selfDebiasOptions.parse({ prefix: PREFIX });
    expect(selfDebiasOptions.parse({})).toMatchObject({ lambda: 10, refreshEvery: 4 });
    const seen: { main: StepState; aux: StepState; weights: Float64Array }[] = [];
    const r = await observed(o, { maxTokens: 10, seed: 4 }, (main, aux, weights) => seen.push({ main, aux, weights }));
    expect(r.steps).toHaveLength(10);
    for (const { main, aux, weights } of seen) {
      const refresh = seen.find((x) => x.main.step === main.step - (main.step % 4)) as (typeof seen)[number];
      expect(weights).toBe(refresh.weights);
      if (main.step % 4 !== 0) continue;
      let negatives = 0;
      for (let tok = 0; tok < main.logits.length; tok++) {
        const delta = Math.exp((main.logits[tok] as number) - main.logZ) - Math.exp((aux.logits[tok] as number) - aux.logZ);
        if (delta < 0) {
          negatives++;
          expect(Math.exp(weights[tok] as number)).toBeCloseTo(Math.exp(10 * delta), 12);
        } else expect(weights[tok]).toBe(0);
      }
      expect(negatives).toBeGreaterThan(0);
    }
  });

  it('greedy decoding takes argmax(z + λΔ·[Δ < 0]) at every step', async () => {
    const o = selfDebiasOptions.parse({ prefix: PREFIX, refreshEvery: 1 });
    const expected: number[] = [];
    const r = await observed(o, { maxTokens: 8, temperature: 0 }, (main, _aux, shift) => {
      let best = -1;
      let bestV = -Infinity;
      main.logits.forEach((l, tok) => {
        const v = l + (shift[tok] as number);
        if (v > bestV) [best, bestV] = [tok, v];
      });
      expected.push(best);
    });
    expect(r.steps.map((s) => s.token)).toEqual(expected);
  });

  it('runs as a mitigation: two sequences, aux prompt tokens counted, a prefix of 30+ tokens is refused', async () => {
    const r = await selfDebias.run(context(t.model, selfDebiasOptions.parse({ prefix: PREFIX })));
    const d = r.steps.find((s) => s.name === 'decoding')?.data as { forwardPasses: number; tokens: number; auxInputTokens: number };
    expect(d.forwardPasses).toBe(2 * d.tokens);
    expect(d.auxInputTokens).toBeGreaterThan(0);
    expect(r.steps.find((s) => s.name === 'self-debias')?.data).toMatchObject({ refreshes: Math.ceil(d.tokens / 4) });
    const long = selfDebiasOptions.parse({ prefix: 'very '.repeat(30).trim() });
    await expect(selfDebias.run(context(t.model, long))).rejects.toThrow(MitigationNotApplicableError);
  });
});
