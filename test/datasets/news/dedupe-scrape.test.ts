import { describe, expect, it } from 'vitest';
import { extractDescription, htmlToText, isNearDuplicateTitle, jaccard, normalizeUrl, titleKey } from '../../../src/datasets/news/index.js';

describe('URL normalisation', () => {
  it('ignores scheme, www, tracking parameters, fragments, amp and trailing slashes', () => {
    const a = normalizeUrl('https://www.BBC.co.uk/news/world-123/?utm_source=rss&utm_medium=x#top');
    expect(a).toBe('bbc.co.uk/news/world-123');
    expect(normalizeUrl('http://bbc.co.uk/news/world-123')).toBe(a);
    expect(normalizeUrl('https://www.bbc.co.uk/news/amp/world-123')).toBe(a);
    // a real query parameter is kept, in sorted order
    expect(normalizeUrl('https://x.org/a?b=2&a=1&fbclid=zz')).toBe('x.org/a?a=1&b=2');
    expect(normalizeUrl('https://x.org/a?id=1')).not.toBe(normalizeUrl('https://x.org/a?id=2'));
  });
});

describe('near-duplicate titles', () => {
  it('Jaccard on content words, outlet suffix removed', () => {
    // {a,b,c} vs {b,c,d}: 2 shared of 4 → 0.5
    expect(jaccard(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(0.5);
    expect(titleKey('Senate passes budget bill - BBC News')).toBe('bill budget passes senate');
    expect(isNearDuplicateTitle('Senate passes budget bill - BBC News', 'Senate passes the budget bill | Reuters')).toBe(true);
    // 6 content words each, 5 shared, union 7: 5/7 = 0.714 < 0.8
    expect(isNearDuplicateTitle('Senate passes sweeping budget bill Tuesday', 'Senate passes sweeping budget bill Wednesday')).toBe(false);
    // 10 content words each, 9 shared, union 11: 9/11 = 0.818 ≥ 0.8
    expect(isNearDuplicateTitle('Senate passes sweeping budget bill ending month long debate Tuesday', 'Senate passes sweeping budget bill ending month long debate Wednesday')).toBe(true);
    expect(isNearDuplicateTitle('Senate passes budget bill', 'House rejects budget bill')).toBe(false);
  });
});

describe('description extraction', () => {
  it('prefers the page’s og:description', () => {
    const html = '<html><head><meta property="og:description" content="Lawmakers approved the measure on Tuesday, ending a month of debate."></head><body><p>Other text.</p></body></html>';
    expect(extractDescription(html)).toEqual({ description: 'Lawmakers approved the measure on Tuesday, ending a month of debate.', via: 'meta' });
  });
  it('falls back to Readability’s excerpt of the main content', () => {
    const filler = 'Commentators discussed the outcome at length during the day and into the evening. '.repeat(4);
    const html = `<html><head><title>t</title></head><body><nav>Home | World</nav><article><h1>Title</h1><p>The parliament approved the new climate law with a large majority on Tuesday.</p><p>${filler}</p><p>${filler}</p></article><footer>(c)</footer></body></html>`;
    const d = extractDescription(html);
    expect(d.via).toBe('readability');
    expect(d.description).toBe('The parliament approved the new climate law with a large majority on Tuesday.');
  });
  it('returns null for a page without text', () => {
    expect(extractDescription('<html><body><nav>Home</nav></body></html>')).toEqual({ description: null, via: null });
  });
  it('htmlToText decodes entities and strips tags', () => {
    expect(htmlToText('<p>Fish &amp; chips <b>now</b></p>')).toBe('Fish & chips now');
  });
});
