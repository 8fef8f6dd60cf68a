/**
 * Weighted Token Decoding (Table A5): next-token probabilities of negative-lexicon tokens are
 * multiplied by w_neg = 0.3 and those of middle-section keywords by w_mid = 2.0, then renormalised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepState } from '../../../src/models/stepwise.js';
import { middleKeywords, weightedTokenController, weightedTokenDecoding, weightedTokenOptions } from '../../../src/mitigations/decode/weighted-token-decoding.js';
import { negativeWords } from '../../../src/mitigations/decode/lexicon.js';
import { DEMO_INTERVIEWS } from '../../../src/data/samples/index.js';
import { isFunctionWord } from '../../../src/text/index.js';
import { context, SOURCE } from '../../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
beforeAll(async () => {
  t = await loadTinyModel();
});
afterAll(async () => t?.dispose());

const ask = [{ role: 'user' as const, content: `Summarize: ${SOURCE}` }];
const probs = (s: StepState): number[] => Array.from(s.logits, (l) => Math.exp(l - s.logZ));

describe('weighted token decoding', () => {
  it("defaults are Table A5's; the negative lexicon is VADER's negative words; middle keywords come from the middle third", () => {
    expect(weightedTokenOptions.parse({})).toEqual({ wNeg: 0.3, wMid: 2.0, midKeywords: 20 });
    const neg = negativeWords().map((x) => x.word);
    expect(neg).toEqual(expect.arrayContaining(['terrible', 'bad', 'sad']));
    expect(neg).not.toContain('good');
    expect(negativeWords().every((x) => x.valence < 0)).toBe(true);
    const kw = middleKeywords(SOURCE, 20);
    expect(kw).toEqual(expect.arrayContaining(['report', 'great']));
    expect(kw).not.toContain('people');
    expect(kw).not.toContain('terrible');
  });

  it('on a real interview, the middle keywords are its content words: no function word, no negative word, no number', () => {
    const doc = DEMO_INTERVIEWS.find((d) => d.id === 'interview-01-flood');
    if (doc === undefined) throw new Error('demo interview missing');
    const kw = middleKeywords(doc.text, 20);
    expect(kw).toHaveLength(20);
    const negative = new Set(negativeWords().map((x) => x.word));
    for (const w of kw) {
      expect(isFunctionWord(w), `"${w}" is a function word`).toBe(false);
      expect(negative.has(w), `"${w}" is on the negative list`).toBe(false);
      expect(w).toMatch(/^[a-z]{2,}$/);
    }
    // before, the top of the list was "and of that not is have were be …" and it held "damaged", "disaster"
    for (const w of ['and', 'of', 'that', 'not', 'is', 'damaged', 'disaster']) expect(kw).not.toContain(w);
    // the middle third's own topic: flood insurance, federal aid, the families' appeals
    expect(kw.slice(0, 6)).toEqual(['families', 'appeal', 'cost', 'federal', 'insurance', 'substantially']);
  });

  it('weights exactly the negative tokens by 0.3 and the middle keywords by 2.0; the step distribution moves as w·p/Σw·p', async () => {
    const kw = middleKeywords(SOURCE, 20);
    const c = weightedTokenController(kw, weightedTokenOptions.parse({}));
    let seen: StepState | undefined;
    let decision: unknown;
    await t.model.stepwise({
      messages: ask,
      maxTokens: 1,
      temperature: 0,
      controller: {
        prepare: (v) => c.prepare?.(v),
        onStep: (s, a, tools) => {
          seen = s;
          decision = c.onStep(s, a, tools);
          return { kind: 'stop' };
        },
      },
    });
    const w = c.weights();
    const id = t.tiny.wordToken;
    expect(w.get(id.terrible as number)).toBe(0.3);
    expect(w.get(id.bad as number)).toBe(0.3);
    expect(w.get(id.sad as number)).toBe(0.3);
    expect(w.get(id.report as number)).toBe(2.0);
    expect(w.get(id.great as number)).toBe(2.0);
    for (const word of ['good', 'people', 'said', 'news', 'hello']) expect(w.has(id[word] as number)).toBe(false);
    expect(decision).toMatchObject({ kind: 'reweight', weights: w });

    // the distribution with weights, computed from the unweighted step, against a decode with the weights as logit bias
    const p = probs(seen as StepState);
    const z = p.reduce((acc, pi, tok) => acc + (w.get(tok) ?? 1) * pi, 0);
    let biased: StepState | undefined;
    const byTokenId = Object.fromEntries([...w].map(([tok, x]) => [String(tok), Math.log(x)]));
    await t.model.stepwise({ messages: ask, maxTokens: 1, temperature: 0, logitBias: { byTokenId }, controller: { onStep: (s) => ((biased = s), { kind: 'stop' }) } });
    const q = probs(biased as StepState);
    for (const tok of [id.terrible, id.report, id.good, id.people] as number[]) {
      const expected = ((w.get(tok) ?? 1) * (p[tok] as number)) / z;
      // two forward passes of llama.cpp agree to ~0.2% (float32 batches), far below the effect of w
      expect(Math.abs((q[tok] as number) - expected) / expected).toBeLessThan(1e-2);
    }
    // ratio form of the definition: p'(neg)/p'(other) = 0.3·p(neg)/p(other)
    const r = (q[id.bad as number] as number) / (q[id.good as number] as number);
    expect(r / ((p[id.bad as number] as number) / (p[id.good as number] as number))).toBeCloseTo(0.3, 2);
  });

  it('decodes greedily the argmax of the weighted distribution at every step (run through the mitigation)', async () => {
    const r = await weightedTokenDecoding.run(context(t.model, weightedTokenOptions.parse({}), { temperature: 0, maxTokens: 12, seed: 1 }));
    expect(r.calls).toBe(1);
    expect(r.cached).toBe(false);
    expect(typeof r.fields.output).toBe('string');
    expect(r.usage.outputTokens).toBeGreaterThan(0);
    const data = r.steps.find((s) => s.name === 'decoding')?.data as { decisions: Record<string, number> };
    expect(data.decisions.reweight).toBe(r.usage.outputTokens);
    // how many words found tokens is reported (the tiny vocabulary holds 'terrible', 'bad', 'sad' and a few of their prefixes)
    const vocab = (r.steps.find((s) => s.name === 'weights')?.data as { vocabulary: Record<string, number> }).vocabulary;
    const pieces = new Set(t.tiny.tokens.map((x) => x.replace(/^▁/, '').toLowerCase()));
    const reachable = negativeWords().filter((n) => pieces.has(n.word)).length;
    expect(reachable).toBeGreaterThanOrEqual(3);
    expect(vocab).toMatchObject({ negativeWords: negativeWords().length, negativeWordsWithToken: reachable });
    expect(vocab.keywordsWithToken).toBe(vocab.keywords);
    // through the model: with the controller's reweight decision, the greedy draw is argmax(z + ln w) at every step
    const c = weightedTokenController(middleKeywords(SOURCE, 20), weightedTokenOptions.parse({}));
    const expected: number[] = [];
    const out = await t.model.stepwise({
      messages: ask,
      maxTokens: 10,
      temperature: 0,
      controller: {
        prepare: (v) => c.prepare?.(v),
        onStep(s, a, tools) {
          const d = c.onStep(s, a, tools) as { kind: 'reweight'; weights: Map<number, number> };
          let best = -1;
          let bestV = -Infinity;
          s.logits.forEach((l, tok) => {
            const v = l + Math.log(d.weights.get(tok) ?? 1);
            if (v > bestV) [best, bestV] = [tok, v];
          });
          expected.push(best);
          return d;
        },
      },
    });
    expect(out.steps.map((s) => s.token)).toEqual(expected.slice(0, out.steps.length));
    // sampled with the same seed, the weights change the answer (else this test could not tell weighted from plain)
    const o = weightedTokenOptions.parse({});
    const plain = await t.model.stepwise({ messages: ask, maxTokens: 20, temperature: 1, seed: 4 });
    const weighted = await t.model.stepwise({ messages: ask, maxTokens: 20, temperature: 1, seed: 4, controller: weightedTokenController(middleKeywords(SOURCE, 20), o) });
    expect(weighted.tokens).not.toEqual(plain.tokens);
  });

  it('is not applicable where there is neither step-wise decoding nor a logit bias; approximated by a static bias otherwise', () => {
    const caps = { ...t.model.capabilities, stepwise: false };
    const stub = (provider: string, id: string, logitBias: 'string' | 'token-id' | 'both' | false) => ({ id, version: '1', provider, capabilities: { ...caps, logitBias }, generate: () => Promise.reject(new Error('unused')) });
    const o = weightedTokenOptions.parse({});
    expect(weightedTokenDecoding.applicable(t.model, o)).toEqual({ ok: true });
    const anth = weightedTokenDecoding.applicable(stub('anthropic', 'anthropic:claude', false), o);
    expect(anth.ok).toBe(false);
    const llama = weightedTokenDecoding.applicable(stub('llamacpp', 'llamacpp:x', 'both'), o);
    expect(llama).toEqual({ ok: true, approximations: [expect.stringMatching(/static string logit bias/)] });
    const oa = weightedTokenDecoding.applicable(stub('openai', 'openai:gpt-4o-mini', 'both'), o);
    expect(oa).toEqual({ ok: true, approximations: [expect.stringMatching(/token-id logit bias \(o200k_base\)/)] });
    expect(weightedTokenDecoding.applicable(stub('openai', 'openai:some-unknown-model', 'both'), o).ok).toBe(false);
  });
});
