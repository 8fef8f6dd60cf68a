/**
 * Cost from token usage and a price table (USD per million tokens). The built-in table is the
 * list prices in the providers' manifests (each paid provider's prices.json, as of the month it
 * says) and goes stale: users override or extend it (config `prices:`), and a model without a
 * price is reported as unpriced, never as free. Local providers cost nothing.
 */
import { checkPrice } from '../models/price-check.js';
import type { Price } from '../models/provider-manifest.js';
import { isLocalProvider, providerManifests } from '../models/providers.js';
import type { ModelUsage } from './usage.js';
import { lookupModel } from './model-table.js';

export type { Price } from '../models/provider-manifest.js';

/** Keys are model ids; a trailing `*` matches any suffix (dated snapshots); the longest match wins. */
export type PriceTable = Record<string, Price>;

/**
 * The price table of every provider known now (built in, then plugins'), keyed by whole model id:
 * each manifest's `prices` under its `<name>:` prefix. A function, not a constant, so a plugin's
 * provider registered after this module loaded is priced too.
 */
export function defaultPrices(): PriceTable {
  const out: PriceTable = {};
  for (const p of providerManifests()) for (const [model, price] of Object.entries(p.prices?.models ?? {})) out[`${p.name}:${model}`] = price;
  return out;
}

/** The month the built-in prices were read: the oldest of the providers' (the table is no newer than that). */
export function pricesAsOf(): string {
  const months = providerManifests().flatMap((p) => (p.prices !== undefined ? [p.prices.asOf] : []));
  return months.length === 0 ? '—' : months.reduce((a, b) => (b < a ? b : a));
}

/** The run's price table: the providers' prices with a config's `prices:` over them. */
export const priceTable = (overrides?: Record<string, unknown>): PriceTable => mergePrices(defaultPrices(), overrides);

/** Overrides win over the base table; each entry is validated. */
export function mergePrices(base: PriceTable, overrides: Record<string, unknown> = {}): PriceTable {
  const out: PriceTable = { ...base };
  for (const [key, v] of Object.entries(overrides)) out[key] = checkPrice(v, `prices.${key}`);
  return out;
}

/** The price of a model id: exact key, else the longest matching `prefix*` key; free for local providers. */
export function resolvePrice(modelId: string, table: PriceTable = defaultPrices()): Price | undefined {
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

export function costReport(usage: Record<string, ModelUsage>, table: PriceTable = defaultPrices(), opts: { batch?: boolean } = {}): CostReport {
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
  return { rows, total, unpriced, pricesAsOf: pricesAsOf() };
}
