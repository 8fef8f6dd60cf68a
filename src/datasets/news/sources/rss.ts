import { parseFeed } from 'htmlparser2';
import { responseText, send } from '../../../models/http.js';
import type { Scheduler } from '../../../runtime/scheduler.js';
import { htmlToText } from '../scrape.js';
import type { FetchedArticle } from '../types.js';

const USER_AGENT = 'slant-news/0.1 (+https://github.com/; dataset builder for research)';

/**
 * Fetches an RSS 2.0, RSS 1.0 (RDF) or Atom feed and returns its items as articles (htmlparser2's
 * feed parser). The item description (HTML stripped) becomes `api_description`; items without a
 * link, a title or a parseable date are skipped and counted.
 */
export async function fetchFeed(feedUrl: string, opts: { scheduler: Scheduler; signal?: AbortSignal }): Promise<{ articles: FetchedArticle[]; skipped: number }> {
  const xml = await opts.scheduler.run(
    'rss',
    async (signal) => {
      const res = await send({ provider: 'rss', url: feedUrl, method: 'GET', headers: { 'user-agent': USER_AGENT, accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' }, signal });
      return responseText(res, { provider: 'rss', url: feedUrl });
    },
    opts.signal ? { signal: opts.signal } : {},
  );
  const feed = parseFeed(xml, { xmlMode: true });
  if (feed === null) throw new Error(`rss: ${feedUrl} is not an RSS or Atom feed`);
  const source = feed.title?.trim() || new URL(feedUrl).hostname;
  const articles: FetchedArticle[] = [];
  let skipped = 0;
  for (const item of feed.items) {
    const url = item.link?.trim();
    const title = item.title?.trim();
    const date = item.pubDate;
    if (url === undefined || url === '' || title === undefined || title === '' || date === undefined || Number.isNaN(date.getTime())) {
      skipped++;
      continue;
    }
    const description = item.description !== undefined ? htmlToText(item.description) : '';
    articles.push({
      source,
      author: null,
      title: htmlToText(title),
      api_description: description === '' ? null : description,
      api_content: null,
      url: new URL(url, feedUrl).toString(),
      publishedAt: date.toISOString(),
      origin: `rss:${feedUrl}`,
    });
  }
  return { articles, skipped };
}
