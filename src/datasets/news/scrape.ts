import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { responseText, send } from '../../models/http.js';
import type { Scheduler } from '../../runtime/scheduler.js';

/** Text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  const { document } = parseHTML(`<!doctype html><html><body><div id="x">${html}</div></body></html>`);
  return (document.getElementById('x')?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The article's description, scraped from its page (seed 000, Appendix A.3
 * `webscraped_description`: "extracted directly from the article to overcome the API limit").
 * Order: the page's own summary (og:description, twitter:description, meta description), when it
 * is at least `minChars` long; else Mozilla Readability's excerpt of the main content (its first
 * paragraph); else null.
 */
export function extractDescription(html: string, minChars = 40): { description: string | null; via: 'meta' | 'readability' | null } {
  const { document } = parseHTML(html);
  for (const sel of ['meta[property="og:description"]', 'meta[name="twitter:description"]', 'meta[name="description"]']) {
    const c = document.querySelector(sel)?.getAttribute('content');
    const text = c ? htmlToText(c) : '';
    if (text.length >= minChars) return { description: text, via: 'meta' };
  }
  try {
    // linkedom's document lacks documentURI/baseURI setters; Readability only needs them for links
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], { charThreshold: 100 }).parse();
    const excerpt = article?.excerpt ? htmlToText(article.excerpt) : '';
    if (excerpt.length >= minChars) return { description: excerpt, via: 'readability' };
    const text = (article?.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length >= minChars) return { description: text.slice(0, 600).replace(/\s\S*$/, ''), via: 'readability' };
  } catch {
    // a page Readability cannot parse has no description
  }
  return { description: null, via: null };
}

/** GET the article page and extract its description; network and HTTP errors propagate. */
export async function scrapeDescription(url: string, opts: { scheduler: Scheduler; signal?: AbortSignal; userAgent?: string }): Promise<string | null> {
  const html = await opts.scheduler.run(
    'scrape',
    async (signal) => {
      const res = await send({ provider: 'scrape', url, method: 'GET', headers: { 'user-agent': opts.userAgent ?? 'slant-news/0.1', accept: 'text/html' }, signal });
      return responseText(res, { provider: 'scrape', url: url });
    },
    opts.signal ? { signal: opts.signal } : {},
  );
  return extractDescription(html).description;
}
