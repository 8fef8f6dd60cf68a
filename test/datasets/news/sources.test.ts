import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { fetchFeed, fetchNewsApi, TRUSTED_DOMAINS } from '../../../src/datasets/news/index.js';
import { Scheduler } from '../../../src/runtime/scheduler.js';
import { startNewsLoopback, type FakeArticle, type NewsLoopback } from '../../helpers/loopback-news.js';

const ARTICLES: FakeArticle[] = Array.from({ length: 5 }, (_, i) => ({
  slug: `a${i}`,
  title: `Parliament votes on measure number ${i} after long debate`,
  description: `Lawmakers approved measure ${i} on Tuesday.`,
  publishedAt: `2025-06-0${i + 1}T10:00:00Z`,
  author: i === 0 ? 'Jane Doe' : null,
}));

let srv: NewsLoopback;
const sleeps: number[] = [];
const scheduler = (): Scheduler =>
  new Scheduler({
    maxRetries: 2,
    maxRateLimitRetries: 2,
    timeoutMs: 5000,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });

beforeEach(async () => {
  sleeps.length = 0;
  srv = await startNewsLoopback({ articles: ARTICLES });
});
afterEach(async () => {
  await srv.close();
});

describe('NewsAPI /v2/everything', () => {
  it('sends query, language, from-date and the trusted domains; the key only in the header', async () => {
    const r = await fetchNewsApi({ baseUrl: srv.url, apiKey: srv.apiKey, query: 'politics', language: 'en', from: '2025-06-02', domains: TRUSTED_DOMAINS, scheduler: scheduler() });
    const req = srv.requests[0];
    expect(req?.query.get('q')).toBe('politics');
    expect(req?.query.get('language')).toBe('en');
    expect(req?.query.get('from')).toBe('2025-06-02');
    expect(req?.query.get('domains')).toBe('bbc.co.uk,reuters.com,apnews.com,npr.org,pbs.org,theguardian.com,wsj.com,nytimes.com,propublica.org');
    expect(req?.headers['x-api-key']).toBe(srv.apiKey);
    expect([...(req?.query.values() ?? [])].join(' ')).not.toContain(srv.apiKey);
    expect(r.articles).toHaveLength(4);
    expect(r.articles[0]).toMatchObject({ title: ARTICLES[1]?.title, api_description: ARTICLES[1]?.description, origin: 'newsapi', publishedAt: '2025-06-02T10:00:00.000Z' });
  });
  it('pages until the results are exhausted', async () => {
    const r = await fetchNewsApi({ baseUrl: srv.url, apiKey: srv.apiKey, query: 'q', pageSize: 2, maxPages: 10, scheduler: scheduler() });
    expect(r.articles.map((a) => a.title)).toEqual(ARTICLES.map((a) => a.title));
    expect(srv.count('/v2/everything')).toBe(3);
  });
  it('reads the key from the environment; none is a user error naming the variable', async () => {
    const r = await fetchNewsApi({ baseUrl: srv.url, env: { NEWSAPI_KEY: srv.apiKey }, query: 'q', scheduler: scheduler() });
    expect(r.articles).toHaveLength(5);
    await expect(fetchNewsApi({ baseUrl: srv.url, env: {}, query: 'q', scheduler: scheduler() })).rejects.toThrow(/NEWSAPI_KEY/);
  });
  it('a rejected key is a UserError carrying NewsAPI’s message, without the key', async () => {
    const err = await fetchNewsApi({ baseUrl: srv.url, apiKey: 'wrong-key-999', query: 'q', scheduler: scheduler() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toContain('Your API key is invalid');
    expect((err as Error).message).not.toContain('wrong-key-999');
  });
  it('retries a 429 rateLimited answer after Retry-After', async () => {
    srv.apiErrors.push({ status: 429, code: 'rateLimited', message: 'You have made too many requests recently.', headers: { 'retry-after': '7' } });
    const r = await fetchNewsApi({ baseUrl: srv.url, apiKey: srv.apiKey, query: 'q', scheduler: scheduler() });
    expect(r.articles).toHaveLength(5);
    expect(srv.count('/v2/everything')).toBe(2);
    expect(sleeps).toContain(7000);
  });
  it('gives up on repeated 500s with NewsAPI’s error message', async () => {
    for (let i = 0; i < 3; i++) srv.apiErrors.push({ status: 500, code: 'unexpectedError', message: 'This shouldn\'t happen, and if it does then it\'s our fault.' });
    await expect(fetchNewsApi({ baseUrl: srv.url, apiKey: srv.apiKey, query: 'q', scheduler: scheduler() })).rejects.toThrow(/HTTP 500.*our fault/);
    expect(srv.count('/v2/everything')).toBe(3);
  });
});

describe('RSS and Atom', () => {
  it('reads RSS 2.0 items, HTML in descriptions stripped', async () => {
    const r = await fetchFeed(`${srv.url}/feed.xml`, { scheduler: scheduler() });
    expect(r.articles).toHaveLength(5);
    expect(r.articles[2]).toMatchObject({ source: 'Loopback RSS', title: ARTICLES[2]?.title, api_description: ARTICLES[2]?.description, url: srv.articleUrl(ARTICLES[2] as FakeArticle), publishedAt: '2025-06-03T10:00:00.000Z' });
  });
  it('reads Atom entries', async () => {
    const r = await fetchFeed(`${srv.url}/atom.xml`, { scheduler: scheduler() });
    expect(r.articles.map((a) => a.url)).toEqual(ARTICLES.map((a) => srv.articleUrl(a)));
    expect(r.articles[0]?.source).toBe('Loopback Atom');
  });
  it('a page that is not a feed is an error naming it', async () => {
    await expect(fetchFeed(`${srv.url}/broken.xml`, { scheduler: scheduler() })).rejects.toThrow(/broken\.xml is not an RSS or Atom feed/);
  });
});
