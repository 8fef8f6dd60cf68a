/**
 * `slant annotate stats`: agreement among the annotators kept by the quality filters
 * (Krippendorff's α), each annotator's and each judge's τ_b with the leave-one-out consensus
 * (bootstrap intervals; judge minus average human with its interval), a random baseline, and each
 * judge's card (src/judges/card.ts; built in study-cards.ts) against the human labels.
 */
import { humanValidation, type TauSummary } from '../probes/certainty/human-validation.js';
import { krippendorffAlpha } from '../stats/agreement.js';
import type { JudgeCard } from '../judges/card.js';
import type { StudyData } from './answers.js';
import { bootstrapConsensus, randomBaseline, type BootInterval, type LabelTable } from './consensus.js';
import { applyQualityFilters, DEFAULT_QUALITY, type QualityOptions, type QualityReport } from './quality.js';
import type { AgreementLevel } from '../probes/annotation.js';
import { kindText, numericAnswer, scaleValues, type StudyKind } from './scale.js';
import { studyJudgeCards, type JudgeIdentity } from './study-cards.js';

export { majorityLabel } from './study-cards.js';

export interface StudyStats {
  study: string;
  kind: StudyKind;
  quality: QualityReport;
  items: number;
  answers: number;
  alpha: Partial<Record<AgreementLevel, number | null>>;
  annotators: { annotator: string; n: number; tauB: number | null; low: number | null; high: number | null }[];
  humanMean: { tauB: number | null; low: number | null; high: number | null };
  judges: { judge: string; n: number; tauB: number | null; low: number | null; high: number | null; gap: { value: number | null; low: number | null; high: number | null } }[];
  randomBaseline: { tauB: number | null; low: number | null; high: number | null; draws: number };
  /** seed 004 App. B.1: mean τ_b over human–human pairs and over human–judge pairs, on the items each pair shares */
  pairwise: { humanHuman: TauSummary; humanJudge: Record<string, TauSummary> } | null;
  resamples: number;
  /** framing and certainty: each judge's card (src/judges/card.ts) against the human labels */
  cards: JudgeCard[];
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const iv = (x: number, b: BootInterval | undefined) => ({ tauB: num(x), low: num(b?.low ?? NaN), high: num(b?.high ?? NaN) });

export function studyStats(data: StudyData, opts: {
    quality?: QualityOptions;
    resamples?: number;
    seed?: number;
    date?: Date;
    /** study judge name → the judge's id and version (default: the name, version "unknown") */
    identities?: Record<string, JudgeIdentity>;
    /** the command, for the cards */
    command?: string;
  } = {},): StudyStats {
  const kind = data.kind;
  const quality = applyQualityFilters(data.answers, data.study.settings.annotators, opts.quality ?? DEFAULT_QUALITY);
  const kept = new Set(quality.kept);
  const rows = data.answers.filter((a) => a.role === 'task' && kept.has(a.annotator));
  const taskItems = data.items.filter((i) => i.role === 'task');
  const byItem = new Map(taskItems.map((i) => [i.id, new Map<string, string>()]));
  for (const r of rows) byItem.get(r.item)?.set(r.annotator, r.canonical);
  const analysed = taskItems.filter((i) => (byItem.get(i.id)?.size ?? 0) > 0);
  const table: LabelTable = {
    humans: analysed.map((i) => new Map([...byItem.get(i.id)!].map(([a, v]) => [a, numericAnswer(kind, v)]))),
    judges: analysed.map((i) => new Map(Object.entries(i.judges).map(([j, v]) => [j, numericAnswer(kind, v)]))),
  };
  const boot = bootstrapConsensus(table, { resamples: opts.resamples ?? 1000, seed: opts.seed ?? 42 });
  const matrix = quality.kept.map((a) => analysed.map((i) => {
    const v = byItem.get(i.id)!.get(a);
    return v === undefined ? null : numericAnswer(kind, v);
  }));
  const alphaAt = (level: AgreementLevel) => (matrix.length >= 2 && analysed.length > 0 ? num(krippendorffAlpha(matrix, level)) : null);
  const levels = kindText(kind).agreement;
  const alpha: StudyStats['alpha'] = Object.fromEntries(levels.map((level) => [level, alphaAt(level)]));
  const scale = scaleValues(kind).map((v) => numericAnswer(kind, v));
  const base = randomBaseline(table, scale, { seed: (opts.seed ?? 42) + 1 });
  const judgeIds = [...new Set(analysed.flatMap((i) => Object.keys(i.judges)))].sort();
  let pairwise: StudyStats['pairwise'] = null;
  const clash = judgeIds.some((j) => kept.has(j));
  if (!clash && quality.kept.length >= 2) {
    const labelRows = [
      ...rows.map((r) => ({ item: r.item, annotator: r.annotator, label: numericAnswer(kind, r.canonical) })),
      ...analysed.flatMap((i) => Object.entries(i.judges).map(([j, v]) => ({ item: i.id, annotator: j, label: numericAnswer(kind, v) }))),
    ];
    const hv = humanValidation(labelRows, { judges: judgeIds });
    pairwise = { humanHuman: hv.humanHuman, humanJudge: hv.humanJudge };
  }
  const judges = judgeIds.map((j) => {
    const p = boot.point.judges.get(j);
    const g = boot.gaps.get(j);
    return { judge: j, n: p?.n ?? 0, ...iv(p?.tau ?? NaN, boot.judges.get(j)), gap: { value: num(g?.value ?? NaN), low: num(g?.low ?? NaN), high: num(g?.high ?? NaN) } };
  });
  const humanMean = iv(boot.point.humanMean, boot.humanMean);
  const randomBase = { tauB: num(base.mean), low: num(base.low), high: num(base.high), draws: base.draws };
  // the cards report the kind's first level (certainty: ordinal; the label kinds: nominal)
  const alphaValue = alpha[levels[0]!];
  const cards = studyJudgeCards({
    study: data.study.id,
    kind,
    k: data.study.k,
    annotators: quality.kept.length,
    items: analysed.map((i) => ({ humans: [...byItem.get(i.id)!.values()], judges: i.judges })),
    figures: Object.fromEntries(
      judges.map((j) => [
        j.judge,
        {
          tauB: j.tauB,
          'tauB.low': j.low,
          'tauB.high': j.high,
          'tauB.n': j.n,
          gapToAverageHuman: j.gap.value,
          'gapToAverageHuman.low': j.gap.low,
          'gapToAverageHuman.high': j.gap.high,
          averageHumanTauB: humanMean.tauB,
          randomBaselineTauB: randomBase.tauB,
          [`alpha.${levels[0]!}`]: alphaValue ?? null,
          resamples: boot.resamples,
        },
      ]),
    ),
    identities: opts.identities ?? {},
    date: opts.date ?? new Date(),
    command: opts.command ?? `slant annotate stats --study ${data.study.id}`,
  });
  return {
    study: data.study.id,
    kind,
    quality,
    items: analysed.length,
    answers: rows.length,
    alpha,
    annotators: quality.kept.map((a) => {
      const p = boot.point.annotators.get(a);
      return { annotator: a, n: p?.n ?? 0, ...iv(p?.tau ?? NaN, boot.annotators.get(a)) };
    }),
    humanMean,
    judges,
    randomBaseline: randomBase,
    pairwise,
    resamples: boot.resamples,
    cards,
  };
}
