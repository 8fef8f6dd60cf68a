/**
 * Mirostat Decoding, Table A5's variant: s_t = −ln p_t, μ_{t+1} = μ_t − η(s_t − μ*),
 * T = exp(μ_{t+1}), next distribution softmax(z/T); μ* = 2.0, η = 0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mirostat } from '../../../src/models/gguf/mirostat.js';
import { mirostatDecoding, mirostatOptions, mirostatSpec } from '../../../src/mitigations/decode/mirostat.js';
import { context } from '../../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
beforeAll(async () => {
  t = await loadTinyModel();
});
afterAll(async () => t?.dispose());

describe('mirostat (Table A5)', () => {
  it('worked numbers: p = (0.5, 0.3, 0.2), μ0 = 0, the draw takes token 1 → s = 1.2040, μ1 = 0.07960, T1 = 1.08285', () => {
    const m = new Mirostat(mirostatSpec(mirostatOptions.parse({})));
    const z = [Math.log(0.5), Math.log(0.3), Math.log(0.2)];
    // u = 0.6 falls in [0.5, 0.8): token 1 at T0 = exp(0) = 1
    const first = m.pick(z, () => 0.6);
    expect(first.token).toBe(1);
    expect(first.trace.temperature).toBe(1);
    expect(first.trace.surprise).toBeCloseTo(1.20397, 5); // −ln 0.3
    expect(first.trace.nextMu).toBeCloseTo(0.0796023, 6); // 0 − 0.1·(1.20397 − 2)
    // the next step's temperature is exp(μ1); its distribution softmax(z / 1.08285)
    const second = m.pick(z, () => 0.0);
    expect(second.trace.temperature).toBeCloseTo(1.082856, 5);
    const T = 1.082856;
    const q = z.map((v) => Math.exp(v / T));
    const p0 = (q[0] as number) / q.reduce((a, b) => a + b, 0);
    expect(second.token).toBe(0);
    expect(second.trace.surprise).toBeCloseTo(-Math.log(p0), 5);
    expect(second.trace.nextMu).toBeCloseTo(0.0796023 - 0.1 * (-Math.log(p0) - 2), 6);
  });

  it("defaults are Table A5's; on the tiny GGUF every step's temperature is exp of the previous μ_{t+1}", async () => {
    expect(mirostatOptions.parse({})).toEqual({ variant: 'table-a5', target: 2, eta: 0.1, mu0: 0 });
    const r = await mirostatDecoding.run(context(t.model, mirostatOptions.parse({}), { temperature: 0.8, maxTokens: 16, seed: 3 }));
    const data = r.steps.find((s) => s.name === 'mirostat')?.data as { trace: { temperatures: number[]; steps: number } };
    expect(data.trace.steps).toBe(r.usage.outputTokens);
    expect(data.trace.temperatures[0]).toBe(1);
    // replay the feedback from the recorded surprises
    const raw = await t.model.stepwise({ messages: [{ role: 'user', content: 'Summarize: x' }], maxTokens: 10, seed: 2, mirostat: mirostatSpec(mirostatOptions.parse({})) });
    let mu = 0;
    for (const s of raw.steps) {
      const tr = s.mirostat;
      if (tr === undefined) throw new Error('no trace');
      expect(tr.temperature).toBeCloseTo(Math.exp(mu), 12);
      mu = mu - 0.1 * (tr.surprise - 2.0);
      expect(tr.nextMu).toBeCloseTo(mu, 12);
    }
  });

  it('Basu v1/v2 run in-process; llama.cpp-style native mirostat approximates the Table A5 variant; no mirostat → not applicable', async () => {
    const v2 = await mirostatDecoding.run(context(t.model, mirostatOptions.parse({ variant: 'v2', target: 3 }), { temperature: 1, maxTokens: 8, seed: 3 }));
    const d = v2.steps.find((s) => s.name === 'mirostat')?.data as { spec: unknown; trace: { firstMu: number } };
    expect(d.spec).toEqual({ mode: 2, tau: 3, eta: 0.1 });
    expect(d.trace.firstMu).toBe(6); // μ0 = 2τ
    const stub = (provider: string, mirostat: boolean) => ({ id: `${provider}:m`, version: '1', provider, capabilities: { ...t.model.capabilities, stepwise: false, mirostat }, generate: () => Promise.reject(new Error('unused')) });
    const a5 = mirostatDecoding.applicable(stub('llamacpp', true), mirostatOptions.parse({}));
    expect(a5).toEqual({ ok: true, approximations: [expect.stringMatching(/mirostat v2 with τ = μ\*\/ln 2 = 2\.885 bits/)] });
    expect(mirostatDecoding.applicable(stub('llamacpp', true), mirostatOptions.parse({ variant: 'v1' }))).toEqual({ ok: true });
    expect(mirostatDecoding.applicable(stub('anthropic', false), mirostatOptions.parse({})).ok).toBe(false);
  });
});
