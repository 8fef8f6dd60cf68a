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
import { lazyArray } from '../../core/lazy-array.js';
import { PositionColumns, ROUGE_SCORES } from './accumulate.js';
import type { PositionMeasurement } from './measure.js';
import type { PositionOptions } from './schema.js';

export type PositionItem = { recordId: string; measurement: PositionMeasurement };

/** acc += xs[at .. at + acc.length) */
const sumInto = (acc: Float64Array, xs: Float64Array, at: number): void => {
  for (let j = 0; j < acc.length; j++) acc[j] = (acc[j] as number) + (xs[at + j] as number);
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
 * them, src/results/streamed-items.ts) from the counts kept here, `K` numbers a side an article.
 */
function perArticleTable(ids: string[], model: Float64Array, gold: Float64Array, perW: Float64Array, perShift: Float64Array, K: number): readonly object[] {
  return lazyArray(ids.length, (k) => ({
    id: ids[k],
    wasserstein: perW[k],
    shift: perShift[k],
    distribution: proportions(model.subarray(k * K, (k + 1) * K)),
    goldDistribution: proportions(gold.subarray(k * K, (k + 1) * K)),
  }));
}

function systemGroup(name: string, c: PositionColumns, options: PositionOptions, shared: SharedGold): GroupResult {
  const K = options.K;
  const dist = distance(options.wassersteinMode);
  const modeLabel = options.wassersteinMode === 'released' ? 'released: proportions as values' : 'positional';
  const v = c.systemValues(name);
  const g = c.goldValues();
  const width = c.width;
  const n = c.length;
  // the articles this system summarised that were not left out, as indices into the columns
  const arts = new Int32Array(n);
  let na = 0;
  let sentences = 0;
  let dropped = 0;
  const rouge = ROUGE_TYPES.map((t) => ROUGE_SCORES.map((k) => ({ at: c.rougeOffset(t, k), xs: new Float64Array(n) })));
  let nr = 0;
  for (let i = 0; i < n; i++) {
    if (!c.has(i, name)) continue;
    const at = i * width;
    if (!c.rougeOverCap(i)) {
      for (const row of rouge) for (const s of row) s.xs[nr] = v[at + s.at] as number;
      nr++;
    }
    if (c.excluded(i)) continue;
    sentences += v[at + width - 2] as number;
    dropped += v[at + width - 1] as number;
    arts[na++] = i;
  }
  const modelSum = new Float64Array(K);
  const goldSum = new Float64Array(K);
  for (let a = 0; a < na; a++) {
    sumInto(modelSum, v, (arts[a] as number) * width);
    sumInto(goldSum, g, (arts[a] as number) * K);
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
      const [wCi, sCi] = bootstrapArticles(arts.subarray(0, na), v, width, g, K, dist, options, shared);
      if (wCi) w.ci = wCi;
      if (sCi) shift.ci = sCi;
    }
    metrics.push(w, shift);
  }
  // Per-article distances, over articles where both gold and model have mass. Their rows are
  // copied into arrays of the exact size, counted first (arrays grown while filling them, then
  // copied, held two to three times the rows at once: tens of MB at 100,000 articles), so that
  // the table does not keep the whole columns alive.
  const both = new Int32Array(na);
  let nb = 0;
  for (let a = 0; a < na; a++) {
    const i = arts[a] as number;
    if (total(v.subarray(i * width, i * width + K)) > 0 && total(g.subarray(i * K, (i + 1) * K)) > 0) both[nb++] = i;
  }
  const bothIds: string[] = new Array<string>(nb);
  const bm = new Float64Array(nb * K);
  const bg = new Float64Array(nb * K);
  for (let k = 0; k < nb; k++) {
    const i = both[k] as number;
    bothIds[k] = c.ids[i] as string;
    bm.set(v.subarray(i * width, i * width + K), k * K);
    bg.set(g.subarray(i * K, (i + 1) * K), k * K);
  }
  const perW = new Float64Array(nb);
  const perShift = new Float64Array(nb);
  for (let k = 0; k < nb; k++) {
    const model = bm.subarray(k * K, (k + 1) * K);
    const gold = bg.subarray(k * K, (k + 1) * K);
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
  extra.perArticle = perArticleTable(bothIds, bm, bg, perW, perShift, K);
  metrics.push({ name: 'dropped_sentences', label: 'summary sentences dropped (zero similarity to every article sentence)', value: dropped, n: sentences, kind: 'count' });
  const scores = (t: number, k: number): Float64Array => rouge[t]![k]!.xs.subarray(0, nr);
  ROUGE_TYPES.forEach((t, r) => {
    if (nr > 0) metrics.push(meanMetric(`${t}_f`, `${ROUGE_LABEL[t]} F`, scores(r, 2)));
  });
  extra.rouge = Object.fromEntries(ROUGE_TYPES.map((t, r) => [t, { precision: mean(scores(r, 0)), recall: mean(scores(r, 1)), fmeasure: mean(scores(r, 2)), n: nr }]));
  const order = ['wasserstein', 'position_shift', 'rouge1_f', 'dropped_sentences', 'wasserstein_per_article', 'position_shift_per_article', 'rouge2_f', 'rougeL_f'];
  metrics.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { labels: { model: name }, metrics, extra };
}

const ROUGE_LABEL: Record<RougeType, string> = { rouge1: 'ROUGE-1', rouge2: 'ROUGE-2', rougeL: 'ROUGE-L' };

/**
 * The non-zero counts of each article, in segment order (compressed rows): `start[k]` ..
 * `start[k + 1]` index the segments `seg` and their counts `value` of article k. A resample adds
 * only these: adding a zero count changes no sum (x + 0 is x for the non-negative counts here),
 * so the sums are the same numbers as adding every segment, in the same order, for a fraction of
 * the work (a summary maps its few sentences to a few of the K segments).
 */
interface SparseRows {
  start: Int32Array;
  seg: Int32Array;
  value: Float64Array;
}

function sparseRows(arts: Int32Array, xs: Float64Array, stride: number, K: number): SparseRows {
  const start = new Int32Array(arts.length + 1);
  let nz = 0;
  for (let k = 0; k < arts.length; k++) {
    const at = (arts[k] as number) * stride;
    for (let j = 0; j < K; j++) if (xs[at + j] !== 0) nz++;
    start[k + 1] = nz;
  }
  const seg = new Int32Array(nz);
  const value = new Float64Array(nz);
  for (let k = 0, p = 0; k < arts.length; k++) {
    const at = (arts[k] as number) * stride;
    for (let j = 0; j < K; j++) {
      const x = xs[at + j] as number;
      if (x === 0) continue;
      seg[p] = j;
      value[p++] = x;
    }
  }
  return { start, seg, value };
}

/** acc[seg] += value, for article k's non-zero counts. */
function addRow(acc: Float64Array, rows: SparseRows, k: number): void {
  for (let p = rows.start[k] as number, end = rows.start[k + 1] as number; p < end; p++) {
    const j = rows.seg[p] as number;
    acc[j] = (acc[j] as number) + (rows.value[p] as number);
  }
}

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
 * articles' rows in the model columns (`width` numbers a row) and the gold columns (K a row).
 */
function bootstrapArticles(
  arts: Int32Array,
  model: Float64Array,
  width: number,
  gold: Float64Array,
  K: number,
  dist: Distance,
  options: PositionOptions,
  shared: SharedGold,
): [Interval | undefined, Interval | undefined] {
  const n = arts.length;
  const B = options.resamples;
  const m = sparseRows(arts, model, width, K);
  // systems summarising the same articles resample the same gold sums: made once (`shared`)
  const reuse = shared.gold !== undefined && sameRows(shared.arts, arts);
  const g = reuse ? undefined : sparseRows(arts, gold, K, K);
  const goldSums = reuse ? (shared.gold as Float64Array) : new Float64Array(B * K);
  // the seed's draws, shared by every system's bootstraps over the same number of articles
  const draws = resampleDraws(options.seed, n, B);
  const rng = draws === null ? createRng(options.seed) : null;
  const ws: number[] = [];
  const ss: number[] = [];
  const ms = new Float64Array(K);
  for (let b = 0, p = 0; b < B; b++) {
    ms.fill(0);
    const gs = goldSums.subarray(b * K, (b + 1) * K);
    for (let i = 0; i < n; i++) {
      const k = draws !== null ? (draws[p++] as number) : Math.floor((rng as () => number)() * n);
      addRow(ms, m, k);
      if (g !== undefined) addRow(gs, g, k);
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
  const g = c.goldValues();
  const goldSum = new Float64Array(options.K);
  let articles = 0;
  let excludedArticles = 0;
  let shortArticles = 0;
  for (let i = 0; i < c.length; i++) {
    if (c.short(i)) shortArticles++;
    if (c.excluded(i)) {
      excludedArticles++;
      continue;
    }
    articles++;
    sumInto(goldSum, g, i * options.K);
  }
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
