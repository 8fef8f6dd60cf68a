/**
 * JSON text for values the store keeps (outputs, measurements, results, cached responses).
 * Plain JSON.stringify turns NaN and ±Infinity into null, silently changing measurements
 * (an undefined correlation) and logprobs (-Infinity); here they are written as
 * `{"$number":"NaN"}` / `{"$number":"Infinity"}` / `{"$number":"-Infinity"}` and read back as numbers.
 * Every string is redacted on the way (src/core/redact.ts): no credential reaches the store.
 */
import { redact } from '../core/redact.js';

const NON_FINITE = new Set(['NaN', 'Infinity', '-Infinity']);

export function toStoredJson(value: unknown, what: string): string {
  const text = JSON.stringify(value, (_k, v: unknown) =>
    typeof v === 'number' && !Number.isFinite(v) ? { $number: String(v) } : v,
  ) as string | undefined;
  if (text === undefined) throw new TypeError(`${what} is ${typeof value}, which cannot be stored as JSON`);
  return redact(text);
}

export function fromStoredJson(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const n = (v as { $number?: unknown }).$number;
      if (keys.length === 1 && typeof n === 'string' && NON_FINITE.has(n)) return Number(n);
    }
    return v;
  });
}
