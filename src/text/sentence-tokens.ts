/**
 * A text's sentences and what the instruments read of them (TF-IDF's terms per sentence,
 * rouge-score's tokens of the whole text and per sentence), all from the text's one shared
 * tokenisation (text-tokens.ts): the text is split into pieces once and each sentence is cut from
 * those pieces, not scanned again. The position probe reads a summary three ways (its sentences
 * for the mapping, the whole text for ROUGE, the sentences again for the ROUGE-1 mapper).
 */
import { splitSentencesWithOffsets, type SentenceSpan } from './sentences.js';
import { rougeTokensOf, sliceTokens, termsOf, textTokens } from './text-tokens.js';

interface SentencedText {
  /** the text as given, or its given sentences joined by a space */
  readonly text: string;
  /** its sentences (trimmed, non-empty) with their offsets in `text` */
  readonly spans: readonly SentenceSpan[];
}

/**
 * A text and its sentences: a string is split (sentences.ts); a text given as sentences keeps
 * them (trimmed, empty ones left out) and is read as their join by a space.
 */
export function sentenced(text: string | readonly string[]): SentencedText {
  if (typeof text === 'string') return { text, spans: splitSentencesWithOffsets(text) };
  const spans: SentenceSpan[] = [];
  let at = 0;
  for (const s of text) {
    const t = s.trim();
    if (t.length > 0) {
      const start = at + s.length - s.trimStart().length;
      spans.push({ text: t, start, end: start + t.length });
    }
    at += s.length + 1;
  }
  return { text: text.join(' '), spans };
}

interface SentenceReading {
  /** scikit-learn's default TF-IDF terms of each sentence */
  terms?: string[][];
  /** rouge-score's tokens (before stemming) of the whole text */
  rouge?: string[];
  /** rouge-score's tokens (before stemming) of each sentence */
  sentenceRouge?: string[][];
}

/**
 * What `want` asks of a text, from one tokenisation of it (made here, or taken from an instrument
 * that made it). Everything is taken out before returning: a tokenisation's piece numbers hold
 * only until the shared tables are next emptied.
 */
export function readSentences(t: SentencedText, want: { terms?: boolean; rouge?: boolean; sentenceRouge?: boolean }): SentenceReading {
  const out: SentenceReading = {};
  if (!want.terms && !want.rouge && !want.sentenceRouge) return out;
  const tokens = textTokens(t.text);
  if (want.rouge) out.rouge = rougeTokensOf(tokens);
  if (want.terms || want.sentenceRouge) {
    const parts = t.spans.map((s) => sliceTokens(tokens, s.start, s.end, s.text));
    if (want.terms) out.terms = parts.map(termsOf);
    if (want.sentenceRouge) out.sentenceRouge = parts.map(rougeTokensOf);
  }
  return out;
}
