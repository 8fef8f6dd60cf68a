import type { NewsArticle } from './types.js';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { UserError } from '../../core/errors.js';
import { writeJsonl } from '../../data/write-jsonl.js';
import { cutoffLastDay, resolveCutoff } from '../../probes/hallucination/cutoffs.js';
import type { NewsStore } from './news-store.js';
import type { StoredArticle } from './types.js';

/**
 * Export of the news store as fact-check pairs for the hallucination probe plus the paper's fields:
 *   { id, date, true_text, false_text, source, author, title, api_description,
 *     webscraped_description, falsified_description, api_content, url, publishedAt, falsifier }
 * true_text is the scraped description, else the API description; false_text its falsified version.
 * Filters: a publication-day range, or "after the cutoff of model X" (the cutoff tables of the
 * hallucination probe, extended by `cutoffs`); by default only articles whose falsification passed
 * the negation check.
 */
export interface ExportOptions {
  out: string;
  format?: 'jsonl' | 'parquet';
  from?: string;
  to?: string;
  /** keep only articles published after this model's knowledge cutoff */
  postCutoffFor?: string;
  cutoffs?: Record<string, string>;
  /** also export articles without an accepted falsification (false_text may be null) */
  includeUnchecked?: boolean;
}

/** The paper's article fields plus the fact-check pair the hallucination probe reads. */
export interface ExportRow extends NewsArticle {
  id: string;
  date: string;
  true_text: string;
  false_text: string | null;
  falsifier: string | null;
}

export const EXPORT_COLUMNS: readonly (keyof ExportRow)[] = [
  'id',
  'date',
  'true_text',
  'false_text',
  'source',
  'author',
  'title',
  'api_description',
  'webscraped_description',
  'falsified_description',
  'api_content',
  'url',
  'publishedAt',
  'falsifier',
];

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day range to export, with --post-cutoff-for turned into a from-day. */
export function exportRange(opts: Pick<ExportOptions, 'from' | 'to' | 'postCutoffFor' | 'cutoffs'>): { from?: string; to?: string; cutoff?: string } {
  for (const [flag, v] of [
    ['--from', opts.from],
    ['--to', opts.to],
  ] as const) {
    if (v !== undefined && (!DAY.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))) throw new UserError(`${flag} expects a date YYYY-MM-DD, got "${v}"`);
  }
  const out: { from?: string; to?: string; cutoff?: string } = {};
  if (opts.from !== undefined) out.from = opts.from;
  if (opts.to !== undefined) out.to = opts.to;
  if (opts.postCutoffFor !== undefined) {
    const c = resolveCutoff(opts.postCutoffFor, opts.cutoffs ?? {});
    if (c === undefined) throw new UserError(`the knowledge cutoff of "${opts.postCutoffFor}" is unknown`, { hint: 'pass --cutoff <YYYY-MM> or add it to the cutoffs table in slant.yaml' });
    const after = nextDay(cutoffLastDay(c.cutoff));
    out.cutoff = c.cutoff;
    if (out.from === undefined || out.from < after) out.from = after;
  }
  return out;
}

export function toExportRow(a: StoredArticle): ExportRow | null {
  const trueText = a.webscraped_description ?? a.api_description;
  if (trueText === null) return null;
  return {
    id: a.id,
    date: a.publishedAt.slice(0, 10),
    true_text: trueText,
    false_text: a.falsified_description,
    source: a.source,
    author: a.author,
    title: a.title,
    api_description: a.api_description,
    webscraped_description: a.webscraped_description,
    falsified_description: a.falsified_description,
    api_content: a.api_content,
    url: a.url,
    publishedAt: a.publishedAt,
    falsifier: a.falsifier,
  };
}

export interface ExportStats {
  written: number;
  /** left out: no description, or no accepted falsification */
  withoutText: number;
  unchecked: number;
  range: { from?: string; to?: string; cutoff?: string };
}

export async function exportNews(store: NewsStore, opts: ExportOptions): Promise<ExportStats> {
  const range = exportRange(opts);
  const stats: ExportStats = { written: 0, withoutText: 0, unchecked: 0, range };
  const rows: ExportRow[] = [];
  for (const a of store.articles(range)) {
    const row = toExportRow(a);
    if (row === null) {
      stats.withoutText++;
      continue;
    }
    if (opts.includeUnchecked !== true && (a.falsify_ok !== true || row.false_text === null)) {
      stats.unchecked++;
      continue;
    }
    rows.push(row);
  }
  mkdirSync(dirname(opts.out), { recursive: true });
  const format = opts.format ?? (opts.out.endsWith('.parquet') ? 'parquet' : 'jsonl');
  if (format === 'jsonl') {
    stats.written = await writeJsonl(opts.out, rows);
  } else {
    parquetWriteFile({
      filename: opts.out,
      columnData: EXPORT_COLUMNS.map((name) => ({ name, data: rows.map((r) => r[name]), type: 'STRING' as const, nullable: true })),
    });
    stats.written = rows.length;
  }
  return stats;
}
