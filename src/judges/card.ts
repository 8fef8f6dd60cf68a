import { z } from 'zod';

/**
 * A judge's accuracy card: how the judge did on labelled rows, carried beside every number it
 * produces (results.json `probes[].judges[].card`, the terminal and HTML reports). Offline judges
 * ship theirs as a JSON asset next to their weights (written by their fit scripts, measured on
 * held-out rows); LLM judges get one from `slant validate … --judge <model> --save-card`, stored
 * in the store and reused by later runs with that judge (docs/judges/cards.md).
 *
 * `confusion[i][j]` counts rows whose true class is `labels[i]` and whose judged class is
 * `labels[j]` — the matrix the misclassification correction (src/stats/misclassification.ts)
 * inverts.
 */
export const judgeCardSchema = z.object({
  /** which judgement: 'framing' (3 classes), 'certainty' (direction −, 0, +), 'verdict', 'embedder' */
  task: z.enum(['framing', 'certainty', 'verdict', 'embedder']),
  judge: z.string(),
  version: z.string(),
  /** the labelled data, named so a reader can find the rows (file, part, selection) */
  data: z.string(),
  /** true when no row of `data` was used to fit, tune or select the judge */
  heldOut: z.boolean(),
  /** a short phrase for reports: "held-out reviews (leave-one-source-out)" */
  summary: z.string(),
  n: z.number().int().nonnegative(),
  accuracy: z.number().nullable(),
  balancedAccuracy: z.number().nullable(),
  labels: z.array(z.string()),
  confusion: z.array(z.array(z.number().int().nonnegative())),
  /** further figures by name (order accuracy, τ_b, per-source balanced accuracy, ...) */
  figures: z.record(z.string(), z.number().nullable()).optional(),
  date: z.string(),
  slantVersion: z.string(),
  /** the command that measured it */
  command: z.string().optional(),
});
export type JudgeCard = z.infer<typeof judgeCardSchema>;

/** Accuracy and balanced accuracy (mean recall over classes with rows) of a confusion matrix. */
export function confusionFigures(confusion: readonly (readonly number[])[]): { n: number; accuracy: number | null; balancedAccuracy: number | null } {
  let n = 0;
  let hit = 0;
  const recalls: number[] = [];
  confusion.forEach((row, i) => {
    const s = row.reduce((a, b) => a + b, 0);
    n += s;
    hit += row[i] ?? 0;
    if (s > 0) recalls.push((row[i] ?? 0) / s);
  });
  return { n, accuracy: n ? hit / n : null, balancedAccuracy: recalls.length ? recalls.reduce((a, b) => a + b, 0) / recalls.length : null };
}

/** Parses a card (a JSON asset or a stored one); a bad card is a programming or storage error. */
export function parseJudgeCard(raw: unknown, where: string): JudgeCard {
  const r = judgeCardSchema.safeParse(raw);
  if (!r.success) throw new Error(`${where}: not a judge card: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const k = r.data.labels.length;
  if (r.data.confusion.length !== k || r.data.confusion.some((row) => row.length !== k)) throw new Error(`${where}: the confusion matrix must be ${k}×${k} (labels ${r.data.labels.join(', ')})`);
  return r.data;
}

/** "offline-framing@2.0.0+ab12cd34, balanced accuracy 0.70 on held-out reviews (n = 3,021)" */
export function describeCard(card: JudgeCard): string {
  const ba = card.balancedAccuracy === null ? '—' : card.balancedAccuracy.toFixed(2);
  return `${card.judge}@${card.version}: balanced accuracy ${ba} on ${card.summary} (n = ${card.n}${card.heldOut ? '' : ', in-sample'}; ${card.date})`;
}
