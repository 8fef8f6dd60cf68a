/** Labels a WildFrame answer can carry. `mixed` is not asked for, but models answer it. */
export type SentimentLabel = 'positive' | 'negative' | 'neutral' | 'mixed';
export const SENTIMENT_LABELS: readonly SentimentLabel[] = ['positive', 'negative', 'neutral', 'mixed'];

export interface ParsedAnswer {
  /** the label, or null when the answer names none of the four labels (unparseable) */
  label: SentimentLabel | null;
  /**
   * how it was found:
   * - 'key': the first `sentiment: value` pair (JSON, Python dict, or bare; quotes optional);
   * - 'keyword': no such pair; the first of "mixed", "neutral", "positive", "negative" (in that
   *   priority order) that occurs anywhere in the answer;
   * - 'none': nothing usable (label null).
   */
  via: 'key' | 'keyword' | 'none';
  /** the lowercased value of the `sentiment` key when it is not one of the four labels */
  value?: string;
}

/** `sentiment` (any case, optionally quoted) then `:` then an optionally quoted word. */
const KEY_VALUE = /["']?sentiment["']?\s*:\s*["']?([A-Za-z]+)/i;
const KEYWORD_ORDER: readonly SentimentLabel[] = ['mixed', 'neutral', 'positive', 'negative'];

/**
 * Parses a model's sentiment answer as the WildFrame release's processed labels do.
 *
 * The rule was inferred from the released prediction files (raw answer vs
 * `opposite_framing_processed_pred`) and reproduces all 22,630 processed labels of the 11 files:
 *   1. the first `sentiment : value` pair, in any wrapping (```json fences, JSON, Python dict with
 *      single quotes, a bare `'sentiment' : 'Positive'` line followed by an explanation, extra
 *      spaces), value lowercased;
 *   2. otherwise the first keyword found in the priority order mixed > neutral > positive > negative
 *      ("Based on ..., the dominant sentiment is 'Neutral'. ... both positive and negative ..." is
 *      neutral).
 * The release's code (model_predictions/utils.py `process_preds`, the version we could read) evals
 * the first {...} block and falls back to the same keyword order inside it; on answers whose
 * `'sentiment' : 'X'` line is followed by prose mentioning another label that version gives the
 * keyword, while the released files carry X — the released files are what we match.
 *
 * Deliberate difference, never a guess: when the `sentiment` value is not one of the four labels
 * ("sad"), or nothing is found, the release keeps the text as its label (and its correlation code
 * then scores it as a full shift); slant returns label null (unparseable), reported and not scored.
 * No released answer is in that case.
 */
export function parseSentimentAnswer(raw: string): ParsedAnswer {
  const m = KEY_VALUE.exec(raw);
  if (m) {
    const value = (m[1] as string).toLowerCase();
    if ((SENTIMENT_LABELS as readonly string[]).includes(value)) return { label: value as SentimentLabel, via: 'key' };
    return { label: null, via: 'none', value };
  }
  const hay = raw.toLowerCase();
  for (const k of KEYWORD_ORDER) if (hay.includes(k)) return { label: k, via: 'keyword' };
  return { label: null, via: 'none' };
}
