import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { costOf, costReport, defaultPrices, mergePrices, pricesAsOf, priceTable, resolvePrice } from '../../src/runtime/cost.js';
import { registerProvider } from '../../src/models/providers.js';
import { defineProvider } from '../../src/models/provider-manifest.js';
import { trackUsage, UsageTracker } from '../../src/runtime/usage.js';
import { NO_CAPABILITIES, type LanguageModel } from '../../src/models/types.js';

describe('prices', () => {
  it('matches exact keys, then the longest prefix; local providers are free; unknown is undefined', () => {
    expect(resolvePrice('openai:gpt-4o-mini-2024-07-18')).toEqual({ input: 0.15, output: 0.6 });
    expect(resolvePrice('openai:gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
    expect(resolvePrice('anthropic:claude-opus-4-5-20251101')).toEqual({ input: 5, output: 25 });
    expect(resolvePrice('ollama:llama3.2')).toEqual({ input: 0, output: 0 });
    expect(resolvePrice('openai-compatible:http://h/v1#m')).toBeUndefined();
  });

  it('computes USD per million tokens, halved for batch', () => {
    // 1,000,000 in × $0.15/M + 500,000 out × $0.60/M = 0.15 + 0.30 = $0.45
    const p = { input: 0.15, output: 0.6 };
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, p)).toBeCloseTo(0.45, 12);
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 500_000 }, p, { batch: true })).toBeCloseTo(0.225, 12);
    expect(costOf({ inputTokens: 1_000, outputTokens: 0 }, { input: 3, output: 15, batch: 0.4 }, { batch: true })).toBeCloseTo(0.0012, 12);
  });

  it('user overrides win and are validated', () => {
    const t = mergePrices(defaultPrices(), { 'openai:gpt-4o-mini*': { input: 1, output: 2 }, 'openai-compatible:*': { input: 0, output: 0 } });
    expect(resolvePrice('openai:gpt-4o-mini', t)).toEqual({ input: 1, output: 2 });
    expect(resolvePrice('openai-compatible:http://h/v1#m', t)).toEqual({ input: 0, output: 0 });
    expect(() => mergePrices(defaultPrices(), { x: { input: -1, output: 0 } })).toThrow(UserError);
    expect(() => mergePrices(defaultPrices(), { x: { input: '1', output: 0 } })).toThrow(/prices\.x/);
  });
});

// the table as it stood in runtime/cost.ts before the prices moved into the providers' manifests:
// moving them changes no price
const TABLE_BEFORE_THE_MOVE = {
  'openai:gpt-4o-mini*': { input: 0.15, output: 0.6 },
  'openai:gpt-4o*': { input: 2.5, output: 10 },
  'openai:gpt-4.1*': { input: 2, output: 8 },
  'openai:gpt-4.1-mini*': { input: 0.4, output: 1.6 },
  'openai:gpt-4.1-nano*': { input: 0.1, output: 0.4 },
  'openai:gpt-5*': { input: 1.25, output: 10 },
  'openai:gpt-5-mini*': { input: 0.25, output: 2 },
  'openai:gpt-5-nano*': { input: 0.05, output: 0.4 },
  'openai:o3*': { input: 2, output: 8 },
  'openai:o3-mini*': { input: 1.1, output: 4.4 },
  'openai:o4-mini*': { input: 1.1, output: 4.4 },
  'openai:text-embedding-3-small': { input: 0.02, output: 0 },
  'openai:text-embedding-3-large': { input: 0.13, output: 0 },
  'anthropic:claude-3-5-haiku*': { input: 0.8, output: 4 },
  'anthropic:claude-haiku-4-5*': { input: 1, output: 5 },
  'anthropic:claude-3-7-sonnet*': { input: 3, output: 15 },
  'anthropic:claude-sonnet-4*': { input: 3, output: 15 },
  'anthropic:claude-opus-4*': { input: 15, output: 75 },
  'anthropic:claude-opus-4-5*': { input: 5, output: 25 },
  'gemini:gemini-2.0-flash*': { input: 0.1, output: 0.4 },
  'gemini:gemini-2.0-flash-lite*': { input: 0.075, output: 0.3 },
  'gemini:gemini-2.5-flash*': { input: 0.3, output: 2.5 },
  'gemini:gemini-2.5-flash-lite*': { input: 0.1, output: 0.4 },
  'gemini:gemini-2.5-pro*': { input: 1.25, output: 10 },
};

describe("prices from the providers' manifests", () => {
  it('the built-in table is every paid provider\'s prices under its prefix, the same table as before, as of 2025-10', () => {
    expect(defaultPrices()).toEqual(TABLE_BEFORE_THE_MOVE);
    expect(pricesAsOf()).toBe('2025-10');
  });

  it("a plugin provider's prices join the table once it is registered; a config's prices: still win", async () => {
    expect(resolvePrice('pricey:big-1')).toBeUndefined();
    const create = async () => {
      throw new Error('not made in this test');
    };
    await registerProvider(defineProvider({ name: 'pricey', idForm: 'pricey:<model>', env: [], optionKeys: [], local: false, prices: { asOf: '2026-01', models: { 'big-*': { input: 4, output: 12 }, 'big-embed': { input: 0.5, output: 0 } } }, capabilities: async () => NO_CAPABILITIES, create }));
    expect(resolvePrice('pricey:big-1')).toEqual({ input: 4, output: 12 });
    expect(resolvePrice('pricey:big-embed')).toEqual({ input: 0.5, output: 0 });
    expect(resolvePrice('pricey:big-1', priceTable({ 'pricey:big-1': { input: 1, output: 1 } }))).toEqual({ input: 1, output: 1 });
    // the oldest month stays: the built-in prices are still from 2025-10
    expect(pricesAsOf()).toBe('2025-10');
  });

  it("a plugin provider's bad prices are refused naming the provider and the model", async () => {
    const base = { idForm: 'x:<model>', env: [], optionKeys: [], local: false, capabilities: async () => NO_CAPABILITIES, create: async () => { throw new Error('unused'); } };
    await expect(registerProvider(defineProvider({ ...base, name: 'bad-price', prices: { asOf: '2026-01', models: { m: { input: -1, output: 0 } } } }), 'plugin "p.js"')).rejects.toThrow(/plugin "p\.js": provider "bad-price": prices\.models\["m"\]: expected \{ input/);
    await expect(registerProvider(defineProvider({ ...base, name: 'no-month', prices: { models: {} } as never }))).rejects.toThrow(/prices must be \{ asOf/);
  });
});

describe('usage and cost report', () => {
  it('counts tokens of live answers per model; cached answers separately', async () => {
    const tracker = new UsageTracker();
    let cached = false;
    const model: LanguageModel = {
      id: 'openai:gpt-4o-mini',
      version: '1',
      provider: 'openai',
      capabilities: NO_CAPABILITIES,
      generate: async () => ({ text: 'x', usage: { inputTokens: 100, outputTokens: 20 }, warnings: [], cached }),
    };
    const m = trackUsage(model, tracker);
    await m.generate({ messages: [] });
    await m.generate({ messages: [] });
    cached = true;
    await m.generate({ messages: [] });
    tracker.record('mystery:model', { usage: { inputTokens: 5, outputTokens: 5 }, cached: false });
    tracker.record('ollama:x', { cached: false });
    expect(tracker.get('openai:gpt-4o-mini')).toEqual({ requests: 3, cachedRequests: 1, inputTokens: 200, outputTokens: 40, withoutUsage: 0 });
    const r = costReport(tracker.byModel());
    // 200 × 0.15/1e6 + 40 × 0.6/1e6 = 0.00003 + 0.000024 = 0.000054
    expect(r.rows.find((x) => x.model === 'openai:gpt-4o-mini')?.cost).toBeCloseTo(0.000054, 12);
    expect(r.total).toBeCloseTo(0.000054, 12);
    expect(r.unpriced).toEqual(['mystery:model']);
    expect(r.rows.find((x) => x.model === 'ollama:x')).toMatchObject({ cost: 0, withoutUsage: 1 });
    expect(tracker.total()).toMatchObject({ requests: 5, inputTokens: 205 });
  });

  it('an unpriced model asked live is unpriced even when it reported zero tokens; one answered only from the cache is not', () => {
    const zero = { requests: 2, cachedRequests: 0, inputTokens: 0, outputTokens: 0, withoutUsage: 0 };
    const cachedOnly = { requests: 2, cachedRequests: 2, inputTokens: 0, outputTokens: 0, withoutUsage: 0 };
    const r = costReport({ 'openai:my-finetune': zero, 'mystery:cached': cachedOnly });
    expect(r.unpriced).toEqual(['openai:my-finetune']);
    expect(r.total).toBe(0);
  });
});
