import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted (by UTF-16 code unit, like Array.prototype.sort) at every
 * depth, no whitespace, numbers as JSON.stringify writes them. Two values that mean the same JSON
 * produce the same string, so the string can be hashed into a cache key.
 *
 * - `undefined` object properties are dropped; `undefined` array elements become `null`
 *   (both as JSON.stringify does).
 * - Objects with a `toJSON` method (e.g. Date) are replaced by its result.
 * - Functions, symbols, bigints, NaN, ±Infinity, cycles and non-plain objects (Map, Set,
 *   class instances, typed arrays) throw a TypeError naming the path, e.g. `$.params.seed`
 *   (`path`: what the value is called, when it is a part of a larger value).
 */
export function canonicalJson(value: unknown, path = '$'): string {
  const out = encode(value, path, new Set<object>());
  if (out === undefined) throw new TypeError(`canonicalJson: the value at ${path} is undefined, which is not JSON`);
  return out;
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `s`. */
export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex');
}

function fail(path: string, what: string): never {
  throw new TypeError(`canonicalJson: ${what} at ${path} is not JSON-serializable`);
}

function encode(value: unknown, path: string, seen: Set<object>): string | undefined {
  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) fail(path, String(value));
      return JSON.stringify(value);
    case 'function':
      return fail(path, 'a function');
    case 'symbol':
      return fail(path, 'a symbol');
    case 'bigint':
      return fail(path, 'a bigint');
  }
  if (value === null) return 'null';
  const obj = value as object;
  if (typeof (obj as { toJSON?: unknown }).toJSON === 'function') {
    return encode((obj as { toJSON: () => unknown }).toJSON(), path, seen);
  }
  if (seen.has(obj)) fail(path, 'a circular reference');
  seen.add(obj);
  try {
    if (Array.isArray(obj)) {
      return `[${obj.map((v: unknown, i) => encode(v, `${path}[${i}]`, seen) ?? 'null').join(',')}]`;
    }
    const proto: unknown = Object.getPrototypeOf(obj);
    if (proto !== Object.prototype && proto !== null) {
      fail(path, `an object of type ${obj.constructor?.name ?? 'unknown'}`);
    }
    const rec = obj as Record<string, unknown>;
    const parts: string[] = [];
    for (const k of Object.keys(rec).sort()) {
      const v = encode(rec[k], `${path}.${k}`, seen);
      if (v !== undefined) parts.push(`${JSON.stringify(k)}:${v}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    seen.delete(obj);
  }
}
