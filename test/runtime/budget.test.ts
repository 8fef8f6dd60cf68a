/** The budget's arithmetic: reservations of requests in flight count, answers replace them with what they used. */
import { describe, expect, it } from 'vitest';
import { Budget, BudgetReachedError } from '../../src/runtime/budget.js';

// $1 per 1,000 tokens in and out: a request of 1 message of 40 characters (~10 tokens estimated + 3 + 3 of chat format) and a limit of 100 tokens
const prices = { 'openai-compatible:*': { input: 1000, output: 1000 } };
const msg = [{ role: 'user' as const, content: 'x'.repeat(40) }];
const M = 'openai-compatible:http://h/v1#m';

describe('Budget', () => {
  it('counts what requests in flight reserved: the third of three concurrent requests is refused before anything is spent', async () => {
    // each reserves (10 + 3 + 3) + 100 = 116 tokens = $0.116
    const b = new Budget({ usd: 0.3 }, prices);
    const r1 = await b.reserve(M, 'openai-compatible', msg, 100);
    expect(r1.tokens).toBe(116);
    expect(r1.usd).toBeCloseTo(0.116, 10);
    await b.reserve(M, 'openai-compatible', msg, 100);
    expect(b.total('spent').usd).toBe(0);
    await expect(b.reserve(M, 'openai-compatible', msg, 100)).rejects.toBeInstanceOf(BudgetReachedError);
    expect(b.stop.aborted).toBe(true);
    expect(b.reachedLimit).toMatch(/the run's \$0\.3/);
  });

  it('an answer replaces its reservation with its reported usage, so later requests fit', async () => {
    const b = new Budget({ usd: 0.3 }, prices);
    const r1 = await b.reserve(M, 'openai-compatible', msg, 100);
    const r2 = await b.reserve(M, 'openai-compatible', msg, 100);
    b.settle(M, r1, { inputTokens: 16, outputTokens: 4 });
    b.settle(M, r2, { inputTokens: 16, outputTokens: 4 });
    expect(b.total('spent').usd).toBeCloseTo(0.04, 10);
    expect(b.total('reserved').usd).toBeCloseTo(0, 10);
    // 0.04 + 0.116 + 0.116 = 0.272 <= 0.3: two more fit, a third does not
    await b.reserve(M, 'openai-compatible', msg, 100);
    await b.reserve(M, 'openai-compatible', msg, 100);
    await expect(b.reserve(M, 'openai-compatible', msg, 100)).rejects.toBeInstanceOf(BudgetReachedError);
  });

  it('a failed request releases its reservation; an answer without usage keeps it as spent', async () => {
    const b = new Budget({ tokens: 300 }, prices);
    const r1 = await b.reserve(M, 'openai-compatible', msg, 100);
    b.release(M, r1);
    expect(b.total('reserved').tokens).toBe(0);
    const r2 = await b.reserve(M, 'openai-compatible', msg, 100);
    b.settle(M, r2, undefined);
    expect(b.total('spent').tokens).toBe(116);
  });

  it('an unpriced model counts against a token budget, and is allowed with a warning under a USD-only budget', async () => {
    const warnings: string[] = [];
    const usdOnly = new Budget({ usd: 0.0001 }, {}, { warn: (l) => warnings.push(l) });
    for (let i = 0; i < 5; i++) await usdOnly.reserve('ollama-like:m', 'openai-compatible', msg, 100);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ollama-like:m has no price');
    const tokens = new Budget({ tokens: 200 }, {});
    await tokens.reserve('x:m', 'openai-compatible', msg, 100);
    await expect(tokens.reserve('x:m', 'openai-compatible', msg, 100)).rejects.toBeInstanceOf(BudgetReachedError);
  });

  it("per-model limits, and a resumed run's earlier spend counts", async () => {
    const b = new Budget({ models: { [M]: { usd: 0.2 } } }, prices, { spentBefore: { [M]: { usd: 0.1, tokens: 100 } } });
    await expect(b.reserve(M, 'openai-compatible', msg, 100)).rejects.toThrow(/openai-compatible:http:\/\/h\/v1#m's \$0\.2 \(spent \$0\.1000/);
    // another model is not limited by it
    const c = new Budget({ models: { [M]: { usd: 0.2 } } }, prices);
    await c.reserve('openai-compatible:http://h/v1#other', 'openai-compatible', msg, 100);
    await c.reserve('openai-compatible:http://h/v1#other', 'openai-compatible', msg, 100);
  });

  it("a request without a token limit reserves its model's largest answer (Anthropic: its default 4,096), 4,096 output tokens for a model slant does not know", async () => {
    const b = new Budget({ tokens: 1_000_000 }, prices);
    expect((await b.reserve(M, 'openai-compatible', msg, undefined)).tokens).toBe(16 + 4096);
    expect((await b.reserve('anthropic:claude-haiku-4-5', 'anthropic', msg, undefined)).tokens).toBe(16 + 4096);
    // o4-mini answers at most 100,000 tokens (reasoning included); the input counted with its tokenizer
    const o4 = await b.reserve('openai:o4-mini', 'openai', msg, undefined);
    expect(o4.tokens - 100_000).toBeGreaterThan(0);
    expect(o4.tokens - 100_000).toBeLessThan(20);
  });
});
