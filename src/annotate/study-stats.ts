/**
 * `slant annotate stats`: agreement among the annotators kept by the quality filters
 * (Krippendorff's α), each annotator's and each judge's τ_b with the leave-one-out consensus
 * (bootstrap intervals; judge minus average human with its interval), a random baseline, and each
 * judge's accuracy card against the majority label.
 */
import { humanValidation, type TauSummary } from '../probes/certainty/human-validation.js';
import { krippendorffAlpha } from '../stats/agreement.js';
import { accuracy, balancedAccuracy, confusionMatrix } from '../stats/classification.js';
import { SLANT_VERSION } from '../version.js';
import type { StudyData } from './answers.js';
import { bootstrapConsensus, randomBaseline, type BootInterval, type LabelTable } from './consensus.js';
import { applyQualityFilters, DEFAULT_QUALITY, type QualityOptions, type QualityReport } from './quality.js';
import { numericAnswer, scaleValues, type StudyKind } from './scale.js';

/** A judge's accuracy against human majority labels: a plain JSON file reports can link. */
export interface AccuracyCard {
  judge: string;
  data: { study: string; kind: StudyKind; truth: string; items: number; annotators: number };
  n: number;
  accuracy: number | null;
  balancedAccuracy: number | null;
  confusion: { labels: string[]; counts: number[][]; rows: 'truth (human majority)'; columns: 'judge' };
  /** items the judge answered whose humans had no single majority label (left out of n) */
  noMajority: number;
  tauB?: { value: number | null; low: number | null; high: number | null };
  date: string;
  slantVersion: string;
}

export interface StudyStats {
  study: string;
  kind: StudyKind;
  quality: QualityReport;
  items: number;
  answers: number;
  alpha: Partial<Record<'nominal' | 'ordinal' | 'interval', number | null>>;
  annotators: { annotator: string; n: number; tauB: number | null; low: number | null; high: number | null }[];
  humanMean: { tauB: number | null; low: number | null; high: number | null };
  judges: { judge: string; n: number; tauB: number | null; low: number | null; high: number | null; gap: { value: number | null; low: number | null; high: number | null } }[];
  randomBaseline: { tauB: number | null; low: number | null; high: number | null; draws: number };
  /** seed 004 App. B.1: mean τ_b over human–human pairs and over human–judge pairs, on the items each pair shares */
  pairwise: { humanHuman: TauSummary; humanJudge: Record<string, TauSummary> } | null;
  resamples: number;
  cards: AccuracyCard[];
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
const iv = (x: number, b: BootInterval | undefined) => ({ tauB: num(x), low: num(b?.low ?? NaN), high: num(b?.high ?? NaN) });

/** Most frequent label, or undefined when two labels tie for most. */
export function majorityLabel(labels: readonly string[]): string | undefined {
  const c = new Map<string, number>();
  for (const l of labels) c.set(l, (c.get(l) ?? 0) + 1);
  const sorted = [...c].sort((a, b) => b[1] - a[1]);
  if (sorted.length === 0 || (sorted.length > 1 && sorted[0]![1] === sorted[1]![1])) return undefined;
  return sorted[0]![0];
}

export function studyStats(data: StudyData, opts: { quality?: QualityOptions; resamples?: number; seed?: number; date?: Date } = {}): StudyStats {
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
  const alphaAt = (level: 'nominal' | 'ordinal' | 'interval') => (matrix.length >= 2 && analysed.length > 0 ? num(krippendorffAlpha(matrix, level)) : null);
  const alpha = kind === 'certainty' ? { ordinal: alphaAt('ordinal'), interval: alphaAt('interval') } : { nominal: alphaAt('nominal') };
  const scale = scaleValues(kind).map((v) => numericAnswer(kind, v));
  const base = randomBaseline(table, scale, { seed: (opts.seed ?? 42) + 1 });
  const judgeIds = [...new Set(analysed.flatMap((i) => Object.keys(i.judges)))].sort();
  const date = (opts.date ?? new Date()).toISOString();
  const cards = judgeIds.map((judge): AccuracyCard => {
    const truth: string[] = [];
    const pred: string[] = [];
    let noMajority = 0;
    for (const i of analysed) {
      const j = i.judges[judge];
      if (j === undefined) continue;
      const m = majorityLabel([...byItem.get(i.id)!.values()]);
      if (m === undefined) noMajority++;
      else {
        truth.push(m);
        pred.push(j);
      }
    }
    const cm = confusionMatrix(truth, pred, scaleValues(kind));
    const card: AccuracyCard = {
      judge,
      data: { study: data.study.id, kind, truth: `majority label of ${quality.kept.length} annotators kept by the quality filters (k = ${data.study.k} per item)`, items: analysed.length, annotators: quality.kept.length },
      n: truth.length,
      accuracy: num(accuracy(cm)),
      balancedAccuracy: num(balancedAccuracy(cm)),
      confusion: { labels: cm.labels, counts: cm.matrix, rows: 'truth (human majority)', columns: 'judge' },
      noMajority,
      date,
      slantVersion: SLANT_VERSION,
    };
    const t = boot.point.judges.get(judge);
    if (t) card.tauB = { value: num(t.tau), low: num(boot.judges.get(judge)?.low ?? NaN), high: num(boot.judges.get(judge)?.high ?? NaN) };
    return card;
  });
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
    humanMean: iv(boot.point.humanMean, boot.humanMean),
    judges: judgeIds.map((j) => {
      const p = boot.point.judges.get(j);
      const g = boot.gaps.get(j);
      return { judge: j, n: p?.n ?? 0, ...iv(p?.tau ?? NaN, boot.judges.get(j)), gap: { value: num(g?.value ?? NaN), low: num(g?.low ?? NaN), high: num(g?.high ?? NaN) } };
    }),
    randomBaseline: { tauB: num(base.mean), low: num(base.low), high: num(base.high), draws: base.draws },
    pairwise,
    resamples: boot.resamples,
    cards,
  };
}
