/** Money on every screen: a real but tiny amount is never "$0.0000", and an unreported spend is never $0. */
import { describe, expect, it } from 'vitest';
import { spentAmount, usd } from '../../src/report/money.js';
import type { Results } from '../../src/results/schema.js';

type Spend = NonNullable<Results['spend']>;
const row = (cost: number | null, withoutUsage: number, tokens: number): Spend['rows'][number] => ({
  model: 'openai:gpt-4o-mini', condition: 'baseline', requests: 2, cachedRequests: 0, inputTokens: tokens, outputTokens: tokens, withoutUsage, cost,
});

describe('usd', () => {
  it('four decimals below a dollar, cents above, $0 only for nothing', () => {
    expect(usd(0)).toBe('$0');
    expect(usd(0.00005)).toBe('$0.0001');
    expect(usd(0.0123)).toBe('$0.0123');
    expect(usd(1)).toBe('$1.00');
    expect(usd(12.345)).toBe('$12.35');
  });
  it('an amount too small for four decimals says so instead of $0.0000', () => {
    // 100 input tokens of gpt-4o-mini at $0.15 per million: $0.000015
    expect(usd(0.000015)).toBe('< $0.0001');
    expect(usd(0.0000499)).toBe('< $0.0001');
  });
});

describe('spentAmount', () => {
  it('the total when every answer reported its usage', () => {
    expect(spentAmount({ rows: [row(0.0123, 0, 100)], total: 0.0123 })).toBe('$0.0123');
  });
  it('"—" with the count when no answer reported usage, never $0', () => {
    expect(spentAmount({ rows: [row(0, 2, 0)], total: 0 })).toBe('— (usage not reported for 2 answer(s))');
  });
  it('"at least" the priced part when some answers reported none', () => {
    expect(spentAmount({ rows: [row(0.002, 1, 50), row(0, 3, 0)], total: 0.002 })).toBe('at least $0.0020 (usage not reported for 4 answer(s))');
  });
});
