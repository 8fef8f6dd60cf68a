/**
 * Cost from token usage and a price table (USD per million tokens). The defaults are list prices
 * as of PRICES_AS_OF and go stale: users override or extend them (config `prices:`), and a model
 * without a price is reported as unpriced, never as free. Local providers cost nothing.
 */
import { UserError } from '../core/errors.js';
import { isLocalProvider } from '../models/providers.js';
import type { ModelUsage } from './usage.js';
import { lookupModel } from './model-table.js';

export interface Price {
  /** USD per 1,000,000 input tokens */
  input: number;
  /** USD per 1,000,000 output tokens */
  output: number;
  /** price factor for batch runs (default 0.5: OpenAI, Anthropic and Gemini batch APIs halve the price) */
  batch?: number;
}

/** Keys are model ids; a trailing `*` matches any suffix (dated snapshots); the longest match wins. */
export type PriceTable = Record<string, Price>;

export const PRICES_AS_OF = '2025-10';

export const DEFAULT_PRICES: PriceTable = {
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


/** Overrides win over the base table; each entry is validated. */
export function mergePrices(base: PriceTable, overrides: Record<string, unknown> = {}): PriceTable {
  const out: PriceTable = { ...base };
  for (const [key, v] of Object.entries(overrides)) {
    const p = v as Partial<Record<keyof Price, unknown>> | null;
    const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;
    if (p === null || typeof p !== 'object' || !ok(p.input) || !ok(p.output) || (p.batch !== undefined && !ok(p.batch)))
      throw new UserError(`prices.${key}: expected { input: <USD per 1M input tokens>, output: <USD per 1M output tokens>, batch?: <factor> } with non-negative numbers`);
    out[key] = { input: p.input, output: p.output, ...(p.batch !== undefined ? { batch: p.batch as number } : {}) };
  }
  return out;
}

/** The price of a model id: exact key, else the longest matching `prefix*` key; free for local providers. */
export function resolvePrice(modelId: string, table: PriceTable = DEFAULT_PRICES): Price | undefined {
  const found = lookupModel(table, modelId);
  if (found !== undefined) return found;
  const provider = modelId.split(':')[0] ?? '';
  // providers that run locally (or replay) cost nothing per token (their manifests say `local`)
  if (isLocalProvider(provider)) return { input: 0, output: 0 };
  return undefined;
}

/** USD for these tokens at this price. */
export function costOf(tokens: { inputTokens: number; outputTokens: number }, price: Price, opts: { batch?: boolean } = {}): number {
  const factor = opts.batch === true ? (price.batch ?? 0.5) : 1;
  return ((tokens.inputTokens * price.input + tokens.outputTokens * price.output) / 1_000_000) * factor;
}

export interface CostRow extends ModelUsage {
  model: string;
  /** undefined when the model has no price */
  cost?: number;
}

export interface CostReport {
  rows: CostRow[];
  /** sum over priced models */
  total: number;
  /** models asked live (with or without reported tokens) that have no price */
  unpriced: string[];
  pricesAsOf: string;
}

export function costReport(usage: Record<string, ModelUsage>, table: PriceTable = DEFAULT_PRICES, opts: { batch?: boolean } = {}): CostReport {
  const rows: CostRow[] = [];
  const unpriced: string[] = [];
  let total = 0;
  for (const [model, u] of Object.entries(usage).sort(([a], [b]) => a.localeCompare(b))) {
    const price = resolvePrice(model, table);
    if (price === undefined) {
      rows.push({ model, ...u });
      // asked live and not priced: its cost is unknown even when it reported no or zero tokens
      // (a total of $0 would read as free)
      if (u.inputTokens + u.outputTokens > 0 || u.requests > u.cachedRequests) unpriced.push(model);
      continue;
    }
    const cost = costOf(u, price, opts);
    total += cost;
    rows.push({ model, ...u, cost });
  }
  return { rows, total, unpriced, pricesAsOf: PRICES_AS_OF };
}
