import { UserError } from '../../core/errors.js';
import type { Scheduler } from '../../runtime/scheduler.js';
import type { Falsifier } from './falsify.js';
import type { NewsStore } from './news-store.js';
import { scrapeDescription } from './scrape.js';
import { fetchNewsApi, type NewsApiOptions } from './sources/newsapi.js';
import { fetchFeed } from './sources/rss.js';
import type { FetchedArticle } from './types.js';

export interface NewsBuildOptions {
  store: NewsStore;
  /** NewsAPI query; omitted = no NewsAPI call */
  newsapi?: Omit<NewsApiOptions, 'scheduler' | 'signal'>;
  /** RSS / Atom feed URLs */
  feeds?: readonly string[];
  /** scrape each new article's page for its description (default true) */
  scrape?: boolean;
  /** null = store without a falsified description */
  falsifier: Falsifier | null;
  scheduler: Scheduler;
  signal?: AbortSignal;
  log?: (line: string) => void;
  now?: () => Date;
}

export interface NewsBuildStats {
  fetched: number;
  /** items a source returned without url/title/date */
  skipped: number;
  added: number;
  duplicateUrl: number;
  duplicateTitle: number;
  scraped: number;
  scrapeFailed: number;
  falsified: number;
  /** falsified, but the text failed the negation check (stored with falsify_ok = 0) */
  falsifyRejected: number;
  /** no negation rule applied or the model answered nothing */
  notFalsified: number;
  sourceErrors: { source: string; error: string }[];
}

/**
 * One pass of the builder: fetch from every source, skip what is stored (URL or near-duplicate
 * title; checked again at insert inside a transaction), scrape the description, falsify it, store.
 * A failing source is recorded and the others still run; a configuration error (bad API key)
 * stops the pass. The pass is logged in news_fetches, which the schedule reads on restart.
 */
export async function buildNewsOnce(opts: NewsBuildOptions): Promise<NewsBuildStats> {
  const stats: NewsBuildStats = { fetched: 0, skipped: 0, added: 0, duplicateUrl: 0, duplicateTitle: 0, scraped: 0, scrapeFailed: 0, falsified: 0, falsifyRejected: 0, notFalsified: 0, sourceErrors: [] };
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? (() => undefined);
  const fetchId = opts.store.startFetch(now());
  try {
    const batches: { source: string; load: () => Promise<{ articles: FetchedArticle[]; skipped: number }> }[] = [];
    if (opts.newsapi !== undefined) {
      const na = opts.newsapi;
      batches.push({ source: 'newsapi', load: () => fetchNewsApi({ ...na, scheduler: opts.scheduler, ...(opts.signal ? { signal: opts.signal } : {}) }) });
    }
    for (const feed of opts.feeds ?? []) batches.push({ source: feed, load: () => fetchFeed(feed, { scheduler: opts.scheduler, ...(opts.signal ? { signal: opts.signal } : {}) }) });
    if (batches.length === 0) throw new UserError('news: no source; give a NewsAPI key (NEWSAPI_KEY) and query, or at least one --feed');
    for (const batch of batches) {
      if (isAborted(opts.signal)) break;
      let loaded: { articles: FetchedArticle[]; skipped: number };
      try {
        loaded = await batch.load();
      } catch (err) {
        if (err instanceof UserError || isAborted(opts.signal)) throw err;
        stats.sourceErrors.push({ source: batch.source, error: (err as Error).message });
        log(`${batch.source}: ${(err as Error).message}`);
        continue;
      }
      stats.fetched += loaded.articles.length;
      stats.skipped += loaded.skipped;
      for (const a of loaded.articles) {
        if (isAborted(opts.signal)) break;
        await addArticle(a, opts, stats, now);
      }
      log(`${batch.source}: ${loaded.articles.length} fetched`);
    }
    if (stats.sourceErrors.length === batches.length) throw new Error(`news: every source failed: ${stats.sourceErrors.map((e) => `${e.source}: ${e.error}`).join('; ')}`);
    opts.store.finishFetch(fetchId, 'completed', stats, undefined, now());
    return stats;
  } catch (err) {
    opts.store.finishFetch(fetchId, 'failed', stats, (err as Error).message, now());
    throw err;
  }
}

async function addArticle(a: FetchedArticle, opts: NewsBuildOptions, stats: NewsBuildStats, now: () => Date): Promise<void> {
  const dup = opts.store.duplicateOf(a);
  if (dup !== undefined) {
    if (dup === 'duplicate-url') stats.duplicateUrl++;
    else stats.duplicateTitle++;
    return;
  }
  let scraped: string | null = null;
  if (opts.scrape !== false) {
    try {
      scraped = await scrapeDescription(a.url, { scheduler: opts.scheduler, ...(opts.signal ? { signal: opts.signal } : {}) });
      if (scraped !== null) stats.scraped++;
      else stats.scrapeFailed++;
    } catch (err) {
      if (isAborted(opts.signal)) throw err;
      stats.scrapeFailed++;
    }
  }
  const text = scraped ?? a.api_description ?? a.title;
  let falsified: string | null = null;
  let falsifier: string | null = null;
  let ok: boolean | null = null;
  if (opts.falsifier !== null) {
    const f = await opts.falsifier.falsify(text, opts.signal);
    if (f === null) stats.notFalsified++;
    else {
      falsified = f.text;
      falsifier = f.method;
      ok = f.accepted;
      stats.falsified++;
      if (!f.accepted) stats.falsifyRejected++;
    }
  }
  const outcome = opts.store.insert(
    {
      source: a.source,
      author: a.author,
      title: a.title,
      api_description: a.api_description,
      webscraped_description: scraped,
      falsified_description: falsified,
      api_content: a.api_content,
      url: a.url,
      publishedAt: a.publishedAt,
      origin: a.origin,
      falsifier,
      falsify_ok: ok,
    },
    now(),
  );
  if (outcome === 'added') stats.added++;
  else if (outcome === 'duplicate-url') stats.duplicateUrl++;
  else stats.duplicateTitle++;
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}
