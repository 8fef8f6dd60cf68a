import { UserError } from '../../../core/errors.js';
import { badShape, joinUrl, pickSetting, requestJson } from '../../../models/http.js';
import type { Scheduler } from '../../../runtime/scheduler.js';
import type { FetchedArticle } from '../types.js';

/** The paper's fixed list of trusted domains (seed 000, Appendix A.3). */
export const TRUSTED_DOMAINS = ['bbc.co.uk', 'reuters.com', 'apnews.com', 'npr.org', 'pbs.org', 'theguardian.com', 'wsj.com', 'nytimes.com', 'propublica.org'] as const;

export const NEWSAPI_ENV = ['NEWSAPI_KEY', 'NEWS_API_KEY'] as const;
export const NEWSAPI_BASE_URL = 'https://newsapi.org';

export interface NewsApiOptions {
  /** default from NEWSAPI_KEY / NEWS_API_KEY */
  apiKey?: string;
  /** default https://newsapi.org (tests point it at a loopback server) */
  baseUrl?: string;
  /** the paper queries "politics" */
  query: string;
  language?: string;
  /** ISO date or timestamp: only articles published from then */
  from?: string;
  domains?: readonly string[];
  /** per page, NewsAPI allows at most 100 */
  pageSize?: number;
  /** stop after this many pages (the free plan serves 100 results in all) */
  maxPages?: number;
  env?: Record<string, string | undefined>;
  scheduler: Scheduler;
  signal?: AbortSignal;
}

interface ApiArticle {
  source?: { id?: string | null; name?: string | null } | null;
  author?: string | null;
  title?: string | null;
  description?: string | null;
  url?: string | null;
  publishedAt?: string | null;
  content?: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * GET /v2/everything, page by page, sorted by publication time. The key goes in the X-Api-Key
 * header (never in the URL, so it cannot leak into logs or errors). NewsAPI's error JSON
 * ({status: "error", code, message}) becomes the error message; 401 is a UserError naming the env
 * variable; 429 (rateLimited) and 5xx are retried by the scheduler, honouring Retry-After.
 * Articles without url, title or publishedAt, and NewsAPI's "[Removed]" placeholders, are skipped.
 */
export async function fetchNewsApi(opts: NewsApiOptions): Promise<{ articles: FetchedArticle[]; totalResults: number; skipped: number }> {
  const env = opts.env ?? process.env;
  const key = pickSetting(opts.apiKey, env, NEWSAPI_ENV);
  if (key === undefined) throw new UserError(`newsapi: no API key. Set ${NEWSAPI_ENV.join(' or ')}, or use RSS feeds (--feed)`, { hint: 'export NEWSAPI_KEY=...' });
  const base = opts.baseUrl ?? NEWSAPI_BASE_URL;
  const pageSize = Math.min(100, opts.pageSize ?? 100);
  const maxPages = opts.maxPages ?? 1;
  const articles: FetchedArticle[] = [];
  let skipped = 0;
  let totalResults = 0;
  for (let page = 1; page <= maxPages; page++) {
    const params = new URLSearchParams({ q: opts.query, sortBy: 'publishedAt', pageSize: String(pageSize), page: String(page) });
    if (opts.language !== undefined) params.set('language', opts.language);
    if (opts.from !== undefined) params.set('from', opts.from);
    if (opts.domains !== undefined && opts.domains.length > 0) params.set('domains', opts.domains.join(','));
    const url = `${joinUrl(base, '/v2/everything')}?${params.toString()}`;
    const body = (await opts.scheduler.run(
      'newsapi',
      (signal) => requestJson({ provider: 'newsapi', url, method: 'GET', headers: { 'X-Api-Key': key }, signal, secrets: [key], keyEnv: NEWSAPI_ENV[0] }),
      opts.signal ? { signal: opts.signal } : {},
    )) as { status?: unknown; totalResults?: unknown; articles?: unknown; message?: unknown };
    if (body.status !== 'ok' || !Array.isArray(body.articles)) throw badShape('newsapi', `status ${String(body.status)}${typeof body.message === 'string' ? `: ${body.message}` : ''}`);
    totalResults = typeof body.totalResults === 'number' ? body.totalResults : 0;
    for (const raw of body.articles as ApiArticle[]) {
      const url = str(raw.url);
      const title = str(raw.title);
      const publishedAt = str(raw.publishedAt);
      if (url === null || title === null || publishedAt === null || title === '[Removed]' || Number.isNaN(Date.parse(publishedAt))) {
        skipped++;
        continue;
      }
      articles.push({
        source: str(raw.source?.name) ?? str(raw.source?.id) ?? new URL(url).hostname,
        author: str(raw.author),
        title,
        api_description: str(raw.description),
        api_content: str(raw.content),
        url,
        publishedAt: new Date(publishedAt).toISOString(),
        origin: 'newsapi',
      });
    }
    if (body.articles.length < pageSize || page * pageSize >= totalResults) break;
  }
  return { articles, totalResults, skipped };
}
