/** The confirmation before a large run without a budget, and the spend lines of the terminal summary. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CostPlan } from '../../src/pipeline/cost-plan/estimate.js';
import { askToGoOn, needsConfirmation, planCeiling } from '../../src/cli/confirm-run.js';
import { renderSpend } from '../../src/cli/spend-table.js';

function plan(low: number, high: number | null): CostPlan {
  return {
    rows: [],
    totals: { requests: { cached: 2, stored: 0, fresh: 40, freshExact: 40, answerDependent: 0 }, inputTokens: 12000, outputTokensMax: 20000, unlimited: high === null ? 3 : 0, modelMax: 0, price: { low, high }, exactTokens: true },
    unpriced: [],
    unbounded: high === null ? ['openai-compatible:http://h/v1#judge'] : [],
    pricesAsOf: '2025-10',
    outputLimitsAsOf: '2025-10',
    batch: false,
    notes: [],
    datasets: [{ name: 'reviews', n: 20 }],
    judgeReserve: {},
  };
}

async function ask(p: CostPlan, answer: string): Promise<{ go: boolean; shown: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (c: Buffer) => (shown += c.toString()));
  const going = askToGoOn(p, 1, { input, output });
  input.end(`${answer}\n`);
  return { go: await going, shown };
}

describe('confirmation above the threshold', () => {
  it('asks only when the most the plan may cost is above the threshold (the lower price when the output has no bound)', () => {
    expect(needsConfirmation(plan(0.2, 0.9), 1)).toBe(false);
    expect(needsConfirmation(plan(0.2, 1.5), 1)).toBe(true);
    expect(planCeiling(plan(0.2, null))).toBe(0.2);
    expect(needsConfirmation(plan(1.2, null), 1)).toBe(true);
  });

  it('shows the plan summary and goes on only on yes', async () => {
    const yes = await ask(plan(0.5, 2), 'y');
    expect(yes.go).toBe(true);
    expect(yes.shown).toContain('40 request(s) to send, 2 from the cache, 0 already stored; 12,000 input tokens, at most 20,000 output tokens; $0.5000 – $2.00');
    expect(yes.shown).toContain('start the run? [y/N]');
    expect((await ask(plan(0.5, 2), '')).go).toBe(false);
    expect((await ask(plan(0.5, 2), 'no')).go).toBe(false);
  });
});

describe('spend lines', () => {
  const spend = {
    rows: [
      { model: 'openai:gpt-4o-mini', condition: 'baseline', requests: 10, cachedRequests: 4, inputTokens: 1000, outputTokens: 200, withoutUsage: 0, cost: 0.00027 },
      { model: 'openai-compatible:http://h/v1#m', condition: 'self-awareness', requests: 6, cachedRequests: 0, inputTokens: 600, outputTokens: 100, withoutUsage: 0, cost: null },
    ],
    total: 0.00027,
    plan: { requests: 12, answerDependent: 0, inputTokens: 1500, outputTokensMax: 6000, priceLow: 0.0002, priceHigh: 0.004 },
    budget: { usd: 1, spent: { usd: 0.00027, tokens: 1900 }, spentByModel: {}, reached: null },
  };
  it('per model and condition with --verbose (fresh and cached apart, "no price" for unpriced), the plan beside the actual, the budget', () => {
    const lines = renderSpend(spend, { verbose: true });
    expect(lines[0]).toBe('cost by model and condition (cached requests are free):');
    expect(lines[2]).toMatch(/openai:gpt-4o-mini\s+baseline\s+6\s+4\s+1,000\s+200\s+\$0\.0003$/);
    expect(lines[3]).toMatch(/self-awareness\s+6\s+0\s+600\s+100\s+no price$/);
    expect(lines).toContain('plan vs actual: 12 request(s) planned, 12 sent; $0.0002 – $0.0040 planned, $0.0003 spent');
    expect(lines).toContain('budget $1.00: spent $0.0003, 1,900 tokens');
    expect(renderSpend(spend, { verbose: false })[0]).toMatch(/^plan vs actual/);
  });
});
