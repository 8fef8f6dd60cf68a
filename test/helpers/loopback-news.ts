/**
 * A loopback HTTP server that imitates NewsAPI's /v2/everything (X-Api-Key header, paging, its
 * error JSON {status: "error", code, message} with 401 / 429 / 500), serves RSS 2.0 and Atom
 * feeds, and article pages (HTML) for the scraper.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeArticle {
  slug: string;
  title: string;
  description: string;
  publishedAt: string;
  source?: string;
  author?: string | null;
  /** the page: 'meta' has og:description, 'body' only paragraphs, 'none' no text, 'error' answers 500 */
  page?: 'meta' | 'body' | 'none' | 'error';
  /** the text on the page (default: description + " Full version.") */
  pageText?: string;
  /** a different URL form for the same article (tracking parameters, www.) */
  urlVariant?: string;
}

export interface ScriptedError {
  status: number;
  code: string;
  message: string;
  headers?: Record<string, string>;
}

export interface NewsLoopback {
  url: string;
  apiKey: string;
  articles: FakeArticle[];
  /** answered (in order) to the next /v2/everything requests instead of the articles */
  apiErrors: ScriptedError[];
  requests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[];
  /** called for every request before answering */
  onRequest?: (path: string) => void;
  articleUrl(a: FakeArticle): string;
  count(prefix: string): number;
  close(): Promise<void>;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function pageHtml(a: FakeArticle): string {
  const text = a.pageText ?? `${a.description} Full version.`;
  const filler = 'The report was published in the morning and discussed by several commentators across the day. '.repeat(3);
  if (a.page === 'none') return '<!doctype html><html><head><title>x</title></head><body><nav>Home</nav></body></html>';
  const meta = a.page === 'body' ? '' : `<meta property="og:description" content="${esc(text)}">`;
  return `<!doctype html><html><head><title>${esc(a.title)}</title>${meta}</head><body><header><nav>Home | World | Politics</nav></header>
<article><h1>${esc(a.title)}</h1><p>${esc(text)}</p><p>${filler}</p><p>${filler}</p></article><footer>© News</footer></body></html>`;
}

export async function startNewsLoopback(init: { articles?: FakeArticle[]; apiKey?: string } = {}): Promise<NewsLoopback> {
  const state = {
    articles: init.articles ?? [],
    apiErrors: [] as ScriptedError[],
    requests: [] as NewsLoopback['requests'],
  };
  let base = '';
  const articleUrl = (a: FakeArticle): string => `${base}/article/${a.slug}`;
  const apiKey = init.apiKey ?? 'test-key-123456';

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push({ path: u.pathname, query: u.searchParams, headers: req.headers });
    server.hooks.onRequest?.(u.pathname);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/v2/everything') {
      if (req.headers['x-api-key'] !== apiKey) {
        json(401, { status: 'error', code: 'apiKeyInvalid', message: 'Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.' });
        return;
      }
      const err = state.apiErrors.shift();
      if (err !== undefined) {
        json(err.status, { status: 'error', code: err.code, message: err.message }, err.headers);
        return;
      }
      const pageSize = Number(u.searchParams.get('pageSize') ?? 100);
      const page = Number(u.searchParams.get('page') ?? 1);
      const from = u.searchParams.get('from');
      const domains = u.searchParams.get('domains');
      const matching = state.articles.filter((a) => from === null || a.publishedAt >= from);
      const slice = matching.slice((page - 1) * pageSize, page * pageSize);
      json(200, {
        status: 'ok',
        totalResults: matching.length,
        articles: slice.map((a) => ({
          source: { id: null, name: a.source ?? (domains?.split(',')[0] ?? 'Loopback News') },
          author: a.author ?? null,
          title: a.title,
          description: a.description,
          url: a.urlVariant ?? articleUrl(a),
          urlToImage: null,
          publishedAt: a.publishedAt,
          content: `${a.description.slice(0, 40)}… [+1234 chars]`,
        })),
      });
      return;
    }
    if (u.pathname === '/feed.xml') {
      const items = state.articles
        .map(
          (a) =>
            `<item><title>${esc(a.title)}</title><link>${esc(a.urlVariant ?? articleUrl(a))}</link><description>${esc(`<p>${a.description}</p>`)}</description><pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate><guid>${esc(a.slug)}</guid></item>`,
        )
        .join('');
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Loopback RSS</title><link>${base}</link><description>test</description>${items}</channel></rss>`);
      return;
    }
    if (u.pathname === '/atom.xml') {
      const entries = state.articles
        .map((a) => `<entry><title>${esc(a.title)}</title><link href="${esc(articleUrl(a))}"/><id>${esc(a.slug)}</id><updated>${a.publishedAt}</updated><summary>${esc(a.description)}</summary></entry>`)
        .join('');
      res.writeHead(200, { 'content-type': 'application/atom+xml' });
      res.end(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Loopback Atom</title>${entries}</feed>`);
      return;
    }
    if (u.pathname === '/broken.xml') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>not a feed</body></html>');
      return;
    }
    const m = /^\/article\/([^/]+)$/.exec(u.pathname);
    const a = m ? state.articles.find((x) => x.slug === m[1]) : undefined;
    if (a === undefined || a.page === 'error') {
      res.writeHead(a === undefined ? 404 : 500, { 'content-type': 'text/plain' });
      res.end('not here');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pageHtml(a));
  };

  const server = Object.assign(createServer(handle), { hooks: {} as { onRequest?: (path: string) => void } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api: NewsLoopback = {
    url: base,
    apiKey,
    get articles() {
      return state.articles;
    },
    set articles(v: FakeArticle[]) {
      state.articles = v;
    },
    apiErrors: state.apiErrors,
    requests: state.requests,
    get onRequest() {
      return server.hooks.onRequest;
    },
    set onRequest(f: ((path: string) => void) | undefined) {
      if (f === undefined) delete server.hooks.onRequest;
      else server.hooks.onRequest = f;
    },
    articleUrl,
    count: (prefix) => state.requests.filter((r) => r.path.startsWith(prefix)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
