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
  return redact(storedJsonText(value, what));
}

/** toStoredJson's text before redaction: for a writer that joins several values and redacts them together (src/runtime/stored-lists.ts). */
export function storedJsonText(value: unknown, what: string): string {
  // a replacer takes JSON.stringify off its fast path (most of a stored record's cost):
  // plain values with finite numbers only are stringified without it, which gives the same text
  const text = (plainFinite(value, 0)
    ? JSON.stringify(value)
    : JSON.stringify(value, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { $number: String(v) } : v))) as string | undefined;
  if (text === undefined) throw new TypeError(`${what} is ${typeof value}, which cannot be stored as JSON`);
  return text;
}

/** Nesting beyond which `plainFinite` gives up (the replacer path is always right, only slower). */
const MAX_DEPTH = 64;

/**
 * True when the replacer would return every value unchanged: no non-finite number anywhere, and
 * nothing whose JSON text comes from a toJSON method (a Date, ...) or whose walk could differ
 * from JSON.stringify's (a class instance, a Map, a getter's second read: plain objects and
 * arrays only).
 */
function plainFinite(v: unknown, depth: number): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return false;
    for (const x of v) if (!plainFinite(x, depth + 1)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  if ('toJSON' in v) return false;
  for (const k in v) {
    const d = Object.getOwnPropertyDescriptor(v, k);
    if (d === undefined || d.get !== undefined || !plainFinite(d.value, depth + 1)) return false;
  }
  return true;
}

export function fromStoredJson(text: string): unknown {
  // a reviver takes JSON.parse off its fast path (four times slower on a measurement): a text
  // that cannot hold a {"$number": …} object (no "$number", and no \u escape that could spell
  // it) is parsed without one, which gives the same value
  if (!text.includes('$number') && !text.includes('\\u')) return JSON.parse(text) as unknown;
  return JSON.parse(text, (_k, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const n = (v as { $number?: unknown }).$number;
      if (keys.length === 1 && typeof n === 'string' && NON_FINITE.has(n)) return Number(n);
    }
    return v;
  });
}
