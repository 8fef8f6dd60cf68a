import { wordSpans } from '../../text/tokens.js';

/**
 * Seed 000 Table A5, Partial Summaries Ensemble: equal-length chunks of size ⌊|D|/3⌋, |D| in
 * words. The |D| mod 3 remaining words (at most two) join the last chunk, so there are always
 * three chunks (three partial summaries + one merge = four calls). Chunks are cut at word starts;
 * the text between words stays with the chunk before it.
 */
export function equalWordChunks(text: string, k = 3): string[] {
  const spans = wordSpans(text);
  const n = spans.length;
  const size = Math.floor(n / k);
  if (size === 0) return [text.trim()];
  const out: string[] = [];
  for (let i = 0; i < k; i++) {
    const start = spans[i * size]!.start;
    const end = i === k - 1 ? text.length : spans[(i + 1) * size]!.start;
    out.push(text.slice(start, end).trim());
  }
  return out;
}

/** The first `budget` words of `text` (whole text when it is shorter), and whether it was cut. */
export function truncateWords(text: string, budget: number): { text: string; words: number; truncated: boolean } {
  const spans = wordSpans(text);
  if (spans.length <= budget) return { text, words: spans.length, truncated: false };
  return { text: text.slice(0, spans[budget - 1]!.end).trim(), words: budget, truncated: true };
}
