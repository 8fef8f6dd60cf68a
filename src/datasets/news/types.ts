/**
 * One article of the self-updating news dataset, with the fields of seed 000, Appendix A.3
 * (NewsLensSync): source, author, title, api_description, webscraped_description,
 * falsified_description, api_content, url, publishedAt.
 */
export interface NewsArticle {
  source: string;
  author: string | null;
  title: string;
  api_description: string | null;
  webscraped_description: string | null;
  falsified_description: string | null;
  api_content: string | null;
  url: string;
  /** ISO 8601 timestamp */
  publishedAt: string;
}

/** What a source yields before scraping and falsification. */
export type FetchedArticle = Omit<NewsArticle, 'webscraped_description' | 'falsified_description'> & {
  /** which source found it: 'newsapi' or 'rss:<feed url>' */
  origin: string;
};

/** A stored article plus bookkeeping. */
export interface StoredArticle extends NewsArticle {
  id: string;
  origin: string;
  /** 'offline:<rule>' | 'llm:<model>' | null */
  falsifier: string | null;
  /** the falsified text passed the negation check */
  falsify_ok: boolean | null;
  fetchedAt: string;
}
