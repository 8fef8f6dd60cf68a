import { InputError, UserError } from '../core/errors.js';
import { deriveRecordId } from '../data/record-id.js';
import { readJsonlFile } from '../data/read-jsonl.js';
import { writeJsonl } from '../data/write-jsonl.js';
import type { Falsifier } from './news/falsify.js';

/**
 * Dated one-sentence events (e.g. Wikipedia's Current events portal: `{date, text, category?,
 * is_event?}`, the source outlet in trailing parentheses) -> fact-check pairs for the
 * hallucination probe: `{id, date, true_text, false_text, source?, category?, falsifier}`.
 *
 * Rows with `is_event: false` (topic headings) are skipped and counted. A falsified text that fails
 * the negation check is counted as rejected and not written unless `keepRejected`; an event no
 * negation rule applies to is counted too. Nothing is dropped without a count.
 */
export interface ImportEventsOptions {
  input: string;
  output: string;
  falsifier: Falsifier;
  /** keep events dated on/after this day (YYYY-MM-DD) */
  from?: string;
  /** keep events dated on/before this day */
  to?: string;
  /** field names in the input (defaults: date, text) */
  dateField?: string;
  textField?: string;
  keepRejected?: boolean;
  limit?: number;
  signal?: AbortSignal;
  onProgress?: (stats: ImportEventsStats) => void;
}

export interface ImportEventsStats {
  read: number;
  notEvents: number;
  outOfRange: number;
  duplicates: number;
  noRule: number;
  rejected: number;
  written: number;
  /** falsification rule or model -> count (written pairs) */
  methods: Record<string, number>;
}

export interface ImportedPair {
  id: string;
  date: string;
  true_text: string;
  false_text: string;
  source?: string;
  category?: string;
  falsifier: string;
  /** present (false) only for pairs kept with keepRejected */
  negation_check?: boolean;
}

/** "Text. (Al Jazeera)" -> { text: "Text.", source: "Al Jazeera" } */
export function splitSource(text: string): { text: string; source?: string } {
  const m = /^(.*?)\s*\(([^()]{2,80})\)\s*$/s.exec(text.trim());
  if (m === null || m[1] === undefined || m[2] === undefined || m[1].trim() === '') return { text: text.trim() };
  return { text: m[1].trim(), source: m[2].trim() };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkDay(value: string | undefined, flag: string): void {
  if (value !== undefined && (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))) throw new UserError(`${flag} expects a date YYYY-MM-DD, got "${value}"`);
}

export async function importEvents(opts: ImportEventsOptions): Promise<ImportEventsStats> {
  checkDay(opts.from, '--from');
  checkDay(opts.to, '--to');
  const dateField = opts.dateField ?? 'date';
  const textField = opts.textField ?? 'text';
  const stats: ImportEventsStats = { read: 0, notEvents: 0, outOfRange: 0, duplicates: 0, noRule: 0, rejected: 0, written: 0, methods: {} };
  const seen = new Set<string>();

  async function* pairs(): AsyncGenerator<ImportedPair> {
    for await (const item of readJsonlFile(opts.input)) {
      if (opts.signal?.aborted === true) return;
      if (item.kind === 'problem') throw new InputError(item.location, item.message);
      stats.read++;
      const row = item.value;
      if (row['is_event'] === false) {
        stats.notEvents++;
        continue;
      }
      const date = row[dateField];
      const raw = row[textField];
      if (typeof date !== 'string' || !DAY.test(date.slice(0, 10))) throw new InputError({ ...item.location, field: dateField }, `expected a date YYYY-MM-DD, got ${JSON.stringify(date)}`);
      if (typeof raw !== 'string' || raw.trim() === '') throw new InputError({ ...item.location, field: textField }, 'expected non-empty text');
      const day = date.slice(0, 10);
      if ((opts.from !== undefined && day < opts.from) || (opts.to !== undefined && day > opts.to)) {
        stats.outOfRange++;
        continue;
      }
      const { text, source } = splitSource(raw);
      const id = deriveRecordId({ date: day, text });
      if (seen.has(id)) {
        stats.duplicates++;
        continue;
      }
      seen.add(id);
      const f = await opts.falsifier.falsify(text, opts.signal);
      if (f === null) {
        stats.noRule++;
        continue;
      }
      if (!f.accepted) {
        stats.rejected++;
        if (opts.keepRejected !== true) continue;
      }
      const pair: ImportedPair = { id, date: day, true_text: text, false_text: f.text, falsifier: f.method };
      if (source !== undefined) pair.source = source;
      if (typeof row['category'] === 'string') pair.category = row['category'];
      if (!f.accepted) pair.negation_check = false;
      stats.written++;
      stats.methods[f.method] = (stats.methods[f.method] ?? 0) + 1;
      opts.onProgress?.(stats);
      yield pair;
      if (opts.limit !== undefined && stats.written >= opts.limit) return;
    }
  }

  await writeJsonl(opts.output, pairs());
  return stats;
}
