import { UserError } from '../core/errors.js';

/**
 * Parses "canonical=source" specs (e.g. from --field source=reviewText) into canonical -> source.
 * The source may contain '=' after the first one; both sides are trimmed and must be non-empty.
 */
export function parseFieldMappings(specs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq === -1) {
      throw new UserError(`field mapping "${spec}" has no "="; expected canonical=source, e.g. source=reviewText`);
    }
    const canonical = spec.slice(0, eq).trim();
    const source = spec.slice(eq + 1).trim();
    if (canonical === '' || source === '') {
      throw new UserError(`field mapping "${spec}" is incomplete; expected canonical=source with both names non-empty`);
    }
    if (Object.hasOwn(out, canonical) && out[canonical] !== source) {
      throw new UserError(`field "${canonical}" is mapped twice ("${out[canonical]}" and "${source}")`);
    }
    out[canonical] = source;
  }
  return out;
}

/** The source field for a canonical field: its mapping, else the same name. */
export function sourceFieldFor(fields: Record<string, string> | undefined, canonical: string): string {
  return fields?.[canonical] ?? canonical;
}

/**
 * Looks up a source field in a row. A key that literally equals the name wins (CSV columns such as
 * datafiniti's "reviews.text"); otherwise a dotted name walks nested objects ("meta.text"), trying
 * the longest literal key first at each level ({"a.b": {"c": 1}} answers "a.b.c").
 * Returns undefined when absent.
 */
export function lookupField(row: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(row, name)) return row[name];
  if (!name.includes('.')) return undefined;
  return walk(row, name.split('.'), 0);
}

function walk(obj: Record<string, unknown>, parts: string[], from: number): unknown {
  for (let to = parts.length; to > from; to--) {
    const key = parts.slice(from, to).join('.');
    if (!Object.hasOwn(obj, key)) continue;
    const value = obj[key];
    if (to === parts.length) return value;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const found = walk(value as Record<string, unknown>, parts, to);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The top-level source key a (possibly dotted) source name reads from in `row`, for keepAll bookkeeping. */
export function topLevelKey(row: Record<string, unknown>, name: string): string | undefined {
  if (Object.hasOwn(row, name)) return name;
  const parts = name.split('.');
  for (let to = parts.length - 1; to > 0; to--) {
    const key = parts.slice(0, to).join('.');
    if (Object.hasOwn(row, key)) return key;
  }
  return undefined;
}
