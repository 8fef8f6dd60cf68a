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
  /** unparseable answers by reason (ambiguous, no-verdict, empty) */
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
    if (p.verdict === null) unparseable[p.via] = (unparseable[p.via] ?? 0) + 1;
  }
  return { n: items.length, counts, unparseable };
}
