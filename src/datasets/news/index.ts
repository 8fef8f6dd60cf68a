/** The self-updating news dataset (seed 000, §5 and Appendix A.3, NewsLensSync). */
export * from './types.js';
export { normalizeUrl, titleKey, titleWords, jaccard, isNearDuplicateTitle, NEAR_DUPLICATE_TITLE, NEAR_DUPLICATE_DAYS } from './dedupe.js';
export { NewsStore, type InsertOutcome } from './news-store.js';
export { fetchNewsApi, TRUSTED_DOMAINS, NEWSAPI_ENV, NEWSAPI_BASE_URL, type NewsApiOptions } from './sources/newsapi.js';
export { fetchFeed } from './sources/rss.js';
export { extractDescription, scrapeDescription, htmlToText } from './scrape.js';
export { FALSIFY_PROMPT, offlineFalsifier, llmFalsifier, cleanRewrite, type Falsified, type Falsifier } from './falsify.js';
export { buildNewsOnce, type NewsBuildOptions, type NewsBuildStats } from './builder.js';
export { parseEvery, nextRunAt, runSchedule, type Every, type ScheduleOptions } from './schedule.js';
export { exportNews, exportRange, toExportRow, EXPORT_COLUMNS, type ExportOptions, type ExportRow, type ExportStats } from './export.js';
