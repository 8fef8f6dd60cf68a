/**
 * Duplicate detection for the news store. Two articles are duplicates when
 *   - their URLs are equal after normalisation (scheme, "www.", case of the host, default port,
 *     fragment, trailing slash, tracking parameters utm_*, fbclid, gclid, ocid, cmpid, at_* are
 *     ignored; "amp" path segments are dropped), or
 *   - their titles are near-duplicates: the Jaccard similarity of their content-word sets (lower
 *     case, stop words and outlet suffixes such as " - BBC News" removed) is at least 0.8, among
 *     articles published within 3 days of each other.
 */
const TRACKING = /^(?:utm_.*|fbclid|gclid|ocid|cmpid|at_.*|smid|mc_cid|mc_eid|ref|rss|taid)$/i;

export function normalizeUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return raw.trim().toLowerCase();
  }
  const host = u.hostname.toLowerCase().replace(/^www\./, '').replace(/^amp\./, '');
  const params = [...u.searchParams.entries()].filter(([k]) => !TRACKING.test(k)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const path = u.pathname
    .split('/')
    .filter((seg) => seg !== '' && seg.toLowerCase() !== 'amp')
    .join('/');
  const query = params.length > 0 ? '?' + params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') : '';
  return `${host}/${path}${query}`;
}

const STOP = new Set(
  'a an the and or but of in on at to for from by with as is are was were be been it its this that these those after before over under into about says said say new news live update updates video watch'.split(' '),
);

/** The set of content words of a title, outlet suffix removed. */
export function titleWords(title: string): string[] {
  const t = title
    .replace(/\s+[-|–—]\s+[^-|–—]{2,40}$/, '') // " - BBC News", " | Reuters"
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const words = t.match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))].sort();
}

/** A stable key for exact duplicate titles (sorted content words). */
export function titleKey(title: string): string {
  return titleWords(title).join(' ');
}

export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const sb = new Set(b);
  let inter = 0;
  for (const x of new Set(a)) if (sb.has(x)) inter++;
  return inter / (new Set([...a, ...b]).size);
}

export const NEAR_DUPLICATE_TITLE = 0.8;
export const NEAR_DUPLICATE_DAYS = 3;

export function isNearDuplicateTitle(a: string, b: string, threshold = NEAR_DUPLICATE_TITLE): boolean {
  const wa = titleWords(a);
  const wb = titleWords(b);
  if (wa.length < 3 || wb.length < 3) return wa.join(' ') === wb.join(' ') && wa.length > 0;
  return jaccard(wa, wb) >= threshold;
}
