import { countExcluded, type Excluded } from '../../core/excluded.js';
import { exclusionOf, FRAMINGS, isUnreadableAnswer, type Framing } from '../../core/types.js';
import type { FramingJudge } from '../types.js';
import { accuracy, balancedAccuracy, confusionMatrix, perClassRecall } from '../../stats/classification.js';

export interface FramingEvaluation {
  /** items whose answer stated a label (the figures are over these) */
  n: number;
  /** answers that stated no label: left out of every figure, not counted as misses (by reason key, and the first few) */
  unreadable?: { n: number; reasons: Excluded; examples: { text: string; answer: string; reason: string }[] };
  /** share of items whose predicted framing equals the label */
  accuracy: number;
  /** mean of the per-class recalls over the classes present among the labels (sklearn's definition) */
  balancedAccuracy: number;
  /** recall of each class present among the labels; classes absent from the labels are left out */
  perClassRecall: Partial<Record<Framing, number>>;
  /** matrix[i][j] = number of items labelled labels[i] and predicted labels[j] (rows truth, columns prediction) */
  confusion: { labels: Framing[]; matrix: number[][] };
}

/**
 * Star rating -> framing as in seed 000 Appendix A.1: 1-2 negative, 3 neutral, 4-5 positive.
 * Returns null for anything that is not a whole number from 1 to 5 (the caller reports it with
 * the file and row).
 */
export function ratingToFraming(rating: number): Framing | null {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return null;
  return rating <= 2 ? 'negative' : rating === 3 ? 'neutral' : 'positive';
}

/** Scores predictions against labels (same length, same order), with the stats layer's metrics. */
export function scoreFramings(labels: readonly Framing[], predicted: readonly Framing[]): FramingEvaluation {
  if (labels.length !== predicted.length) {
    throw new Error(`scoreFramings: ${labels.length} labels but ${predicted.length} predictions`);
  }
  const cm = confusionMatrix([...labels], [...predicted], FRAMINGS);
  const recall: Partial<Record<Framing, number>> = {};
  for (const [c, r] of Object.entries(perClassRecall(cm)) as [Framing, number][]) if (!Number.isNaN(r)) recall[c] = r;
  return {
    n: labels.length,
    accuracy: accuracy(cm),
    balancedAccuracy: balancedAccuracy(cm),
    perClassRecall: recall,
    confusion: { labels: cm.labels, matrix: cm.matrix },
  };
}

/** Runs the judge on the items' texts (one classify call) and scores it against their labels. */
export async function evaluateFramingJudge(
  judge: Pick<FramingJudge, 'classify'>,
  items: readonly { text: string; label: Framing }[],
  opts: { signal?: AbortSignal } = {},
): Promise<FramingEvaluation> {
  const predicted = await judge.classify(items.map((it) => it.text), opts);
  if (predicted.length !== items.length) {
    throw new Error(`framing judge returned ${predicted.length} labels for ${items.length} texts`);
  }
  const read = items.flatMap((it, i) => {
    const p = predicted[i];
    return p === undefined || isUnreadableAnswer(p) ? [] : [{ label: it.label, predicted: p }];
  });
  const out = scoreFramings(read.map((r) => r.label), read.map((r) => r.predicted));
  const unreadable = items.flatMap((it, i) => {
    const p = predicted[i];
    return p !== undefined && isUnreadableAnswer(p) ? [{ text: it.text, answer: p.answer, reason: p.unreadable, key: exclusionOf(p) }] : [];
  });
  if (unreadable.length > 0) {
    out.unreadable = { n: unreadable.length, reasons: countExcluded(unreadable, (u) => u.key) ?? {}, examples: unreadable.slice(0, 3).map(({ text, answer, reason }) => ({ text, answer, reason })) };
  }
  return out;
}
