import { UserError } from './errors.js';

/**
 * A setting read from the environment that must be a positive whole number (a size, a timeout):
 * `fallback` when unset or empty, a UserError naming the variable and its unit otherwise.
 */
export function positiveIntegerEnv(name: string, unit: string, fallback: number, env: Record<string, string | undefined> = process.env): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UserError(`${name} must be a positive whole number of ${unit}, got "${raw}"`);
  return n;
}
