/**
 * Fits the claim-strength scorer (claim-strength.ts) on labelled sentences: a multinomial logistic
 * regression (claim-strength-fit.ts) over the featuriser's n-grams (document frequency ≥ minDf in
 * the training rows), stems and hand features. Shared by scripts/fit-certainty-weights.ts and
 * scripts/certainty-convention-oof.ts.
 *
 * With `augment` every feature has three copies (Daumé III 2007, "frustratingly easy domain
 * adaptation"): shared, out-of-domain only and in-domain only, so that the corpora may disagree
 * where their labelling conventions differ (Yu et al. mostly code "X can reduce Y" as a direct
 * causal claim, InSciOut as a conditional one). The returned model predicts in the in-domain view:
 * shared + in-domain weights, summed into one weight per feature.
 */
import { STRENGTH_CLASSES, strengthFeatures, type ClaimStrengthModel } from '../../src/judges/certainty/claim-strength.js';
import { fitSoftmax, type SparseExample } from '../../src/judges/certainty/claim-strength-fit.js';

export interface TrainingSentence {
  text: string;
  /** strength 0-3 */
  label: number;
  weight: number;
  /** an in-domain (InSciOut) sentence: its domain copy is the in-domain one */
  inDomain: boolean;
  /** strengthFeatures(text), when already computed */
  features?: Map<string, number>;
}

export interface ClaimStrengthTrainOptions {
  augment?: boolean;
  minDf?: number;
  l2?: number;
  iterations?: number;
}

/** Vocabulary: hand features always; n-grams with document frequency ≥ minDf in the given rows. */
function vocabulary(feats: readonly Map<string, number>[], minDf: number): string[] {
  const df = new Map<string, number>();
  for (const fs of feats) for (const f of fs.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  return [...df].filter(([f, n]) => n >= minDf || f.startsWith('rule_') || f.startsWith('cat_') || f.startsWith('grp_')).map(([f]) => f).sort();
}

export function trainClaimStrength(rows: readonly TrainingSentence[], opts: ClaimStrengthTrainOptions = {}): ClaimStrengthModel {
  const { augment = false, minDf = 10, l2 = 0.00065, iterations = 1500 } = opts;
  const feats = rows.map((r) => r.features ?? strengthFeatures(r.text));
  const vocab = vocabulary(feats, minDf);
  const V = vocab.length;
  const index = new Map(vocab.map((f, k) => [f, k]));
  const copies = augment ? 3 : 1;
  const ex: SparseExample[] = rows.map((r, i) => {
    const idx: number[] = [];
    const val: number[] = [];
    const domainOffset = r.inDomain ? 2 * V : V;
    for (const [f, v] of feats[i]!) {
      const k = index.get(f);
      if (k === undefined) continue;
      idx.push(k);
      val.push(v);
      if (augment) {
        idx.push(domainOffset + k);
        val.push(v);
      }
    }
    return { idx, val, y: r.label, weight: r.weight };
  });
  const fit = fitSoftmax(ex, copies * V, STRENGTH_CLASSES, { l2, iterations });
  const weights: Record<string, number[]> = {};
  vocab.forEach((f, k) => {
    const w = Array.from({ length: STRENGTH_CLASSES }, (_, c) => {
      const inDomain = augment ? fit.w[(2 * V + k) * STRENGTH_CLASSES + c]! : 0;
      return Number((fit.w[k * STRENGTH_CLASSES + c]! + inDomain).toFixed(3));
    });
    if (w.some((x) => x !== 0)) weights[f] = w;
  });
  console.error(`  fitted ${rows.length} sentences, ${V} features${augment ? ' × 3 copies' : ''}, objective ${fit.loss.toFixed(4)}`);
  return { version: 'claim-strength', bias: Array.from(fit.bias, (b) => Number(b.toFixed(3))), weights };
}
