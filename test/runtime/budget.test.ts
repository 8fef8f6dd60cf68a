/** The budget's arithmetic: reservations of requests in flight count, answers replace them with what they used. */
import { describe, expect, it } from 'vitest';
import { Budget, BudgetReachedError, judgeReserveKey } from '../../src/runtime/budget.js';
import { inCell, inItem } from '../../src/runtime/cell-scope.js';

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

  it("an item's first request holds its judge calls ahead; they draw on the hold, a record begun goes on once the budget is reached, and its end gives back what was not used", async () => {
    const J = 'openai-compatible:http://h/v1#judge';
    // per item of cell (m, baseline): one judge call of 16 input and 100 output tokens = $0.116
    const judgeReserve = { [judgeReserveKey('m', 'baseline')]: { [J]: { inputTokens: 16, outputTokens: 100 } } };
    const b = new Budget({ usd: 0.5 }, prices, { judgeReserve });
    const cell = { model: 'm', condition: 'baseline' };
    let releaseFirst!: () => void;
    const first = inItem({ record: 'r1', generator: M }, () =>
      inCell(cell, async () => {
        // the generation ($0.116) and the held judge call ($0.116)
        await b.reserve(M, 'openai-compatible', msg, 100);
        expect(b.total('reserved').usd).toBeCloseTo(0.232, 10);
        await new Promise<void>((r) => (releaseFirst = r));
        // the judge call draws on the hold: nothing more is reserved
        const before = b.total('reserved').usd;
        await b.reserve(J, 'openai-compatible', msg, 100);
        expect(b.total('reserved').usd).toBeCloseTo(before, 10);
      }),
    );
    await new Promise((r) => setImmediate(r));
    // a second item: 0.232 + 0.232 = 0.464 fits; a third does not, and the budget is reached
    await inItem({ record: 'r2', generator: M }, () => inCell(cell, () => b.reserve(M, 'openai-compatible', msg, 100)));
    // r2 ended without its judge call: its hold ($0.116) is given back, its generation stays in flight
    expect(b.total('reserved').usd).toBeCloseTo(0.348, 10);
    await expect(inItem({ record: 'r3', generator: M }, () => inCell(cell, () => b.reserve(M, 'openai-compatible', [{ role: 'user', content: 'y'.repeat(400) }], 100)))).rejects.toBeInstanceOf(BudgetReachedError);
    expect(b.stop.aborted).toBe(true);
    // r1 began before: its judge call goes on with what it holds
    releaseFirst();
    await first;
    // nothing new starts
    await expect(inItem({ record: 'r4', generator: M }, () => inCell(cell, () => b.reserve(M, 'openai-compatible', msg, 100)))).rejects.toBeInstanceOf(BudgetReachedError);
  });

  it('a request sent outside the cells (a batch) leaves its judge calls held for the record, which takes them over', async () => {
    const J = 'openai-compatible:http://h/v1#judge';
    const b = new Budget({ usd: 0.25 }, prices, { judgeReserve: { [judgeReserveKey('m', 'baseline')]: { [J]: { inputTokens: 16, outputTokens: 100 } } } });
    const r = await b.reserveFor({ model: 'm', condition: 'baseline', record: 'r1' }, { model: M, provider: 'openai-compatible', messages: msg, maxTokens: 100 });
    await expect(b.reserveFor({ model: 'm', condition: 'baseline', record: 'r2' }, { model: M, provider: 'openai-compatible', messages: msg, maxTokens: 100 })).rejects.toBeInstanceOf(BudgetReachedError);
    // reached, but the run is not stopped: the record that holds is measured
    expect(b.stop.aborted).toBe(false);
    b.settle(M, r, { inputTokens: 16, outputTokens: 4 });
    await inItem({ record: 'r1', generator: M }, () => inCell({ model: 'm', condition: 'baseline' }, () => b.reserve(J, 'openai-compatible', msg, 100)));
    expect(b.total('reserved').usd).toBeCloseTo(0.116, 10);
    // a record that holds nothing stops the run at its first request
    await expect(inItem({ record: 'r2', generator: M }, () => inCell({ model: 'm', condition: 'baseline' }, () => b.reserve(M, 'openai-compatible', msg, 100)))).rejects.toBeInstanceOf(BudgetReachedError);
    expect(b.stop.aborted).toBe(true);
  });
});
