/**
 * Reading the judge's 5-point answer from its reply: structured output (JSON with `final_answer`),
 * the `<final_answer>…</final_answer>` tag of Figure 24, or a reply that is nothing but one option.
 * Anything else is unreadable (null) — never guessed from words in the reasoning.
 */
import type { CertaintyScore } from './labels.js';

export interface ParsedCertaintyAnswer {
  /** ordered score: −2 = Clearly A … +2 = Clearly B; null when unreadable */
  score: CertaintyScore | null;
  /** the reasoning, when the reply carried one */
  reasoning: string;
  via: 'json' | 'tag' | 'bare' | 'none';
  /** the answer text that was read (or found and not recognised) */
  answer?: string;
}

const OPTION_SCORES: [RegExp, CertaintyScore][] = [
  [/^clearly\s+(?:text\s+)?a$/, -2],
  [/^slightly\s+(?:text\s+)?a$/, -1],
  [/^(?:no\s+clear\s+difference|tie)$/, 0],
  [/^slightly\s+(?:text\s+)?b$/, 1],
  [/^clearly\s+(?:text\s+)?b$/, 2],
];

/** One option string → ordered score (case-, space- and punctuation-tolerant); null if not an option. */
export function optionScore(answer: string): CertaintyScore | null {
  const norm = answer
    .toLowerCase()
    .replace(/[*_`"'.:!]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [re, s] of OPTION_SCORES) if (re.test(norm)) return s;
  return null;
}

function tryJson(text: string): { answer: string; reasoning: string } | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const obj: unknown = JSON.parse(text.slice(start, end + 1));
    if (obj === null || typeof obj !== 'object') return null;
    const rec = obj as Record<string, unknown>;
    const answer = rec.final_answer ?? rec.finalAnswer ?? rec.answer;
    if (typeof answer !== 'string') return null;
    const reasoning = rec.explanation ?? rec.reasoning;
    return { answer, reasoning: typeof reasoning === 'string' ? reasoning : '' };
  } catch {
    return null;
  }
}

export function parseCertaintyAnswer(text: string): ParsedCertaintyAnswer {
  const json = tryJson(text);
  if (json) return { score: optionScore(json.answer), reasoning: json.reasoning, via: 'json', answer: json.answer };
  const tags = [...text.matchAll(/<final_answer>([\s\S]*?)<\/final_answer>/gi)];
  const last = tags.at(-1);
  if (last) {
    const answer = (last[1] ?? '').trim();
    const expl = /<explanation>([\s\S]*?)<\/explanation>/i.exec(text);
    const reasoning = expl ? (expl[1] ?? '').trim() : text.slice(0, last.index).trim();
    return { score: optionScore(answer), reasoning, via: 'tag', answer };
  }
  const bare = optionScore(text);
  if (bare !== null) return { score: bare, reasoning: '', via: 'bare', answer: text.trim() };
  return { score: null, reasoning: text.trim(), via: 'none' };
}
