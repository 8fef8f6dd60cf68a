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
import { mean, meanMetricOfChunks, meanOfChunks } from '../../stats/mean.js';
import { spearman } from '../../stats/spearman.js';
import { meanPosition, positionalWasserstein, releasedWasserstein } from '../../stats/wasserstein.js';
import { ROUGE_TYPES, type RougeType } from '../../text/rouge.js';
import type { GroupResult, ResultTable } from '../types.js';
import { lazyArray } from '../../core/lazy-array.js';
import { PositionColumns, ROUGE_SCORES } from './accumulate.js';
import { addRowOf, denseRowOf, rowTotalOf, type ChunkedRows } from './sparse-rows.js';
import type { PositionMeasurement } from './measure.js';
import type { PositionOptions } from './schema.js';

export type PositionItem = { recordId: string; measurement: PositionMeasurement };

const total = (xs: ArrayLike<number>): number => {
  let s = 0;
  for (let j = 0; j < xs.length; j++) s += xs[j] as number;
  return s;
};
const proportions = (xs: Float64Array): number[] => {
  const s = total(xs);
  return Array.from(xs, (v) => (s > 0 ? v / s : 0));
};

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

type Distance = (p: ArrayLike<number>, q: ArrayLike<number>) => number;

function distance(mode: PositionOptions['wassersteinMode']): Distance {
  return mode === 'released' ? releasedWasserstein : positionalWasserstein;
}

/**
 * The per-article table of a system: for each article where both gold and model have mass, its
 * id, distance, shift and both distributions. Its rows are made when read (results.json streams
 * them, src/results/streamed-items.ts) from the article's compressed counts, `at[k]` being its
 * row in the columns (of `model`, `gold` and the ids).
 */
function perArticleTable(c: PositionColumns, at: Int32Array, model: ChunkedRows, gold: ChunkedRows, perW: Float64Array, perShift: Float64Array, K: number): readonly object[] {
  const scratch = new Float64Array(K);
  return lazyArray(at.length, (k) => ({
    id: c.id(at[k] as number),
    wasserstein: perW[k],
    shift: perShift[k],
    distribution: proportions(denseRowOf(scratch, model, at[k] as number)),
    goldDistribution: proportions(denseRowOf(scratch, gold, at[k] as number)),
  }));
}

function systemGroup(name: string, c: PositionColumns, options: PositionOptions, shared: SharedGold): GroupResult {
  const K = options.K;
  const dist = distance(options.wassersteinMode);
  const modeLabel = options.wassersteinMode === 'released' ? 'released: proportions as values' : 'positional';
  const n = c.length;
  // the articles this system summarised that were not left out, as indices into the columns
  const all = new Int32Array(n);
  let na = 0;
  for (let i = 0; i < n; i++) if (c.has(i, name) && !c.excluded(i)) all[na++] = i;
  const arts = all.subarray(0, na);
  const { sentences, dropped } = c.sentenceSums(name);
  // their counts, model and gold, read where the columns keep them (row arts[a] of each): a copy
  // of them in `arts` order was as large again as the columns while the group was aggregated
  const m = c.systemRows(name).chunkList();
  const g = c.goldRows().chunkList();
  const modelSum = new Float64Array(K);
  const goldSum = new Float64Array(K);
  for (let a = 0; a < na; a++) {
    addRowOf(modelSum, m, arts[a] as number);
    addRowOf(goldSum, g, arts[a] as number);
  }
  const metrics: Metric[] = [];
  const extra: Record<string, unknown> = {
    K,
    distribution: proportions(modelSum),
    goldDistribution: proportions(goldSum),
    counts: Array.from(modelSum),
    goldCounts: Array.from(goldSum),
    articles: na,
    summarySentences: sentences,
    droppedSentences: dropped,
    wassersteinMode: options.wassersteinMode,
  };
  const hasMass = total(modelSum) > 0 && total(goldSum) > 0;
  const boot = { resamples: options.resamples, seed: options.seed };
  if (hasMass) {
    extra.wassersteinPositional = positionalWasserstein(goldSum, modelSum);
    extra.wassersteinReleased = releasedWasserstein(goldSum, modelSum);
    const w: Metric = { name: 'wasserstein', label: `Wasserstein distance gold vs model (${modeLabel})`, value: dist(goldSum, modelSum), n: na, kind: 'statistic' };
    const shift: Metric = {
      name: 'position_shift',
      label: 'position shift (model − gold mean segment position, fraction of the article; < 0 lead, > 0 tail)',
      value: meanPosition(modelSum) - meanPosition(goldSum),
      n: na,
      kind: 'statistic',
    };
    if (na >= 2) {
      const [wCi, sCi] = bootstrapArticles(arts, m, g, K, dist, options, shared);
      if (wCi) w.ci = wCi;
      if (sCi) shift.ci = sCi;
    }
    metrics.push(w, shift);
  }
  // Per-article distances, over articles where both gold and model have mass (`both`: their rows
  // in the columns). The table reads its rows from these compressed counts, not dense copies of them.
  const both = new Int32Array(na);
  let nb = 0;
  for (let a = 0; a < na; a++) {
    const i = arts[a] as number;
    if (rowTotalOf(m, i) > 0 && rowTotalOf(g, i) > 0) both[nb++] = i;
  }
  const perW = new Float64Array(nb);
  const perShift = new Float64Array(nb);
  const model = new Float64Array(K);
  const gold = new Float64Array(K);
  for (let k = 0; k < nb; k++) {
    const i = both[k] as number;
    denseRowOf(model, m, i);
    denseRowOf(gold, g, i);
    perW[k] = dist(gold, model);
    perShift[k] = meanPosition(model) - meanPosition(gold);
  }
  if (nb > 0) {
    const mw: Metric = { name: 'wasserstein_per_article', label: 'mean per-article Wasserstein distance', value: mean(perW), n: nb, kind: 'mean' };
    const ms: Metric = { name: 'position_shift_per_article', label: 'mean per-article position shift (< 0 lead, > 0 tail)', value: mean(perShift), n: nb, kind: 'mean' };
    if (nb >= 2) {
      tryCi(mw, () => bootstrapMeanInterval(perW, boot));
      tryCi(ms, () => bootstrapMeanInterval(perShift, boot));
    }
    metrics.push(mw, ms);
  }
  extra.perArticle = perArticleTable(c, both.subarray(0, nb), m, g, perW, perShift, K);
  metrics.push({ name: 'dropped_sentences', label: 'summary sentences dropped (zero similarity to every article sentence)', value: dropped, n: sentences, kind: 'count' });
  const scores = (t: RougeType, k: (typeof ROUGE_SCORES)[number]): Float64Array[] => c.rougeScores(name, t, k);
  const nr = scores('rouge1', 'fmeasure').reduce((n, b) => n + b.length, 0);
  for (const t of ROUGE_TYPES) if (nr > 0) metrics.push(meanMetricOfChunks(`${t}_f`, `${ROUGE_LABEL[t]} F`, scores(t, 'fmeasure')));
  extra.rouge = Object.fromEntries(ROUGE_TYPES.map((t) => [t, { precision: meanOfChunks(scores(t, 'precision')), recall: meanOfChunks(scores(t, 'recall')), fmeasure: meanOfChunks(scores(t, 'fmeasure')), n: nr }]));
  const order = ['wasserstein', 'position_shift', 'rouge1_f', 'dropped_sentences', 'wasserstein_per_article', 'position_shift_per_article', 'rouge2_f', 'rougeL_f'];
  metrics.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { labels: { model: name }, metrics, extra };
}

const ROUGE_LABEL: Record<RougeType, string> = { rouge1: 'ROUGE-1', rouge2: 'ROUGE-2', rougeL: 'ROUGE-L' };

/** The last bootstrap's articles and its resamples' gold sums (K a resample), for the next system's. */
interface SharedGold {
  arts?: Int32Array;
  gold?: Float64Array;
}

const sameRows = (a: Int32Array | undefined, b: Int32Array): boolean => a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Percentile bootstrap over articles for the dataset-level distance and shift: each resample
 * draws articles with replacement, re-sums their counts and recomputes both statistics (one
 * pass, so both intervals come from the same resamples). Resamples in which the model or the
 * gold side has no mass are skipped; if more than 1% are, no interval is reported. `arts` are the
 * articles (their rows in the columns) and `m`, `g` the columns' model and gold counts.
 */
function bootstrapArticles(arts: Int32Array, m: ChunkedRows, g: ChunkedRows, K: number, dist: Distance, options: PositionOptions, shared: SharedGold): [Interval | undefined, Interval | undefined] {
  const n = arts.length;
  const B = options.resamples;
  // systems summarising the same articles resample the same gold sums: made once (`shared`)
  const reuse = shared.gold !== undefined && sameRows(shared.arts, arts);
  const goldSums = reuse ? (shared.gold as Float64Array) : new Float64Array(B * K);
  // the seed's draws, shared by every system's bootstraps over the same number of articles
  const draws = resampleDraws(options.seed, n, B);
  const rng = draws === null ? createRng(options.seed) : null;
  const ws: number[] = [];
  const ss: number[] = [];
  const ms = new Float64Array(K);
  const identity = arts[n - 1] === n - 1;
  for (let b = 0, p = 0; b < B; b++) {
    ms.fill(0);
    const gs = goldSums.subarray(b * K, (b + 1) * K);
    for (let d = 0; d < n; d++) {
      const k = draws !== null ? (draws[p++] as number) : Math.floor((rng as () => number)() * n);
      // every article of the columns (the usual case): draw k is row k, one random read fewer
      const i = identity ? k : (arts[k] as number);
      addRowOf(ms, m, i);
      if (!reuse) addRowOf(gs, g, i);
    }
    if (!(total(ms) > 0 && total(gs) > 0)) continue;
    ws.push(dist(gs, ms));
    ss.push(meanPosition(ms) - meanPosition(gs));
  }
  shared.arts = arts;
  shared.gold = goldSums;
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

/** Every system's numbers, the gold distribution and Spearman across systems, from the articles' columns. */
export function aggregatePositionColumns(c: PositionColumns, options: PositionOptions): PositionAggregate {
  const shared: SharedGold = {};
  const groups = c.systems().map((n) => systemGroup(n, c, options, shared));
  const measured = new Int32Array(c.length);
  let articles = 0;
  let excludedArticles = 0;
  let shortArticles = 0;
  for (let i = 0; i < c.length; i++) {
    if (c.short(i)) shortArticles++;
    if (c.excluded(i)) excludedArticles++;
    else measured[articles++] = i;
  }
  const goldSum = new Float64Array(options.K);
  c.goldRows().addRows(goldSum, measured.subarray(0, articles));
  return { groups, goldDistribution: proportions(goldSum), spearman: spearmanAcrossSystems(groups), articles, excludedArticles, shortArticles };
}

/** The same over measured items, in their order. */
export function aggregatePositionGroups(items: readonly PositionItem[], options: PositionOptions): PositionAggregate {
  const c = new PositionColumns(options.K);
  for (const { recordId, measurement } of items) c.add(measurement, recordId);
  return aggregatePositionColumns(c, options);
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
