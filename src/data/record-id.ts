import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no whitespace, undefined members
 * dropped, as JSON.stringify otherwise. Equal data gives equal text whatever the key order.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * A stable id derived from content: "h:" + the first 16 hex digits of sha256 over the canonical
 * JSON of `fields` restricted to `keys` (the required canonical fields; all fields when none are
 * given). The same text gives the same id in any format, in any run.
 */
export function deriveRecordId(fields: Record<string, unknown>, keys?: readonly string[]): string {
  const picked: Record<string, unknown> = {};
  for (const key of keys !== undefined && keys.length > 0 ? keys : Object.keys(fields)) picked[key] = fields[key];
  return `h:${createHash('sha256').update(canonicalJson(picked), 'utf8').digest('hex').slice(0, 16)}`;
}

/** An id value from a source field as a string, or undefined when it cannot be one. */
export function idToString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}
