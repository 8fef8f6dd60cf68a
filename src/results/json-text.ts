import { redact } from '../core/redact.js';
import type { Results } from './schema.js';

/** The text of results.json: indented JSON, redacted (src/core/redact.ts), with a final newline. */
export function resultsJsonText(results: Results): string {
  return redact(JSON.stringify(results, null, 2)) + '\n';
}
