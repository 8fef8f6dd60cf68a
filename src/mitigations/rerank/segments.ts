import { splitSentences } from '../../text/sentences.js';

/**
 * Paragraphs of `text` (blank-line separated). A text with fewer than two paragraphs is cut into
 * sentences instead, so that there is something to re-order; `unit` says which.
 */
export function paragraphsOrSentences(text: string): { unit: 'paragraph' | 'sentence'; segments: string[] } {
  const paragraphs = text.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter((p) => p !== '');
  if (paragraphs.length >= 2) return { unit: 'paragraph', segments: paragraphs };
  return { unit: 'sentence', segments: splitSentences(text) };
}

/**
 * Table A5's "period split": the text cut after every period followed by whitespace (or at the
 * end), each piece keeping its period. Other punctuation does not split (the paper says periods).
 */
export function periodSplit(text: string): string[] {
  return text
    .split(/(?<=\.)\s+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
