/**
 * The in-process GGUF provider against a tiny random-weight model that the test writes itself
 * (test/helpers/tiny-gguf.ts). If node-llama-cpp's native binary cannot run here, every test in
 * this file fails with that message: the provider is part of slant and must not be skipped silently.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { asTokens } from '../../../src/models/gguf/core.js';
import { createGgufModel, decodeStepwise, parseGgufOptions, type GgufModel, type StepState } from '../../../src/models/gguf/index.js';
import type { ChatMessage } from '../../../src/models/types.js';
import { writeTinyGguf, type TinyGguf } from '../../helpers/tiny-gguf.js';

process.env.NODE_LLAMA_CPP_SKIP_DOWNLOAD = 'true';

const dir = mkdtempSync(join(tmpdir(), 'slant-gguf-'));
let tiny: TinyGguf;
let model: GgufModel;
const ask: ChatMessage[] = [{ role: 'user', content: 'hello the good news' }];

beforeAll(async () => {
  tiny = writeTinyGguf(join(dir, 'tiny.gguf'));
  try {
    model = await createGgufModel(tiny.path, { contextSize: 256 });
  } catch (err) {
    throw new Error(`node-llama-cpp could not run the tiny GGUF on this machine (${process.platform}-${process.arch}): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
});

afterAll(async () => {
  await model?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** full next-token distribution of the first step, through a controller that stops at once */
async function firstStep(opts: Parameters<typeof decodeStepwise>[1] extends infer O ? Partial<O> : never = {}): Promise<StepState> {
  let seen: StepState | undefined;
  await decodeStepwise(model, { messages: ask, maxTokens: 1, temperature: 0, ...opts, controller: { onStep: (s) => ((seen = s), { kind: 'stop' }) } });
  if (seen === undefined) throw new Error('controller not called');
  return seen;
}
const prob = (s: StepState, t: number): number => Math.exp((s.logits[t] as number) - s.logZ);

describe('gguf model basics', () => {
  it('has an id, a content version, its capabilities, and warns that the tiny file has no chat template', async () => {
    expect(model.id).toBe(`gguf:${tiny.path}`);
    expect(model.version).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(model.capabilities).toMatchObject({ logprobs: { maxTopK: 20 }, logitBias: 'both', seed: true, mirostat: true, stepwise: true });
    expect(model.core.vocab).toBe(tiny.tokens.length);
    const r = await model.generate({ messages: ask, params: { temperature: 0, maxTokens: 5 } });
    expect(r.usage?.outputTokens).toBeLessThanOrEqual(5);
    expect(r.usage?.inputTokens).toBeGreaterThan(5);
    expect(r.warnings.some((w) => /no chat template/.test(w.message))).toBe(true);
    expect(r.cached).toBe(false);
  });

  it('unsupported settings become warnings (jsonSchema), logprobs are clamped to 20 with a warning', async () => {
    const r = await model.generate({ messages: ask, params: { temperature: 0, maxTokens: 2, logprobs: 50, jsonSchema: { name: 'x', schema: {} } } });
    expect(r.warnings.map((w) => w.setting)).toEqual(expect.arrayContaining(['jsonSchema', 'logprobs']));
    expect(r.logprobs?.[0]?.top).toHaveLength(20);
  });

  it('stops at a stop string and reports finishReason', async () => {
    const free = await model.generate({ messages: ask, params: { temperature: 0, maxTokens: 12 } });
    expect(free.finishReason).toBe('length');
    const cutAt = free.text.slice(3, 5);
    const stopped = await model.generate({ messages: ask, params: { temperature: 0, maxTokens: 12, stop: [cutAt] } });
    expect(stopped.finishReason).toBe('stop');
    expect(stopped.text).toBe(free.text.slice(0, free.text.indexOf(cutAt)));
  });
});

describe('seeded determinism', () => {
  it('same seed and temperature > 0 gives the same text; another seed (very likely) another', async () => {
    const p = { temperature: 0.9, maxTokens: 30 };
    const a = await model.generate({ messages: ask, params: { ...p, seed: 7 } });
    const b = await model.generate({ messages: ask, params: { ...p, seed: 7 } });
    const c = await model.generate({ messages: ask, params: { ...p, seed: 8 } });
    expect(a.usage?.outputTokens).toBe(30);
    expect(b.text).toBe(a.text);
    expect(c.text).not.toBe(a.text);
  });

  it('greedy decoding is deterministic and follows the argmax of every step', async () => {
    const a = await decodeStepwise(model, { messages: ask, maxTokens: 15, temperature: 0 });
    const b = await decodeStepwise(model, { messages: ask, maxTokens: 15, temperature: 0, seed: 99 });
    expect(b.tokens).toEqual(a.tokens);
    for (const s of a.steps) expect(s.token).toBe(s.top[0]?.token);
  });
});

describe('logit bias', () => {
  it('a bias of ln w on token t moves p(t) to w·p/(1 − p + w·p) and every other p(u) to p(u)/(1 − p + w·p)', async () => {
    const base = await model.generate({ messages: ask, params: { temperature: 0, maxTokens: 1, logprobs: 20 } });
    const top = base.logprobs?.[0]?.top ?? [];
    const before = await firstStep();
    const t = before.topK[0]?.token as number;
    const u = before.topK[1]?.token as number;
    const w = 0.3;
    const after = await firstStep({ logitBias: { byTokenId: { [t]: Math.log(w) } } });
    const p = prob(before, t);
    const denom = 1 - p + w * p;
    expect(prob(after, t)).toBeCloseTo((w * p) / denom, 4);
    expect(Math.abs(prob(after, t) - (w * p) / denom)).toBeLessThan(1e-4);
    expect(Math.abs(prob(after, u) - prob(before, u) / denom)).toBeLessThan(1e-4);
    // the same through generate()'s logprobs
    const biased = await model.generate({ messages: ask, params: { temperature: 0, maxTokens: 1, logprobs: 20, logitBias: { byTokenId: { [t]: Math.log(w) } } } });
    const pt = Math.exp(top[0]?.logprob as number);
    const entry = biased.logprobs?.[0]?.top?.find((e) => e.token === top[0]?.token);
    expect(Math.abs(Math.exp(entry?.logprob as number) - (w * pt) / (1 - pt + w * pt))).toBeLessThan(1e-4);
  });

  it('by word: "good" biases "▁good" and the pieces of "good" as written; the set B moves as w·p/(1 − P_B + w·P_B)', async () => {
    const before = await firstStep();
    const w = 4;
    let warned = '';
    const after = await (async () => {
      let seen: StepState | undefined;
      const r = await decodeStepwise(model, {
        messages: ask,
        maxTokens: 1,
        temperature: 0,
        logitBias: { byString: { good: Math.log(w) } },
        controller: { onStep: (s) => ((seen = s), { kind: 'stop' }) },
      });
      warned = r.warnings.map((x) => x.message).join(' ');
      return seen as StepState;
    })();
    const word = tiny.wordToken.good as number;
    const pieces = ['g', 'o', 'd'].map((c) => tiny.tokens.indexOf(c));
    const B = [word, ...pieces];
    const PB = B.reduce((s, t) => s + prob(before, t), 0);
    const denom = 1 - PB + w * PB;
    for (const t of B) expect(Math.abs(prob(after, t) - (w * prob(before, t)) / denom)).toBeLessThan(1e-4);
    const other = tiny.wordToken.bad as number;
    expect(Math.abs(prob(after, other) - prob(before, other) / denom)).toBeLessThan(1e-4);
    expect(warned).toMatch(/"good" is 4 tokens/);
  });
});

describe('step-wise control', () => {
  it('forbidding the greedy choice at step 1 takes the next best token', async () => {
    let forbidden = -1;
    let second = -1;
    const r = await decodeStepwise(model, {
      messages: ask,
      maxTokens: 3,
      temperature: 0,
      controller: {
        onStep: (s) => {
          if (s.step > 0) return { kind: 'sample' };
          forbidden = s.topK[0]?.token as number;
          second = s.topK[1]?.token as number;
          return { kind: 'forbid', tokens: [forbidden] };
        },
      },
    });
    expect(forbidden).toBeGreaterThanOrEqual(0);
    expect(r.tokens[0]).toBe(second);
    expect(r.steps[0]?.decision).toBe('forbid');
  });

  it('choose takes the given token, reweight by 0 forbids, stop ends with finishReason stop', async () => {
    const chosen = tiny.wordToken.news as number;
    let banned = -1;
    const r = await decodeStepwise(model, {
      messages: ask,
      maxTokens: 10,
      temperature: 0,
      controller: {
        onStep: (s) => {
          if (s.step === 0) return { kind: 'choose', token: chosen };
          if (s.step === 1) {
            banned = s.topK[0]?.token as number;
            return { kind: 'reweight', weights: new Map([[banned, 0]]) };
          }
          return { kind: 'stop' };
        },
      },
    });
    expect(r.tokens[0]).toBe(chosen);
    expect(r.tokens[1]).not.toBe(banned);
    expect(r.tokens).toHaveLength(2);
    expect(r.finishReason).toBe('stop');
    expect(r.text.startsWith(' news') || r.text.startsWith('news')).toBe(true);
  });
});

describe('two sequences in parallel', () => {
  it('the controller sees main and aux at every step; they differ when the prompts differ', async () => {
    const seen: [StepState, StepState | undefined][] = [];
    const r = await decodeStepwise(model, {
      messages: ask,
      auxMessages: [{ role: 'system', content: 'be very sad and terrible' }, ...ask],
      maxTokens: 6,
      temperature: 0,
      controller: { onStep: (m, a) => (seen.push([m, a]), { kind: 'sample' }) },
    });
    expect(seen).toHaveLength(6);
    for (const [m, a] of seen) {
      expect(a).toBeDefined();
      expect(a?.tokens).toEqual(m.tokens);
      const diff = Math.max(...Array.from(m.logits, (v, i) => Math.abs(v - (a?.logits[i] as number))));
      expect(diff).toBeGreaterThan(1e-3);
    }
    expect(r.usage.auxInputTokens).toBeGreaterThan(r.usage.inputTokens);
    expect(r.steps.every((s) => s.auxTop !== undefined && s.auxLogprob !== undefined)).toBe(true);
  });

  it('with the same prompt the aux sequence tracks the main one token for token', async () => {
    const seen: [StepState, StepState | undefined][] = [];
    await decodeStepwise(model, { messages: ask, auxMessages: ask, maxTokens: 5, temperature: 0.8, seed: 3, controller: { onStep: (m, a) => (seen.push([m, a]), { kind: 'sample' }) } });
    expect(seen).toHaveLength(5);
    for (const [m, a] of seen) {
      const diff = Math.max(...Array.from(m.logits, (v, i) => Math.abs(v - (a?.logits[i] as number))));
      expect(diff).toBeLessThan(1e-3);
    }
  });
});

describe('mirostat on the model', () => {
  it('v2 records μ_{t+1} = μ_t − η(s_t − τ), with s_t = −log2 of the token under the truncated distribution', async () => {
    const tau = 3;
    const eta = 0.1;
    const states: StepState[] = [];
    const r = await decodeStepwise(model, { messages: ask, maxTokens: 12, seed: 5, mirostat: { mode: 2, tau, eta }, controller: { onStep: (s) => (states.push(s), { kind: 'sample' }) } });
    expect(r.steps).toHaveLength(12);
    expect(r.steps[0]?.mirostat?.mu).toBe(2 * tau);
    r.steps.forEach((s, i) => {
      const tr = s.mirostat;
      if (tr === undefined) throw new Error('no mirostat trace');
      const st = states[i] as StepState;
      const p = Array.from(st.logits, (l) => Math.exp(l - st.logZ));
      const keptMass = p.filter((x) => -Math.log2(x) <= tr.mu).reduce((a, b) => a + b, 0) || Math.max(...p);
      const pt = p[s.token] as number;
      expect(-Math.log2(pt)).toBeLessThanOrEqual(Math.max(tr.mu, -Math.log2(Math.max(...p))) + 1e-9);
      expect(tr.surprise).toBeCloseTo(-Math.log2(pt / keptMass), 6);
      expect(tr.nextMu).toBeCloseTo(tr.mu - eta * (tr.surprise - tau), 12);
      if (i > 0) expect(tr.mu).toBe(r.steps[i - 1]?.mirostat?.nextMu);
    });
  });

  it("Table A5's variant: T_t = exp(μ_t), s_t = −ln softmax(z/T_t)(x), μ* = 2, η = 0.1", async () => {
    const states: StepState[] = [];
    const r = await decodeStepwise(model, { messages: ask, maxTokens: 8, seed: 9, mirostat: { mode: 'table-a5', target: 2, eta: 0.1 }, controller: { onStep: (s) => (states.push(s), { kind: 'sample' }) } });
    expect(r.steps[0]?.mirostat?.mu).toBe(0);
    r.steps.forEach((s, i) => {
      const tr = s.mirostat;
      if (tr === undefined) throw new Error('no mirostat trace');
      const st = states[i] as StepState;
      const T = Math.exp(tr.mu);
      expect(tr.temperature).toBeCloseTo(T, 12);
      const scaled = Array.from(st.logits, (l) => l / T);
      const mx = Math.max(...scaled);
      const lse = mx + Math.log(scaled.reduce((a, v) => a + Math.exp(v - mx), 0));
      expect(tr.surprise).toBeCloseTo(-((scaled[s.token] as number) - lse), 6);
      expect(tr.nextMu).toBeCloseTo(tr.mu - 0.1 * (tr.surprise - 2), 12);
    });
  });

  it('generate() honours mirostat and warns that it replaces top-k/top-p', async () => {
    const p = { maxTokens: 10, seed: 4, mirostat: { mode: 2 as const, tau: 3, eta: 0.1 } };
    const a = await model.generate({ messages: ask, params: p });
    const b = await model.generate({ messages: ask, params: { ...p, topK: 5 } });
    expect(a.warnings.some((w) => w.setting === 'mirostat')).toBe(false);
    expect(b.text).toBe(a.text);
    expect(b.warnings.some((w) => /replaces top-k/.test(w.message))).toBe(true);
  });
});

describe('chat template', () => {
  it("uses the file's template (ChatML here) and stops at <|im_end|>", async () => {
    const tmpl = "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}";
    const chat = writeTinyGguf(join(dir, 'chatml.gguf'), { chatTemplate: tmpl });
    const m = await createGgufModel(chat.path, { contextSize: 256 });
    try {
      expect(m.core.template.name).toBe('ChatML');
      const rendered = m.core.template.render(ask);
      // the tiny vocabulary has no special tokens, so the markers are plain text here (and the
      // SentencePiece tokenizer may put a space piece before a marker)
      const text = m.core.model.detokenize(asTokens(rendered.tokens), true);
      expect(text).toMatch(/<\|im_start\|>user\n ?hello the good news ?<\|im_end\|>\n ?<\|im_start\|>assistant\n$/);
      expect(rendered.stopStrings).toContain('<|im_end|>');
      const r = await m.generate({ messages: ask, params: { temperature: 0, maxTokens: 3 } });
      expect(r.warnings).toEqual([]);
      // force the answer "ok<|im_end|>…": it ends before the marker
      const forced = m.core.model.tokenize('ok<|im_end|>more', false, 'trimLeadingSpace');
      const s = await decodeStepwise(m, {
        messages: ask,
        maxTokens: 20,
        controller: { onStep: (st) => ({ kind: 'choose', token: forced[st.step] ?? 0 }) },
      });
      expect(s.finishReason).toBe('stop');
      expect(s.text).toBe('ok');
    } finally {
      await m.dispose();
    }
  });
});

describe('errors a user can cause', () => {
  it('a missing file is a UserError naming it', async () => {
    const missing = join(dir, 'nope.gguf');
    await expect(createGgufModel(missing)).rejects.toBeInstanceOf(UserError);
    await expect(createGgufModel(missing)).rejects.toThrow(missing);
  });

  it('a file that is not GGUF is a UserError (llama.cpp never sees it)', async () => {
    const bad = join(dir, 'bad.gguf');
    writeFileSync(bad, 'not a model at all');
    await expect(createGgufModel(bad)).rejects.toThrow(/not a GGUF file/);
  });

  it("a GGUF missing a required key is a UserError with llama.cpp's reason", async () => {
    const broken = writeTinyGguf(join(dir, 'broken.gguf'), { omitKey: 'llama.block_count' });
    const err = await createGgufModel(broken.path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toMatch(/llama\.block_count/);
  });

  it('without node-llama-cpp the factory throws a UserError saying how to add it', async () => {
    const missingModule = () => Promise.reject(Object.assign(new Error("Cannot find package 'node-llama-cpp'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const err = await createGgufModel(tiny.path, { loader: missingModule }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).message).toMatch(/node-llama-cpp/);
    expect((err as UserError).hint).toMatch(/npm i node-llama-cpp/);
  });

  it('options from config are validated', () => {
    expect(parseGgufOptions({ threads: 2, contextSize: 512, apiKey: 'ignored' })).toEqual({ threads: 2, contextSize: 512 });
    expect(() => parseGgufOptions({ threads: 0 })).toThrow(UserError);
    expect(() => parseGgufOptions({ chatTemplate: 'jinja' })).toThrow(/chatTemplate/);
  });
});
