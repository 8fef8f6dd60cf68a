/** Usage lines: an unpriced model prints "no price", never "$0.0000", and the total says what it covers. */
import { describe, expect, it } from 'vitest';
import { usageCost, usageTokens, usageTotal } from '../../src/report/format.js';

const row = (model: string, cost: number | undefined, tokens = 100) => ({ model, requests: 2, cachedRequests: 0, inputTokens: tokens, outputTokens: tokens, withoutUsage: 0, ...(cost !== undefined ? { cost } : {}) });

describe('usage cost and total', () => {
  it('priced, unpriced, local', () => {
    expect(usageCost(row('openai:gpt-4o-mini', 0.00012))).toBe('$0.0001');
    expect(usageCost(row('openai-compatible:http://h/v1#m', undefined))).toBe('no price');
    expect(usageCost(row('openai-compatible:http://h/v1#m', undefined, 0))).toBe('');
    expect(usageCost(row('gguf:/m.gguf', 0))).toBe('$0.0000');
  });

  it('a total over unpriced models is "no price", never $0.0000; a mixed total says it is of the priced ones', () => {
    const only = { rows: [row('openai-compatible:http://h/v1#m', undefined)], total: 0, unpriced: ['openai-compatible:http://h/v1#m'], pricesAsOf: '2025-10' };
    expect(usageTotal(only)).toBe('total: no price (no price for openai-compatible:http://h/v1#m; prices as of 2025-10)');
    expect(usageTotal(only)).not.toContain('$0.0000');
    const mixed = { ...only, rows: [...only.rows, row('openai:gpt-4o-mini', 0.5)], total: 0.5 };
    expect(usageTotal(mixed)).toBe('total $0.5000 for the priced models; no price for openai-compatible:http://h/v1#m (prices as of 2025-10)');
    expect(usageTotal({ rows: [row('openai:gpt-4o-mini', 0.5)], total: 0.5, unpriced: [], pricesAsOf: '2025-10' })).toBe('total $0.5000 (prices as of 2025-10)');
  });
});

describe('answers that report no usage', () => {
  const quiet = (withoutUsage: number, tokens = 0) => ({ ...row('openai:gpt-4o-mini', 0, tokens), withoutUsage });
  it('all of a model\'s answers without usage: "usage not reported", cost —, never 0 tokens / $0.0000', () => {
    expect(usageTokens(quiet(2))).toBe('usage not reported (2 answer(s))');
    expect(usageCost(quiet(2))).toBe('—');
    expect(usageTotal({ rows: [quiet(2)], total: 0, unpriced: [], pricesAsOf: '2025-10' })).toBe('total: — (usage not reported for 2 answer(s); prices as of 2025-10)');
  });
  it('some without usage: the counts and the cost are lower bounds and say so', () => {
    const some = { ...row('openai:gpt-4o-mini', 0.25), requests: 3, withoutUsage: 1 };
    expect(usageTokens(some)).toBe('100 in / 100 out tokens (usage not reported for 1 answer(s): at least this many)');
    expect(usageCost(some)).toBe('$0.2500 or more');
    expect(usageTotal({ rows: [some], total: 0.25, unpriced: [], pricesAsOf: '2025-10' })).toBe('total at least $0.2500 (usage not reported for 1 answer(s); prices as of 2025-10)');
  });
});
