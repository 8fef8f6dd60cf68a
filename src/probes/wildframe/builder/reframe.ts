import type { LanguageModel } from '../../../models/types.js';
import { renderReframePrompt } from '../../../tasks/wildframe-prompts.js';
import type { Polarity } from '../score.js';
import { verbatimCheck, type VerbatimMode } from './verbatim.js';

export interface ReframeResult {
  /** the cleaned reframed statement */
  framed: string;
  /** the model's raw answer */
  raw: string;
}

const ECHOED_LEAD = /^[^\n]*?(after adding an? (positive|negative) (framing|suffix|prefix)|reframed statement|framed statement)[^\n:]*:\s*/i;

/**
 * Cleans a reframing answer, and nothing more:
 *   1. trims it and drops an echoed lead-in ("Here is the same statement, after adding a positive
 *      framing: ...", "Reframed statement: ...") — the one-shot prompt invites that echo;
 *   2. when the answer has several non-empty lines, keeps the first line that contains the original
 *      (verbatim check), else the whole answer with lines joined by a space;
 *   3. drops one pair of quotes wrapping the whole answer.
 * Whether the original survived is checked afterwards by verbatimCheck, never repaired.
 */
export function cleanReframed(raw: string, original: string, mode: VerbatimMode = 'detokenize'): string {
  let s = raw.trim().replace(ECHOED_LEAD, '');
  const lines = s.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length > 1) s = lines.find((l) => verbatimCheck(original, l, mode).ok) ?? lines.join(' ');
  const m = /^(["'\u201C\u2018])([\s\S]*)(["'\u201D\u2019])$/.exec(s.trim());
  if (m && (m[1] === m[3] || (m[1] === '\u201C' && m[3] === '\u201D') || (m[1] === '\u2018' && m[3] === '\u2019'))) s = m[2] as string;
  return s.trim();
}

/**
 * Adds the opposite framing to a statement with the paper's one-shot prompts (seed 001, Appendix
 * B): a negative statement gets a positive framing (prompt 1), a positive one a negative framing
 * (prompt 2).
 */
export async function reframe(
  model: LanguageModel,
  statement: string,
  polarity: Polarity,
  opts: { signal?: AbortSignal; temperature?: number; maxTokens?: number; verbatimMode?: VerbatimMode } = {},
): Promise<ReframeResult> {
  const params: { temperature?: number; maxTokens?: number } = {};
  if (opts.temperature !== undefined) params.temperature = opts.temperature;
  if (opts.maxTokens !== undefined) params.maxTokens = opts.maxTokens;
  const res = await model.generate({
    messages: renderReframePrompt(statement, polarity),
    params,
    task: { kind: 'wildframe-reframe', input: statement },
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return { framed: cleanReframed(res.text, statement, opts.verbatimMode), raw: res.text };
}
