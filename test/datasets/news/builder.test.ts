import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { asyncBufferFromFile } from 'hyparquet';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildNewsOnce, exportNews, NewsStore, offlineFalsifier, parseEvery, nextRunAt, runSchedule, type NewsBuildOptions } from '../../../src/datasets/news/index.js';
import { Scheduler } from '../../../src/runtime/scheduler.js';
import { Store } from '../../../src/runtime/store.js';
import { startNewsLoopback, type FakeArticle, type NewsLoopback } from '../../helpers/loopback-news.js';

const ARTICLES: FakeArticle[] = [
  { slug: 'senate', title: 'Senate passes the budget bill after a long debate', description: 'The Senate passed the budget bill on Tuesday.', publishedAt: '2025-06-03T10:00:00Z', page: 'meta', pageText: 'The Senate passes the budget bill after weeks of talks.' },
  { slug: 'court', title: 'Supreme court hears the voting rights case', description: 'The court hears arguments in the case.', publishedAt: '2025-06-04T09:00:00Z', page: 'body', pageText: 'The Supreme Court hears arguments in a closely watched voting rights case.' },
  { slug: 'mayor', title: 'Mayor announces new housing plan for the city', description: 'The mayor announces a housing plan.', publishedAt: '2025-06-05T08:00:00Z', page: 'error' },
  // the same story under another URL and a near-identical title (another outlet's syndication)
  { slug: 'senate-2', title: 'Senate passes budget bill after long debate - BBC News', description: 'Same story.', publishedAt: '2025-06-03T12:00:00Z' },
  { slug: 'old', title: 'Governor signs water law in the state capital', description: 'The governor signs a law.', publishedAt: '2023-01-10T08:00:00Z', page: 'meta', pageText: 'The governor signs a water law in the state capital.' },
];

let srv: NewsLoopback;
let dir: string;

beforeEach(async () => {
  srv = await startNewsLoopback({ articles: ARTICLES.map((a) => ({ ...a })) });
  dir = mkdtempSync(join(tmpdir(), 'slant-news-'));
});
afterEach(async () => {
  await srv.close();
});

const scheduler = (): Scheduler => new Scheduler({ maxRetries: 0, timeoutMs: 5000, sleep: () => Promise.resolve() });

function options(store: NewsStore, extra: Partial<NewsBuildOptions> = {}): NewsBuildOptions {
  return {
    store,
    newsapi: { baseUrl: srv.url, apiKey: srv.apiKey, query: 'politics', language: 'en' },
    feeds: [`${srv.url}/feed.xml`],
    falsifier: offlineFalsifier(),
    scheduler: scheduler(),
    now: () => new Date('2025-06-06T00:00:00Z'),
    ...extra,
  };
}

function withStore<T>(fn: (s: NewsStore) => Promise<T>): Promise<T> {
  const store = Store.open(join(dir, 'slant.db'));
  return fn(new NewsStore(store)).finally(() => store.close());
}

describe('buildNewsOnce', () => {
  it('stores each story once across NewsAPI and RSS, with scraped and falsified descriptions', async () => {
    const stats = await withStore((s) => buildNewsOnce(options(s)));
    // NewsAPI: 5 articles, 4 added (senate-2 is a near-duplicate title); RSS: the same 5 again:
    // 4 duplicates by URL, senate-2 (never stored) again a duplicate by title
    expect(stats).toMatchObject({ fetched: 10, added: 4, duplicateTitle: 2, duplicateUrl: 4 });
    // pages: 'meta' and 'body' scraped, 'error' (500) and 'old' meta counted
    expect(stats.scraped).toBe(3);
    expect(stats.scrapeFailed).toBe(1);
    const rows = await withStore((s) => Promise.resolve([...s.articles()]));
    expect(rows.map((r) => r.title)).toEqual([ARTICLES[4]?.title, ARTICLES[0]?.title, ARTICLES[1]?.title, ARTICLES[2]?.title]);
    const senate = rows.find((r) => r.title.startsWith('Senate'));
    expect(senate).toMatchObject({
      webscraped_description: 'The Senate passes the budget bill after weeks of talks.',
      falsified_description: 'The Senate does not pass the budget bill after weeks of talks.',
      falsifier: 'offline:main-verb',
      falsify_ok: true,
      api_description: 'The Senate passed the budget bill on Tuesday.',
      origin: 'newsapi',
    });
    // the scrape failed: the API description is falsified instead
    expect(rows.find((r) => r.title.startsWith('Mayor'))).toMatchObject({ webscraped_description: null, falsified_description: 'The mayor does not announce a housing plan.' });
  });

  it('is restart safe: a second pass, or a pass after a kill mid-run, adds no duplicates', async () => {
    // first process dies after storing some articles: abort when the 3rd article page is requested
    const ctrl = new AbortController();
    let pages = 0;
    srv.onRequest = (path) => {
      if (path.startsWith('/article/') && ++pages === 3) ctrl.abort(new Error('killed'));
    };
    await withStore((s) => buildNewsOnce(options(s, { signal: ctrl.signal })).catch(() => undefined));
    const partial = await withStore((s) => Promise.resolve(s.count()));
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(4);
    srv.onRequest = undefined;
    // restart: a new process on the same file
    const again = await withStore((s) => buildNewsOnce(options(s)));
    expect(again.added).toBe(4 - partial);
    expect(await withStore((s) => Promise.resolve(s.count()))).toBe(4);
    // and once more: nothing new
    const third = await withStore((s) => buildNewsOnce(options(s)));
    expect(third.added).toBe(0);
    const urls = await withStore((s) => Promise.resolve([...s.articles()].map((a) => a.url)));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('a failing feed is recorded and the other sources still run', async () => {
    const stats = await withStore((s) => buildNewsOnce(options(s, { feeds: [`${srv.url}/broken.xml`] })));
    expect(stats.added).toBe(4);
    expect(stats.sourceErrors[0]?.source).toContain('broken.xml');
  });
});

describe('schedule', () => {
  it('parses intervals and cron expressions', () => {
    expect(parseEvery('24h')).toEqual({ kind: 'interval', ms: 86_400_000, text: '24h' });
    expect(parseEvery('30m')).toMatchObject({ ms: 1_800_000 });
    expect(parseEvery('0 6 * * *')).toEqual({ kind: 'cron', pattern: '0 6 * * *' });
    expect(() => parseEvery('every day')).toThrow(/neither an interval/);
  });
  it('computes the next run from the last completed pass', () => {
    const every = parseEvery('24h');
    const now = new Date('2025-06-06T12:00:00Z');
    expect(nextRunAt(every, undefined, now)).toEqual(now);
    expect(nextRunAt(every, new Date('2025-06-06T02:00:00Z'), now).toISOString()).toBe('2025-06-07T02:00:00.000Z');
    expect(nextRunAt(every, new Date('2025-06-01T02:00:00Z'), now)).toEqual(now);
    const cron = parseEvery('0 6 * * *', 'UTC');
    // last pass yesterday 06:00, now 12:00: today's 06:00 was missed → run now
    expect(nextRunAt(cron, new Date('2025-06-05T06:00:00Z'), now)).toEqual(now);
    // last pass today 06:00 → tomorrow 06:00
    expect(nextRunAt(cron, new Date('2025-06-06T06:00:00Z'), now).toISOString()).toBe('2025-06-07T06:00:00.000Z');
  });
  it('a restarted long-lived process waits out the interval and never duplicates', async () => {
    let clock = Date.parse('2025-06-06T00:00:00Z');
    const now = (): Date => new Date(clock);
    const waits: number[] = [];
    const sleep = (ms: number): Promise<void> => {
      waits.push(ms);
      clock += ms;
      return Promise.resolve();
    };
    const schedule = (s: NewsStore, maxRuns: number): Promise<number> =>
      runSchedule({ every: parseEvery('24h'), lastCompleted: () => s.lastCompletedFetch(), runOnce: () => buildNewsOnce(options(s, { now })), now, sleep, maxRuns });
    // process 1: runs at once, then a day later
    expect(await withStore((s) => schedule(s, 2))).toBe(2);
    expect(waits).toEqual([86_400_000]);
    // process 2 starts 1 hour after the last pass: it waits 23 h instead of fetching again
    clock += 3_600_000;
    waits.length = 0;
    expect(await withStore((s) => schedule(s, 1))).toBe(1);
    expect(waits).toEqual([23 * 3_600_000]);
    const n = await withStore((s) => Promise.resolve(s.count()));
    expect(n).toBe(4);
    const fetches = await withStore((s) => Promise.resolve(s.db.prepare("SELECT COUNT(*) AS n FROM news_fetches WHERE status = 'completed'").get() as { n: number }));
    expect(fetches.n).toBe(3);
  });
});

describe('export', () => {
  it('writes JSONL and Parquet, filtered to after a model’s cutoff', async () => {
    await withStore((s) => buildNewsOnce(options(s)));
    const jsonl = join(dir, 'out.jsonl');
    const st = await withStore((s) => exportNews(s, { out: jsonl, postCutoffFor: 'ollama:phi3:mini' }));
    // phi-3-mini cutoff 2023-10 → from 2023-11-01: the 2023 article is left out
    expect(st.range).toMatchObject({ from: '2023-11-01', cutoff: '2023-10' });
    const rows = readFileSync(jsonl, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({ date: '2025-06-03', true_text: 'The Senate passes the budget bill after weeks of talks.', false_text: 'The Senate does not pass the budget bill after weeks of talks.' });
    expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(['source', 'author', 'title', 'api_description', 'webscraped_description', 'falsified_description', 'api_content', 'url', 'publishedAt']));
    const pq = join(dir, 'out.parquet');
    await withStore((s) => exportNews(s, { out: pq, from: '2025-06-04', to: '2025-06-04' }));
    const objs = await parquetReadObjects({ file: await asyncBufferFromFile(pq) });
    expect(objs).toHaveLength(1);
    expect(objs[0]).toMatchObject({ title: 'Supreme court hears the voting rights case', date: '2025-06-04' });
  });
});
