/** Confusion matrix and the classification scores built on it. */

export interface ConfusionMatrix<L extends string> {
  labels: L[];
  /** matrix[i][j] = number of items whose truth is labels[i] and prediction labels[j] */
  matrix: number[][];
}

/**
 * Confusion matrix with rows = truth and columns = predicted, in the order of `labels`
 * (scikit-learn's confusion_matrix convention). Throws RangeError for unequal lengths, duplicate
 * labels, or a truth/prediction outside `labels`.
 */
export function confusionMatrix<L extends string>(truth: L[], pred: L[], labels: readonly L[]): ConfusionMatrix<L> {
  if (truth.length !== pred.length) {
    throw new RangeError(`confusionMatrix: truth and pred differ in length (${truth.length} vs ${pred.length})`);
  }
  const index = new Map<L, number>();
  labels.forEach((l, i) => {
    if (index.has(l)) throw new RangeError(`confusionMatrix: duplicate label '${l}'`);
    index.set(l, i);
  });
  const matrix = labels.map(() => new Array<number>(labels.length).fill(0));
  for (let k = 0; k < truth.length; k++) {
    const t = index.get(truth[k] as L);
    const p = index.get(pred[k] as L);
    if (t === undefined) throw new RangeError(`confusionMatrix: truth[${k}] = '${truth[k]}' is not one of ${labels.join(', ')}`);
    if (p === undefined) throw new RangeError(`confusionMatrix: pred[${k}] = '${pred[k]}' is not one of ${labels.join(', ')}`);
    matrix[t]![p]! += 1;
  }
  return { labels: [...labels], matrix };
}

/** Share of items on the diagonal; NaN for an empty matrix. */
export function accuracy<L extends string>(cm: ConfusionMatrix<L>): number {
  let diag = 0;
  let total = 0;
  cm.matrix.forEach((row, i) =>
    row.forEach((v, j) => {
      total += v;
      if (i === j) diag += v;
    }),
  );
  return total === 0 ? NaN : diag / total;
}

/** Recall of each label (diagonal / row sum); NaN for a label with no true items. */
export function perClassRecall<L extends string>(cm: ConfusionMatrix<L>): Record<L, number> {
  const out = {} as Record<L, number>;
  cm.labels.forEach((l, i) => {
    const row = cm.matrix[i] ?? [];
    const support = row.reduce((a, b) => a + b, 0);
    out[l] = support === 0 ? NaN : (row[i] ?? 0) / support;
  });
  return out;
}

/**
 * Mean of per-class recall over the labels that occur in the truth (labels with no true items are
 * left out, as scikit-learn's balanced_accuracy_score does after warning). NaN when nothing occurs.
 */
export function balancedAccuracy<L extends string>(cm: ConfusionMatrix<L>): number {
  const recalls = Object.values<number>(perClassRecall(cm)).filter((v) => !Number.isNaN(v));
  return recalls.length === 0 ? NaN : recalls.reduce((a, b) => a + b, 0) / recalls.length;
}
