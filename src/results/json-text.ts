import { isLazyArray } from '../core/lazy-array.js';
import { redact } from '../core/redact.js';
import { isStoredList } from '../runtime/stored-lists.js';
import type { Results } from './schema.js';

/** The text of results.json: indented JSON, redacted (src/core/redact.ts), with a final newline. */
export function resultsJsonText(results: Results): string {
  return redact(JSON.stringify(results, null, 2)) + '\n';
}

const KEPT = '\u0001slant-kept:';

/**
 * The results as results.json holds them (redacted; NaN and ±Infinity as null), for the report
 * pages to render from, with each list made when read (a per-article table), or read from the
 * store a part at a time (src/runtime/stored-lists.ts), kept as it is rather than written out and
 * parsed back into objects: the pages do not show those lists, and a list of 100,000 rows as
 * objects is most of a large run's memory at its end.
 */
export function writtenResults(results: Results): Results {
  const kept: unknown[] = [];
  const text = JSON.stringify(results, (_key, value: unknown) => {
    if (!isLazyArray(value) && !isStoredList(value)) return value;
    kept.push(value);
    return `${KEPT}${kept.length - 1}`;
  });
  if (kept.length === 0) return JSON.parse(redact(text)) as Results;
  return JSON.parse(redact(text), (_key, value: unknown) => (typeof value === 'string' && value.startsWith(KEPT) ? kept[Number(value.slice(KEPT.length))] : value)) as Results;
}
