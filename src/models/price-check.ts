import { UserError } from '../core/errors.js';
import type { Price } from './provider-manifest.js';

const amount = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/**
 * One price entry, from a config's `prices:` or a plugin provider's manifest: non-negative numbers
 * only, so a typo never prices a model at NaN or a negative amount. `where` names the entry in the error.
 */
export function checkPrice(v: unknown, where: string): Price {
  const p = v as Partial<Record<keyof Price, unknown>> | null;
  if (p === null || typeof p !== 'object' || !amount(p.input) || !amount(p.output) || (p.batch !== undefined && !amount(p.batch)))
    throw new UserError(`${where}: expected { input: <USD per 1M input tokens>, output: <USD per 1M output tokens>, batch?: <factor> } with non-negative numbers`);
  return { input: p.input, output: p.output, ...(p.batch !== undefined ? { batch: p.batch as number } : {}) };
}
