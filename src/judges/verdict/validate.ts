/**
 * Validation of the fact-check verdict parser (parse-verdict.ts) against answers whose verdict a
 * person read: each labelled answer's parsed verdict is compared with the label (true / false).
 * Unparseable answers are a third column ("none") — a parser that refuses is not counted as right.
 */
import { parseVerdict } from './parse-verdict.js';

export const VERDICT_LABELS = ['true', 'false'] as const;

export interface VerdictValidation {
  n: number;
  /** rows: the labelled verdict (true, false); columns: parsed true, parsed false, unparseable */
  counts: number[][];
  /** unreadable answers by the reader's reason (empty answer, a hedge, no verdict stated) */
  unparseable: Record<string, number>;
}

export function validateVerdictParser(items: readonly { answer: string; label: boolean }[]): VerdictValidation {
  const counts = [
    [0, 0, 0],
    [0, 0, 0],
  ];
  const unparseable: Record<string, number> = {};
  for (const it of items) {
    const p = parseVerdict(it.answer);
    const col = p.verdict === null ? 2 : p.verdict ? 0 : 1;
    counts[it.label ? 0 : 1]![col]!++;
    const why = p.unreadable ?? 'unreadable';
    if (p.verdict === null) unparseable[why] = (unparseable[why] ?? 0) + 1;
  }
  return { n: items.length, counts, unparseable };
}
