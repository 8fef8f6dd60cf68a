/**
 * Backends that can honour a decoding mitigation only partly, on loopback servers that speak their
 * protocols: llama.cpp server (string logit_bias, native mirostat) and OpenAI (token-id
 * logit_bias through js-tiktoken). Each result names what was approximated.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forcedBalancedCoverage, coverageOptions } from '../../../src/mitigations/decode/forced-balanced-coverage.js';
import { negativeWords } from '../../../src/mitigations/decode/lexicon.js';
import { mirostatDecoding, mirostatOptions } from '../../../src/mitigations/decode/mirostat.js';
import { selfDebias, selfDebiasOptions } from '../../../src/mitigations/decode/self-debias.js';
import { middleKeywords, weightedTokenDecoding, weightedTokenOptions } from '../../../src/mitigations/decode/weighted-token-decoding.js';
import { loadEncoding } from '../../../src/models/openai/tokenizer.js';
import { createLlamaCppModel } from '../../../src/models/llamacpp/index.js';
import { createOpenAIModel } from '../../../src/models/openai/index.js';
import { Scheduler } from '../../../src/runtime/scheduler.js';
import { startLlamaCppServer } from '../../helpers/loopback/llamacpp-server.js';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { context, SOURCE } from '../../helpers/summary-task.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const sched = (): Scheduler => new Scheduler({ sleep: () => Promise.resolve(), random: () => 0 });
const ln = Math.log;

describe('llama.cpp server', () => {
  it('weighted token decoding: a static string logit_bias of ln 0.3 on negative words and ln 2 on middle keywords', async () => {
    server = await startLlamaCppServer();
    const m = createLlamaCppModel(server.url, {}, sched());
    const o = weightedTokenOptions.parse({});
    const a = weightedTokenDecoding.applicable(m, o);
    expect(a).toEqual({ ok: true, approximations: [expect.stringMatching(/static string logit bias/)] });
    const r = await weightedTokenDecoding.run(context(m, o));
    expect(r.approximations?.[0]).toMatch(/static string logit bias over the whole answer instead of per-step weights/);
    const bias = new Map((server.requests[1]?.body as { logit_bias: [string, number][] }).logit_bias);
    expect(bias.get('terrible')).toBeCloseTo(ln(0.3), 12);
    expect(bias.get('sad')).toBeCloseTo(ln(0.3), 12);
    for (const kw of middleKeywords(SOURCE, 20)) expect(bias.get(kw)).toBeCloseTo(ln(2), 12);
    expect(bias.has('good')).toBe(false);
    expect(bias.size).toBe(negativeWords().length + middleKeywords(SOURCE, 20).filter((k) => !negativeWords().some((n) => n.word === k)).length);
  });

  it("mirostat: native v2 with τ = μ*/ln 2 for Table A5's variant, exact for v1; forced coverage boosts middle and end terms", async () => {
    server = await startLlamaCppServer();
    const m = createLlamaCppModel(server.url, {}, sched());
    const r = await mirostatDecoding.run(context(m, mirostatOptions.parse({})));
    expect(r.approximations?.[0]).toMatch(/mirostat v2 with τ/);
    expect(server.requests[1]?.body).toMatchObject({ mirostat: 2, mirostat_eta: 0.1 });
    expect((server.requests[1]?.body as { mirostat_tau: number }).mirostat_tau).toBeCloseTo(2 / Math.LN2, 12);
    const v1 = await mirostatDecoding.run(context(m, mirostatOptions.parse({ variant: 'v1', target: 5 })));
    expect(v1.approximations).toEqual([]);
    expect(server.requests[3]?.body).toMatchObject({ mirostat: 1, mirostat_tau: 5, mirostat_eta: 0.1 });
    const fc = await forcedBalancedCoverage.run(context(m, coverageOptions.parse({})));
    expect(fc.approximations?.[0]).toMatch(/coverage is not measured during decoding/);
    const bias = new Map((server.requests[5]?.body as { logit_bias: [string, number][] }).logit_bias);
    expect(bias.get('report')).toBeCloseTo(ln(1.5), 12);
    expect(bias.get('terrible')).toBeCloseTo(ln(1.5), 12);
    expect(bias.has('people')).toBe(false);
  });

  it('mirostat in a greedy run: sent at temperature 1 (llama.cpp applies the temperature first; at 0 the cell would be the baseline)', async () => {
    server = await startLlamaCppServer();
    const m = createLlamaCppModel(server.url, {}, sched());
    const r = await mirostatDecoding.run(context(m, mirostatOptions.parse({ variant: 'v2', target: 5 }), { temperature: 0, maxTokens: 24, seed: 5 }));
    expect(server.requests[1]?.body).toMatchObject({ mirostat: 2, mirostat_tau: 5, temperature: 1 });
    expect(r.steps.find((s) => s.name === 'mirostat')?.data).toMatchObject({ temperature: 1 });
    // a run at a temperature above 0 keeps it
    await mirostatDecoding.run(context(m, mirostatOptions.parse({ variant: 'v2', target: 5 }), { temperature: 0.7, maxTokens: 24, seed: 5 }));
    expect(server.requests[3]?.body).toMatchObject({ mirostat: 2, temperature: 0.7 });
    // any caller that asks the server for mirostat at temperature 0 gets temperature 1 and a warning
    const g = await m.generate({ messages: [{ role: 'user', content: 'hi' }], params: { temperature: 0, mirostat: { mode: 1, tau: 5, eta: 0.1 } } });
    expect(server.requests[5]?.body).toMatchObject({ mirostat: 1, temperature: 1 });
    expect(g.warnings.map((w) => w.message).join('\n')).toMatch(/mirostat at temperature 0 would be greedy decoding .* sent temperature 1/);
  });

  it('self-debias cannot run without step-wise decoding and says why', async () => {
    server = await startLlamaCppServer();
    const a = selfDebias.applicable(createLlamaCppModel(server.url, {}, sched()), selfDebiasOptions.parse({}));
    expect(a.ok).toBe(false);
    if (!a.ok) expect(a.reason).toMatch(/two next-token distributions per step/);
  });
});

describe('OpenAI', () => {
  it('weighted token decoding: token-id logit_bias of one-token words, at most 300 tokens, the rest counted as left out', async () => {
    server = await startOpenAIServer();
    const m = createOpenAIModel('gpt-4o-mini', { apiKey: 'sk-test', baseURL: `${server.url}/v1` }, sched());
    const r = await weightedTokenDecoding.run(context(m, weightedTokenOptions.parse({})));
    expect(r.approximations?.[0]).toMatch(/OpenAI: a static token-id logit bias .* \d+ words biased, \d+ left out/);
    const sent = (server.requests.at(-1)?.body as { logit_bias: Record<string, number> }).logit_bias;
    expect(Object.keys(sent).length).toBeLessThanOrEqual(300);
    expect(Object.keys(sent).length).toBeGreaterThan(100);
    const enc = await loadEncoding('o200k_base');
    const [report] = enc.encode(' report');
    expect(sent[String(report)]).toBeCloseTo(ln(2), 12);
    // the most negative words go first: the first one-token negative word is biased by ln 0.3
    const first = negativeWords().find((w) => enc.encode(` ${w.word}`).length === 1 && enc.encode(w.word).length === 1);
    expect(sent[String(enc.encode(` ${first?.word}`)[0])]).toBeCloseTo(ln(0.3), 12);
  });
});
