import type Database from 'better-sqlite3';
import { redact } from '../../core/redact.js';
import { deriveRecordId } from '../../data/record-id.js';
import type { Store } from '../../runtime/store.js';
import { isNearDuplicateTitle, NEAR_DUPLICATE_DAYS, normalizeUrl, titleKey } from './dedupe.js';
import type { NewsArticle, StoredArticle } from './types.js';

/**
 * The news dataset inside the project's SQLite store (.slant/slant.db). Its tables are created here
 * with CREATE TABLE IF NOT EXISTS (prefix `news_`), outside the run store's numbered migrations, so
 * the two never collide.
 *
 * Restart safety: `url_key` (the normalised URL) is the primary key and every insert re-checks
 * URL and near-duplicate title inside one IMMEDIATE transaction, so a process killed at any point,
 * restarted, or run twice at once (cron overlapping a long-lived process) never stores an article
 * twice. Articles are only inserted once complete (scraped and falsified).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS news_articles (
  url_key TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  source TEXT NOT NULL,
  author TEXT,
  title TEXT NOT NULL,
  title_key TEXT NOT NULL,
  api_description TEXT,
  webscraped_description TEXT,
  falsified_description TEXT,
  falsifier TEXT,
  falsify_ok INTEGER,
  api_content TEXT,
  published_at TEXT NOT NULL,
  published_day TEXT NOT NULL,
  origin TEXT NOT NULL,
  fetched_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS news_articles_day ON news_articles(published_day);
CREATE INDEX IF NOT EXISTS news_articles_title ON news_articles(title_key);
CREATE TABLE IF NOT EXISTS news_fetches (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT NOT NULL,
  stats_json TEXT,
  error TEXT
);
`;

export type InsertOutcome = 'added' | 'duplicate-url' | 'duplicate-title';

interface Row {
  url_key: string;
  id: string;
  url: string;
  source: string;
  author: string | null;
  title: string;
  api_description: string | null;
  webscraped_description: string | null;
  falsified_description: string | null;
  falsifier: string | null;
  falsify_ok: number | null;
  api_content: string | null;
  published_at: string;
  origin: string;
  fetched_at: string;
}

function toArticle(r: Row): StoredArticle {
  return {
    id: r.id,
    source: r.source,
    author: r.author,
    title: r.title,
    api_description: r.api_description,
    webscraped_description: r.webscraped_description,
    falsified_description: r.falsified_description,
    api_content: r.api_content,
    url: r.url,
    publishedAt: r.published_at,
    origin: r.origin,
    falsifier: r.falsifier,
    falsify_ok: r.falsify_ok === null ? null : r.falsify_ok === 1,
    fetchedAt: r.fetched_at,
  };
}

function shiftDay(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export class NewsStore {
  readonly db: Database.Database;

  constructor(readonly store: Store) {
    this.db = store.db;
    this.db.exec(SCHEMA);
  }

  hasUrl(url: string): boolean {
    return this.store.statement('SELECT 1 FROM news_articles WHERE url_key = ?').get(normalizeUrl(url)) !== undefined;
  }

  /** id of a stored article whose title is a near-duplicate, published within NEAR_DUPLICATE_DAYS */
  nearDuplicateTitle(title: string, publishedAt: string): string | undefined {
    const key = titleKey(title);
    const exact = this.store.statement('SELECT id FROM news_articles WHERE title_key = ? LIMIT 1').get(key) as { id: string } | undefined;
    if (exact !== undefined && key !== '') return exact.id;
    const day = publishedAt.slice(0, 10);
    const rows = this.store
      .statement('SELECT id, title FROM news_articles WHERE published_day BETWEEN ? AND ?')
      .all(shiftDay(day, -NEAR_DUPLICATE_DAYS), shiftDay(day, NEAR_DUPLICATE_DAYS)) as { id: string; title: string }[];
    return rows.find((r) => isNearDuplicateTitle(r.title, title))?.id;
  }

  /** Cheap pre-check before scraping: is it already stored (by URL or title)? */
  duplicateOf(a: Pick<NewsArticle, 'url' | 'title' | 'publishedAt'>): InsertOutcome | undefined {
    if (this.hasUrl(a.url)) return 'duplicate-url';
    if (this.nearDuplicateTitle(a.title, a.publishedAt) !== undefined) return 'duplicate-title';
    return undefined;
  }

  insert(a: NewsArticle & { origin: string; falsifier: string | null; falsify_ok: boolean | null }, now: Date = new Date()): InsertOutcome {
    const urlKey = normalizeUrl(a.url);
    const tx = this.db.transaction((): InsertOutcome => {
      const dup = this.duplicateOf(a);
      if (dup !== undefined) return dup;
      this.store
        .statement(
          `INSERT INTO news_articles (url_key, id, url, source, author, title, title_key, api_description, webscraped_description,
            falsified_description, falsifier, falsify_ok, api_content, published_at, published_day, origin, fetched_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          urlKey,
          deriveRecordId({ url: urlKey }),
          a.url,
          a.source,
          a.author,
          a.title,
          titleKey(a.title),
          a.api_description,
          a.webscraped_description,
          a.falsified_description,
          a.falsifier,
          a.falsify_ok === null ? null : a.falsify_ok ? 1 : 0,
          a.api_content,
          a.publishedAt,
          a.publishedAt.slice(0, 10),
          a.origin,
          now.toISOString(),
        );
      return 'added';
    });
    return tx.immediate();
  }

  count(): number {
    return (this.store.statement('SELECT COUNT(*) AS n FROM news_articles').get() as { n: number }).n;
  }

  /** Articles published on/after `from` and on/before `to` (days, YYYY-MM-DD), oldest first. */
  *articles(filter: { from?: string; to?: string } = {}): Generator<StoredArticle> {
    const rows = this.store
      .statement('SELECT * FROM news_articles WHERE published_day >= ? AND published_day <= ? ORDER BY published_at, url_key')
      .iterate(filter.from ?? '0000-00-00', filter.to ?? '9999-99-99') as IterableIterator<Row>;
    for (const r of rows) yield toArticle(r);
  }

  startFetch(now: Date = new Date()): number {
    return Number(this.store.statement("INSERT INTO news_fetches (started_at, status) VALUES (?, 'running')").run(now.toISOString()).lastInsertRowid);
  }

  finishFetch(id: number, status: 'completed' | 'failed', stats: unknown, error?: string, now: Date = new Date()): void {
    this.store
      .statement('UPDATE news_fetches SET finished_at = ?, status = ?, stats_json = ?, error = ? WHERE id = ?')
      .run(now.toISOString(), status, redact(JSON.stringify(stats)), error === undefined ? null : redact(error), id);
  }

  /** When the last completed fetch started, or undefined. */
  lastCompletedFetch(): Date | undefined {
    const r = this.store.statement("SELECT started_at FROM news_fetches WHERE status = 'completed' ORDER BY started_at DESC LIMIT 1").get() as { started_at: string } | undefined;
    return r === undefined ? undefined : new Date(r.started_at);
  }
}
