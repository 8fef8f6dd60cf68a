import { FRAMINGS, type Framing } from '../../core/types.js';
import type { FramingJudge } from '../types.js';

export interface FramingEvaluation {
  n: number;
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

/** Scores predictions against labels (same length, same order). */
export function scoreFramings(labels: readonly Framing[], predicted: readonly Framing[]): FramingEvaluation {
  if (labels.length !== predicted.length) {
    throw new Error(`scoreFramings: ${labels.length} labels but ${predicted.length} predictions`);
  }
  const classes = [...FRAMINGS];
  const index = new Map(classes.map((c, i) => [c, i]));
  const matrix = classes.map(() => classes.map(() => 0));
  let correct = 0;
  for (let k = 0; k < labels.length; k++) {
    const t = index.get(labels[k] as Framing);
    const p = index.get(predicted[k] as Framing);
    if (t === undefined || p === undefined) {
      throw new Error(`scoreFramings: item ${k}: unknown framing ${JSON.stringify(t === undefined ? labels[k] : predicted[k])}`);
    }
    (matrix[t] as number[])[p] = ((matrix[t] as number[])[p] as number) + 1;
    if (t === p) correct++;
  }
  const perClassRecall: Partial<Record<Framing, number>> = {};
  let recallSum = 0;
  let present = 0;
  classes.forEach((c, i) => {
    const row = matrix[i] as number[];
    const total = row.reduce((a, b) => a + b, 0);
    if (total === 0) return;
    const r = (row[i] as number) / total;
    perClassRecall[c] = r;
    recallSum += r;
    present++;
  });
  const n = labels.length;
  return {
    n,
    accuracy: n === 0 ? NaN : correct / n,
    balancedAccuracy: present === 0 ? NaN : recallSum / present,
    perClassRecall,
    confusion: { labels: classes, matrix },
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
  return scoreFramings(items.map((it) => it.label), predicted);
}
