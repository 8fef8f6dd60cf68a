/**
 * Aggregation over articles, per system: the positional distributions (Figure 2), the
 * Wasserstein distance gold vs. system (Figure 3) with a bootstrap interval over articles,
 * per-article distances, the signed lead/tail shift, dropped sentences, ROUGE means, and the
 * Spearman correlation between distance and ROUGE across systems (Appendix E, Table 1).
 */
import type { Interval, Metric } from '../../core/types.js';
import { bootstrapMeanInterval } from '../../stats/bootstrap.js';
import { quantileSorted } from '../../stats/quantile.js';
import { createRng } from '../../stats/rng.js';
import { resampleDraws } from '../../stats/resample-draws.js';
import { mean, meanMetric } from '../../stats/mean.js';
import { spearman } from '../../stats/spearman.js';
import { meanPosition, positionalWasserstein, releasedWasserstein } from '../../stats/wasserstein.js';
import { ROUGE_TYPES, type RougeType } from '../../text/rouge.js';
import type { GroupResult, ResultTable } from '../types.js';
import type { PositionMeasurement } from './measure.js';
import type { PositionOptions } from './schema.js';

export type PositionItem = { recordId: string; measurement: PositionMeasurement };

const sumInto = (acc: Float64Array, xs: ArrayLike<number>, w = 1): void => {
  for (let j = 0; j < acc.length; j++) acc[j] = (acc[j] as number) + w * ((xs[j] as number) ?? 0);
};
const total = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let j = 0; j < xs.length; j++) s += xs[j] as number;
  return s;
};
const proportions = (xs: Float64Array): number[] => {
  const s = total(xs);
  return Array.from(xs, (v) => (s > 0 ? v / s : 0));
};

/** Gold counts of one article: the mean over its gold summaries of their segment counts. */
export function goldCounts(m: PositionMeasurement, K: number): Float64Array {
  const acc = new Float64Array(K);
  const R = m.references.length;
  for (const r of m.references) sumInto(acc, r.counts, 1 / R);
  return acc;
}

interface SystemArticle {
  recordId: string;
  model: Float64Array;
  gold: Float64Array;
}

export interface SpearmanRow {
  rouge: RougeType;
  rho: number;
  pValue: number;
  pExact?: number;
  n: number;
}

export interface PositionAggregate {
  groups: GroupResult[];
  /** gold distribution over every measured (not excluded) article */
  goldDistribution: number[];
  spearman: SpearmanRow[];
  articles: number;
  excludedArticles: number;
  shortArticles: number;
}

function distance(mode: PositionOptions['wassersteinMode']): (p: ArrayLike<number>, q: ArrayLike<number>) => number {
  return mode === 'released' ? releasedWasserstein : positionalWasserstein;
}

function systemGroup(name: string, items: readonly PositionItem[], options: PositionOptions): GroupResult {
  const K = options.K;
  const dist = distance(options.wassersteinMode);
  const modeLabel = options.wassersteinMode === 'released' ? 'released: proportions as values' : 'positional';
  const arts: SystemArticle[] = [];
  let sentences = 0;
  let dropped = 0;
  const rouge: Record<RougeType, { p: number[]; r: number[]; f: number[] }> = {
    rouge1: { p: [], r: [], f: [] },
    rouge2: { p: [], r: [], f: [] },
    rougeL: { p: [], r: [], f: [] },
  };
  for (const { recordId, measurement: m } of items) {
    const o = m.outputs[name];
    if (o === undefined) continue;
    if (m.rougeOverCap !== true) for (const t of ROUGE_TYPES) {
      rouge[t].p.push(o.rouge[t].precision);
      rouge[t].r.push(o.rouge[t].recall);
      rouge[t].f.push(o.rouge[t].fmeasure);
    }
    if (m.excluded) continue;
    sentences += o.sentences;
    dropped += o.dropped;
    arts.push({ recordId, model: Float64Array.from(o.counts), gold: goldCounts(m, K) });
  }
  const modelSum = new Float64Array(K);
  const goldSum = new Float64Array(K);
  for (const a of arts) {
    sumInto(modelSum, a.model);
    sumInto(goldSum, a.gold);
  }
  const metrics: Metric[] = [];
  const extra: Record<string, unknown> = {
    K,
    distribution: proportions(modelSum),
    goldDistribution: proportions(goldSum),
    counts: Array.from(modelSum),
    goldCounts: Array.from(goldSum),
    articles: arts.length,
    summarySentences: sentences,
    droppedSentences: dropped,
    wassersteinMode: options.wassersteinMode,
  };
  const hasMass = total(modelSum) > 0 && total(goldSum) > 0;
  const boot = { resamples: options.resamples, seed: options.seed };
  if (hasMass) {
    extra.wassersteinPositional = positionalWasserstein(goldSum, modelSum);
    extra.wassersteinReleased = releasedWasserstein(goldSum, modelSum);
    const w: Metric = { name: 'wasserstein', label: `Wasserstein distance gold vs model (${modeLabel})`, value: dist(goldSum, modelSum), n: arts.length, kind: 'statistic' };
    const shift: Metric = {
      name: 'position_shift',
      label: 'position shift (model − gold mean segment position, fraction of the article; < 0 lead, > 0 tail)',
      value: meanPosition(modelSum) - meanPosition(goldSum),
      n: arts.length,
      kind: 'statistic',
    };
    if (arts.length >= 2) {
      const [wCi, sCi] = bootstrapArticles(arts, K, dist, options);
      if (wCi) w.ci = wCi;
      if (sCi) shift.ci = sCi;
    }
    metrics.push(w, shift);
  }
  // Per-article distances, over articles where both gold and model have mass.
  const both = arts.filter((a) => total(a.model) > 0 && total(a.gold) > 0);
  const perW = Float64Array.from(both, (a) => dist(a.gold, a.model));
  const perShift = Float64Array.from(both, (a) => meanPosition(a.model) - meanPosition(a.gold));
  if (both.length > 0) {
    const mw: Metric = { name: 'wasserstein_per_article', label: 'mean per-article Wasserstein distance', value: mean(perW), n: both.length, kind: 'mean' };
    const ms: Metric = { name: 'position_shift_per_article', label: 'mean per-article position shift (< 0 lead, > 0 tail)', value: mean(perShift), n: both.length, kind: 'mean' };
    if (both.length >= 2) {
      tryCi(mw, () => bootstrapMeanInterval(perW, boot));
      tryCi(ms, () => bootstrapMeanInterval(perShift, boot));
    }
    metrics.push(mw, ms);
  }
  extra.perArticle = both.map((a, i) => ({
    id: a.recordId,
    wasserstein: perW[i],
    shift: perShift[i],
    distribution: proportions(a.model),
    goldDistribution: proportions(a.gold),
  }));
  metrics.push({ name: 'dropped_sentences', label: 'summary sentences dropped (zero similarity to every article sentence)', value: dropped, n: sentences, kind: 'count' });
  for (const t of ROUGE_TYPES) {
    if (rouge[t].f.length > 0) metrics.push(meanMetric(`${t}_f`, `${ROUGE_LABEL[t]} F`, rouge[t].f));
  }
  extra.rouge = Object.fromEntries(
    ROUGE_TYPES.map((t) => [t, { precision: mean(rouge[t].p), recall: mean(rouge[t].r), fmeasure: mean(rouge[t].f), n: rouge[t].f.length }]),
  );
  const order = ['wasserstein', 'position_shift', 'rouge1_f', 'dropped_sentences', 'wasserstein_per_article', 'position_shift_per_article', 'rouge2_f', 'rougeL_f'];
  metrics.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { labels: { model: name }, metrics, extra };
}

const ROUGE_LABEL: Record<RougeType, string> = { rouge1: 'ROUGE-1', rouge2: 'ROUGE-2', rougeL: 'ROUGE-L' };

/**
 * Percentile bootstrap over articles for the dataset-level distance and shift: each resample
 * draws articles with replacement, re-sums their counts and recomputes both statistics (one
 * pass, so both intervals come from the same resamples). Resamples in which the model or the
 * gold side has no mass are skipped; if more than 1% are, no interval is reported.
 */
function bootstrapArticles(
  arts: readonly SystemArticle[],
  K: number,
  dist: (p: ArrayLike<number>, q: ArrayLike<number>) => number,
  options: PositionOptions,
): [Interval | undefined, Interval | undefined] {
  const n = arts.length;
  const flatM = new Float64Array(n * K);
  const flatG = new Float64Array(n * K);
  arts.forEach((a, i) => {
    flatM.set(a.model, i * K);
    flatG.set(a.gold, i * K);
  });
  const B = options.resamples;
  // the seed's draws, shared by every system's bootstraps over the same number of articles
  const draws = resampleDraws(options.seed, n, B);
  const rng = draws === null ? createRng(options.seed) : null;
  const ws: number[] = [];
  const ss: number[] = [];
  const ms = new Float64Array(K);
  const gs = new Float64Array(K);
  for (let b = 0, p = 0; b < B; b++) {
    ms.fill(0);
    gs.fill(0);
    for (let k = 0; k < n; k++) {
      const off = (draws !== null ? (draws[p++] as number) : Math.floor((rng as () => number)() * n)) * K;
      for (let j = 0; j < K; j++) {
        ms[j] = (ms[j] as number) + (flatM[off + j] as number);
        gs[j] = (gs[j] as number) + (flatG[off + j] as number);
      }
    }
    if (!(total(ms) > 0 && total(gs) > 0)) continue;
    ws.push(dist(gs, ms));
    ss.push(meanPosition(ms) - meanPosition(gs));
  }
  if (ws.length < 0.99 * B) return [undefined, undefined];
  const level = 0.95;
  const ci = (xs: number[]): Interval => {
    const sorted = Float64Array.from(xs).sort();
    return { low: quantileSorted(sorted, (1 - level) / 2), high: quantileSorted(sorted, 1 - (1 - level) / 2), level, method: 'bootstrap-percentile (articles)' };
  };
  return [ci(ws), ci(ss)];
}

function tryCi(metric: Metric, f: () => Metric['ci']): void {
  try {
    const ci = f();
    if (ci && Number.isFinite(ci.low) && Number.isFinite(ci.high)) metric.ci = ci;
  } catch {
    // a resample without mass on one side: leave the interval out rather than report a wrong one
  }
}

const metricValue = (g: GroupResult, name: string): number | undefined => g.metrics.find((m) => m.name === name)?.value ?? undefined;

/** Spearman ρ between the systems' Wasserstein distances and their mean ROUGE F (Appendix E). */
export function spearmanAcrossSystems(groups: readonly GroupResult[]): SpearmanRow[] {
  const rows: SpearmanRow[] = [];
  const withW = groups.filter((g) => metricValue(g, 'wasserstein') !== undefined);
  if (withW.length < 3) return rows;
  for (const t of ROUGE_TYPES) {
    const gs = withW.filter((g) => metricValue(g, `${t}_f`) !== undefined);
    if (gs.length < 3) continue;
    const w = gs.map((g) => metricValue(g, 'wasserstein') as number);
    const r = gs.map((g) => metricValue(g, `${t}_f`) as number);
    const s = spearman(w, r, { exact: true });
    if (Number.isNaN(s.rho)) continue;
    const row: SpearmanRow = { rouge: t, rho: s.rho, pValue: s.pValue, n: s.n };
    if (s.pExact !== undefined) row.pExact = s.pExact;
    rows.push(row);
  }
  return rows;
}

export function aggregatePositionGroups(items: readonly PositionItem[], options: PositionOptions): PositionAggregate {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const it of items) {
    for (const n of Object.keys(it.measurement.outputs)) {
      if (!seen.has(n)) {
        seen.add(n);
        names.push(n);
      }
    }
  }
  const groups = names.map((n) => systemGroup(n, items, options));
  const goldSum = new Float64Array(options.K);
  let articles = 0;
  for (const it of items) {
    if (it.measurement.excluded) continue;
    articles++;
    sumInto(goldSum, goldCounts(it.measurement, options.K));
  }
  return {
    groups,
    goldDistribution: proportions(goldSum),
    spearman: spearmanAcrossSystems(groups),
    articles,
    excludedArticles: items.filter((i) => i.measurement.excluded).length,
    shortArticles: items.filter((i) => i.measurement.short).length,
  };
}

const round = (x: number | undefined, d = 4): number | null => (x === undefined || !Number.isFinite(x) ? null : Number(x.toFixed(d)));

/** Tables for reports: per-system figures, the distributions (Figure 2), Spearman (Table 1). */
export function positionTables(agg: PositionAggregate): ResultTable[] {
  const K = agg.goldDistribution.length;
  const tables: ResultTable[] = [
    {
      name: 'position_by_system',
      title: 'Position bias and ROUGE per system',
      columns: ['system', 'W', 'W 95% low', 'W 95% high', 'per-article W', 'shift', 'dropped', 'R1 F', 'R2 F', 'RL F'],
      rows: agg.groups.map((g) => {
        const w = g.metrics.find((m) => m.name === 'wasserstein');
        return [
          g.labels.model ?? '',
          round(w?.value ?? undefined),
          round(w?.ci?.low),
          round(w?.ci?.high),
          round(metricValue(g, 'wasserstein_per_article')),
          round(metricValue(g, 'position_shift')),
          metricValue(g, 'dropped_sentences') ?? null,
          round(metricValue(g, 'rouge1_f')),
          round(metricValue(g, 'rouge2_f')),
          round(metricValue(g, 'rougeL_f')),
        ];
      }),
    },
    {
      name: 'distributions',
      title: 'Positional distributions: share of mapped sentences per segment (Figure 2)',
      columns: ['summaries', ...Array.from({ length: K }, (_, j) => `S${j + 1}`)],
      rows: [
        ['gold', ...agg.goldDistribution.map((v) => round(v))],
        ...agg.groups.map((g) => [g.labels.model ?? '', ...((g.extra?.distribution as number[] | undefined) ?? []).map((v) => round(v))]),
      ],
    },
  ];
  if (agg.spearman.length > 0) {
    tables.push({
      name: 'spearman',
      title: 'Spearman correlation across systems: Wasserstein distance vs ROUGE F (Appendix E)',
      columns: ['ROUGE', 'rho', 'p (t approx.)', 'p (exact)', 'systems'],
      rows: agg.spearman.map((s) => [ROUGE_LABEL[s.rouge], round(s.rho), round(s.pValue), s.pExact === undefined ? null : round(s.pExact), s.n]),
    });
  }
  return tables;
}
