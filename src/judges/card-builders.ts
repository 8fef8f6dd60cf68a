import { SLANT_VERSION } from '../version.js';
import { confusionFigures, type JudgeCard } from './card.js';
import type { CertaintyValidation } from './certainty/validate.js';
import type { FramingEvaluation } from './framing/evaluate.js';

interface CardMeta {
  judge: string;
  version: string;
  data: string;
  heldOut: boolean;
  summary: string;
  command?: string;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/** A framing card from `scoreFramings` figures (3 classes in the evaluation's label order). */
export function framingCard(e: FramingEvaluation, meta: CardMeta): JudgeCard {
  const f = confusionFigures(e.confusion.matrix);
  const figures: Record<string, number | null> = {};
  for (const [c, r] of Object.entries(e.perClassRecall)) figures[`recall.${c}`] = r;
  return { task: 'framing', ...meta, n: f.n, accuracy: f.accuracy, balancedAccuracy: f.balancedAccuracy, labels: [...e.confusion.labels], confusion: e.confusion.matrix.map((r) => [...r]), figures, date: today(), slantVersion: SLANT_VERSION };
}

/**
 * A certainty card: the 3×3 direction confusion (rows: human −, 0, +; columns: the comparator's
 * −, 0, +) — inconsistent or unreadable answers are counted in `figures.other`, not in the matrix.
 * Balanced accuracy is the mean recall of the three directions (over those present).
 */
export function certaintyCard(v: CertaintyValidation, meta: CardMeta): JudgeCard {
  const confusion = v.confusion.counts.map((r) => r.slice(0, 3));
  const f = confusionFigures(confusion);
  const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
  return {
    task: 'certainty',
    ...meta,
    n: f.n,
    accuracy: f.accuracy,
    balancedAccuracy: f.balancedAccuracy,
    labels: ['−', '0', '+'],
    confusion,
    figures: {
      directionAccuracy: num(v.directionAccuracy),
      orderAccuracy: num(v.orderAccuracy),
      tieAccuracy: num(v.tieAccuracy),
      tauB: num(v.tauB),
      other: v.confusion.counts.reduce((s, r) => s + (r[3] ?? 0), 0),
      inTraining: v.inTraining,
    },
    date: today(),
    slantVersion: SLANT_VERSION,
  };
}
