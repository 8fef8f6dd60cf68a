/**
 * Reading the judge's 5-point answer from its reply with the one answer reader
 * (src/text/answer-reader.ts): structured output (JSON with `final_answer`), the
 * `<final_answer>…</final_answer>` tag of Figure 24, a bare option or a first line that is one,
 * or "Final answer: Slightly B" after reasoning. Anything else is unreadable (score null, with the
 * reason) — never guessed from words in the reasoning.
 */
import { readAnswer, type AnswerVia } from '../../text/answer-reader.js';
import type { CertaintyScore } from './labels.js';

interface ParsedCertaintyAnswer {
  /** ordered score: −2 = Clearly A … +2 = Clearly B; null when unreadable */
  score: CertaintyScore | null;
  /** the reasoning, when the reply carried one */
  reasoning: string;
  via: AnswerVia | 'none';
  /** why no option could be read (score null) */
  unreadable?: string;
}

const SCORES: Record<string, CertaintyScore> = { 'clearly-a': -2, 'slightly-a': -1, 'no-clear-difference': 0, 'slightly-b': 1, 'clearly-b': 2 };

/** The ordered score of a certainty label the reader returned ('slightly-b' → +1). */
export function scoreOfLabel(label: string): CertaintyScore | null {
  return SCORES[label] ?? null;
}

/** One option string → ordered score (case-, space- and punctuation-tolerant); null if not an option. */
export function optionScore(answer: string): CertaintyScore | null {
  const r = readAnswer(answer, 'certainty');
  return 'label' in r ? (SCORES[r.label] ?? null) : null;
}

/** The reasoning a reply carries: its JSON explanation, its <explanation> tag, or its text before the answer tag. */
export function reasoningOf(text: string): string {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const rec = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown>;
      const r = rec.explanation ?? rec.reasoning;
      if (typeof r === 'string') return r;
    } catch {
      // not JSON: the tags or the text
    }
  }
  const expl = /<explanation>([\s\S]*?)<\/explanation>/i.exec(text);
  if (expl) return (expl[1] ?? '').trim();
  const tag = /<final_answer>/i.exec(text);
  return (tag ? text.slice(0, tag.index) : text).trim();
}

export function parseCertaintyAnswer(text: string): ParsedCertaintyAnswer {
  const r = readAnswer(text, 'certainty');
  const reasoning = reasoningOf(text);
  if ('unreadable' in r) return { score: null, reasoning, via: 'none', unreadable: r.unreadable };
  return { score: SCORES[r.label] ?? null, reasoning, via: r.via };
}
