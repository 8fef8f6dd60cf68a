import { SLANT_VERSION } from '../version.js';
import { confusionFigures, type JudgeCard } from './card.js';
import type { CertaintyValidation } from './certainty/validate.js';
import type { FramingEvaluation } from './framing/evaluate.js';
import { THIRD_LABELS, type EmbedderValidation } from './embedders/validate.js';
import { VERDICT_LABELS, type VerdictValidation } from './verdict/validate.js';

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

/** An embedder card: which third of a document a summary came from (rows) vs the most similar third (columns). */
export function embedderCard(v: EmbedderValidation, meta: CardMeta): JudgeCard {
  const f = confusionFigures(v.confusion);
  return {
    task: 'embedder',
    ...meta,
    n: f.n,
    accuracy: f.accuracy,
    balancedAccuracy: f.balancedAccuracy,
    labels: [...THIRD_LABELS],
    confusion: v.confusion.map((r) => [...r]),
    figures: { documents: v.documents, tooShort: v.tooShort, textsPerSecond: Number.isFinite(v.textsPerSecond) ? v.textsPerSecond : null },
    date: today(),
    slantVersion: SLANT_VERSION,
  };
}

/**
 * A verdict-parser card: rows the labelled verdict (true, false), columns the parsed one; an
 * unparseable answer counts as a miss in accuracy and balanced accuracy (figures.unparseable).
 */
export function verdictCard(v: VerdictValidation, meta: CardMeta): JudgeCard {
  const row = (i: number): number => v.counts[i]!.reduce((a, b) => a + b, 0);
  const recalls = [0, 1].filter((i) => row(i) > 0).map((i) => v.counts[i]![i]! / row(i));
  const hits = v.counts[0]![0]! + v.counts[1]![1]!;
  return {
    task: 'verdict',
    ...meta,
    n: v.n,
    accuracy: v.n ? hits / v.n : null,
    balancedAccuracy: recalls.length ? recalls.reduce((a, b) => a + b, 0) / recalls.length : null,
    labels: [...VERDICT_LABELS],
    confusion: v.counts.map((r) => r.slice(0, 2)),
    figures: { unparseable: v.counts[0]![2]! + v.counts[1]![2]!, ...Object.fromEntries(Object.entries(v.unparseable).map(([k, n]) => [`unparseable.${k}`, n])) },
    date: today(),
    slantVersion: SLANT_VERSION,
  };
}
