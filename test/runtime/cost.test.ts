import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { costOf, costReport, DEFAULT_PRICES, mergePrices, resolvePrice } from '../../src/runtime/cost.js';
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
    const t = mergePrices(DEFAULT_PRICES, { 'openai:gpt-4o-mini*': { input: 1, output: 2 }, 'openai-compatible:*': { input: 0, output: 0 } });
    expect(resolvePrice('openai:gpt-4o-mini', t)).toEqual({ input: 1, output: 2 });
    expect(resolvePrice('openai-compatible:http://h/v1#m', t)).toEqual({ input: 0, output: 0 });
    expect(() => mergePrices(DEFAULT_PRICES, { x: { input: -1, output: 0 } })).toThrow(UserError);
    expect(() => mergePrices(DEFAULT_PRICES, { x: { input: '1', output: 0 } })).toThrow(/prices\.x/);
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
