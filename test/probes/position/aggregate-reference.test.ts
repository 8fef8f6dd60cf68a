import { describe, expect, it } from 'vitest';
import type { Metric } from '../../../src/core/types.js';
import { aggregatePositionGroups, positionOptionsSchema, positionProbe, positionTables, type PositionItem } from '../../../src/probes/position/index.js';
import type { PositionMeasurement } from '../../../src/probes/position/measure.js';

// Every number of the position aggregate on one fixture, against an independent computation:
// test/probes/position/aggregate-reference.py (scipy.stats.wasserstein_distance on the segment
// centres with the counts as weights, scipy on the proportions as values for 'released',
// numpy.average for mean positions, numpy.percentile over the resample indices slant's seeded
// generator draws, scipy.stats.spearmanr and the exact permutation p over the 4! orders).
// Written because mutants of the bootstrap over articles, the per-article intervals, the ROUGE
// means, the excluded and over-the-cap articles and the tables survived the older tests.

const K = 4;
const options = positionOptionsSchema.parse({ K, resamples: 200, seed: 7 });
const R = (p: number, r: number, f: number) => ({ precision: p, recall: r, fmeasure: f });
/** ROUGE of one output: F-measures f1 (ROUGE-1) and f2 (ROUGE-2), ROUGE-L F = 0.9·f1; precision and recall either side of F. */
const rouge = (f1: number, f2: number) => ({ rouge1: R(f1 + 0.1, f1 - 0.1, f1), rouge2: R(f2 + 0.02, f2 - 0.02, f2), rougeL: R(0.9 * f1 + 0.05, 0.9 * f1 - 0.05, 0.9 * f1) });
const place = (counts: number[], dropped = 0) => {
  const mapped = counts.reduce((a, b) => a + b, 0);
  return { sentences: mapped + dropped, mapped, dropped, counts };
};
type Out = { counts: number[]; dropped?: number; f1: number; f2: number };
const item = (id: string, refs: number[][], outs: Record<string, Out>, flags: Partial<Pick<PositionMeasurement, 'excluded' | 'short' | 'rougeOverCap'>> = {}): PositionItem => ({
  recordId: id,
  measurement: {
    articleSentences: 12,
    excluded: false,
    short: false,
    ...flags,
    references: refs.map((g) => place(g)),
    outputs: Object.fromEntries(Object.entries(outs).map(([k, v]) => [k, { ...place(v.counts, v.dropped), rouge: rouge(v.f1, v.f2) }])),
  },
});
const zero = [0, 0, 0, 0];
function items(): PositionItem[] {
  return [
    item('a', [[2, 1, 0, 0], [1, 1, 0, 0]], {
      lead: { counts: [2, 1, 0, 0], f1: 0.5, f2: 0.2 },
      tail: { counts: [0, 0, 1, 2], dropped: 1, f1: 0.3, f2: 0.3 },
      mid: { counts: [0, 2, 1, 0], f1: 0.4, f2: 0.1 },
    }),
    item('b', [[1, 0, 1, 0]], {
      lead: { counts: [1, 0, 1, 0], f1: 0.6, f2: 0.25 },
      tail: { counts: [0, 1, 0, 1], f1: 0.2, f2: 0.2 },
      mid: { counts: [0, 1, 1, 0], f1: 0.45, f2: 0.15 },
      solo: { counts: [0, 0, 2, 1], f1: 0.35, f2: 0.05 },
    }),
    // 'mid' maps nothing here (both sentences dropped): no mass, so no per-article distance
    item('c', [[0, 1, 1, 1]], {
      lead: { counts: [1, 1, 0, 0], f1: 0.4, f2: 0.2 },
      tail: { counts: [0, 0, 0, 3], f1: 0.25, f2: 0.35 },
      mid: { counts: zero, dropped: 2, f1: 0.3, f2: 0.1 },
      solo: { counts: [1, 0, 0, 2], f1: 0.5, f2: 0.1 },
    }),
    // left out of the distributions (short article, mode exclude) but its ROUGE counts
    item('d', [zero], {
      lead: { counts: zero, dropped: 5, f1: 0.7, f2: 0.3 },
      tail: { counts: zero, dropped: 5, f1: 0.1, f2: 0.15 },
      mid: { counts: zero, dropped: 5, f1: 0.2, f2: 0.05 },
      solo: { counts: zero, dropped: 5, f1: 0.3, f2: 0.05 },
    }, { excluded: true, short: true }),
    // over the ROUGE cap: left out, and its placeholder ROUGE is never averaged
    item('e', [zero], {
      lead: { counts: zero, dropped: 5, f1: 0.9, f2: 0.9 },
      tail: { counts: zero, dropped: 5, f1: 0.9, f2: 0.9 },
      mid: { counts: zero, dropped: 5, f1: 0.9, f2: 0.9 },
      solo: { counts: zero, dropped: 5, f1: 0.9, f2: 0.9 },
    }, { excluded: true, rougeOverCap: true }),
  ];
}

const metric = (g: { metrics: Metric[] }, n: string): Metric => {
  const m = g.metrics.find((x) => x.name === n);
  if (!m) throw new Error(`no metric ${n}`);
  return m;
};
const close = (v: number) => expect.closeTo(v, 12);

describe('position aggregate against scipy and numpy (aggregate-reference.py)', () => {
  // computed in each test, never in the describe body: mutation testing switches a mutant on only
  // while a test runs, so a fixture computed when the file loads is the unmutated code's
  const agg = () => aggregatePositionGroups(items(), options);
  const by = (n: string) => agg().groups.find((g) => g.labels.model === n)!;

  it('counts the articles measured, excluded and short; gold over the measured ones', () => {
    expect(agg().groups.map((g) => g.labels.model)).toEqual(['lead', 'tail', 'mid', 'solo']);
    expect(agg()).toMatchObject({ articles: 3, excludedArticles: 2, shortArticles: 1 });
    // gold: a [1.5, 1, 0, 0] + b [1, 0, 1, 0] + c [0, 1, 1, 1] = [2.5, 2, 2, 1] / 7.5
    expect(agg().goldDistribution).toEqual([2.5 / 7.5, 2 / 7.5, 2 / 7.5, 1 / 7.5].map(close));
  });

  it('distance, shift and their bootstrap over articles (positional)', () => {
    // scipy.stats.wasserstein_distance(c, c, gold, model) with c = segment centres; numpy.average(c, weights=…)
    const lead = by('lead');
    expect(metric(lead, 'wasserstein')).toMatchObject({ value: close(0.15714285714285714), n: 3, kind: 'statistic' });
    expect(metric(lead, 'wasserstein').ci).toMatchObject({ low: close(0.013736263736263743), high: close(0.375), level: 0.95, method: 'bootstrap-percentile (articles)' });
    expect(metric(lead, 'position_shift')).toMatchObject({ value: close(-0.15714285714285714), n: 3 });
    expect(metric(lead, 'position_shift').ci).toMatchObject({ low: close(-0.375), high: close(-0.013736263736263743) });
    const tail = by('tail');
    expect(metric(tail, 'wasserstein')).toMatchObject({ value: close(0.35625) });
    expect(metric(tail, 'wasserstein').ci).toMatchObject({ low: close(0.25), high: close(0.4821428571428571) });
    expect(metric(tail, 'position_shift').ci).toMatchObject({ low: close(0.24999999999999994), high: close(0.48214285714285715) });
    const solo = by('solo');
    expect(metric(solo, 'wasserstein')).toMatchObject({ value: close(0.1416666666666667), n: 2 });
    expect(metric(solo, 'wasserstein').ci).toMatchObject({ low: close(0.1416666666666667), high: close(0.33333333333333337) });
    expect(metric(solo, 'position_shift').ci).toMatchObject({ low: close(0), high: close(0.33333333333333337) });
    // 'mid': 1 resample in 27 draws only article c, which has no model mass: more than 1% skipped, no interval
    expect(metric(by('mid'), 'wasserstein')).toMatchObject({ value: close(0.11666666666666665) });
    expect(metric(by('mid'), 'wasserstein').ci).toBeUndefined();
    expect(metric(by('mid'), 'position_shift')).toMatchObject({ value: close(0.04999999999999999) });
    expect(metric(by('mid'), 'position_shift').ci).toBeUndefined();
    expect(tail.extra).toMatchObject({ wassersteinPositional: close(0.35625), wassersteinReleased: close(0.20833333333333331) });
  });

  it('per-article distances and shifts with their bootstrap intervals (numpy.percentile of resampled means)', () => {
    const lead = by('lead');
    expect(metric(lead, 'wasserstein_per_article')).toMatchObject({ value: close(0.13055555555555556), n: 3, kind: 'mean' });
    expect(metric(lead, 'wasserstein_per_article').ci).toMatchObject({ low: close(0.005555555555555554), high: close(0.375) });
    expect(metric(lead, 'position_shift_per_article')).toMatchObject({ value: close(-0.13055555555555556), n: 3 });
    expect(metric(lead, 'position_shift_per_article').ci).toMatchObject({ low: close(-0.375), high: close(-0.005555555555555554) });
    const mid = by('mid');
    // article c has no model mass: two articles
    expect(metric(mid, 'wasserstein_per_article')).toMatchObject({ value: close(0.17916666666666667), n: 2 });
    expect(metric(mid, 'wasserstein_per_article').ci).toMatchObject({ low: close(0.125), high: close(0.23333333333333334) });
    expect(metric(mid, 'position_shift_per_article').ci).toMatchObject({ low: close(0.125), high: close(0.2333333333333333) });
    expect((mid.extra!.perArticle as { id: string }[]).map((p) => p.id)).toEqual(['a', 'b']);
    const perLead = lead.extra!.perArticle as { id: string; wasserstein: number; shift: number; distribution: number[]; goldDistribution: number[] }[];
    expect(perLead.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(perLead[2]).toEqual({ id: 'c', wasserstein: close(0.375), shift: close(-0.375), distribution: [0.5, 0.5, 0, 0], goldDistribution: [0, 1 / 3, 1 / 3, 1 / 3].map(close) });
    expect(perLead[0]!.wasserstein).toBeCloseTo(0.016666666666666663, 12);
  });

  it('distributions, counts and dropped sentences over the measured articles only', () => {
    const tail = by('tail');
    expect(tail.extra).toMatchObject({
      K: 4,
      distribution: [0, 0.125, 0.125, 0.75],
      goldDistribution: [2.5 / 7.5, 2 / 7.5, 2 / 7.5, 1 / 7.5].map(close),
      counts: [0, 1, 1, 6],
      goldCounts: [2.5, 2, 2, 1],
      articles: 3,
      summarySentences: 9,
      droppedSentences: 1,
      wassersteinMode: 'positional',
    });
    expect(metric(tail, 'dropped_sentences')).toMatchObject({ value: 1, n: 9, kind: 'count' });
    expect(metric(by('mid'), 'dropped_sentences')).toMatchObject({ value: 2, n: 7 });
    // solo: gold of b and c only
    expect(by('solo').extra).toMatchObject({ goldDistribution: [0.2, 0.2, 0.4, 0.2].map(close), distribution: [1 / 6, 0, 1 / 3, 0.5].map(close) });
  });

  it('ROUGE means count excluded articles but never those over the ROUGE cap', () => {
    const lead = by('lead');
    // lead ROUGE-1 F over a, b, c, d: (0.5 + 0.6 + 0.4 + 0.7) / 4; precision +0.1, recall −0.1
    expect(metric(lead, 'rouge1_f')).toMatchObject({ value: close(0.55), n: 4 });
    expect(metric(lead, 'rouge2_f')).toMatchObject({ value: close((0.2 + 0.25 + 0.2 + 0.3) / 4), n: 4 });
    expect(metric(lead, 'rougeL_f')).toMatchObject({ value: close(0.9 * 0.55), n: 4 });
    expect(lead.extra!.rouge).toEqual({
      rouge1: { precision: close(0.65), recall: close(0.45), fmeasure: close(0.55), n: 4 },
      rouge2: { precision: close(0.2575), recall: close(0.2175), fmeasure: close(0.2375), n: 4 },
      rougeL: { precision: close(0.545), recall: close(0.445), fmeasure: close(0.495), n: 4 },
    });
    expect(metric(by('solo'), 'rouge1_f')).toMatchObject({ value: close((0.35 + 0.5 + 0.3) / 3), n: 3 });
    expect(by('lead').metrics.map((m) => m.name)).toEqual(['wasserstein', 'position_shift', 'rouge1_f', 'dropped_sentences', 'wasserstein_per_article', 'position_shift_per_article', 'rouge2_f', 'rougeL_f']);
  });

  it('Spearman across the four systems (scipy.stats.spearmanr; exact p over the 4! orders)', () => {
    // W: lead .157, tail .356, mid .117, solo .142; ROUGE-1 F: .55, .2125, .3375, .3833 -> rho −0.2, p 0.8, exact 22/24
    // ROUGE-2 F: .2375, .25, .1, .0667 -> rho 0.8, p 0.2, exact 8/24
    expect(agg().spearman).toEqual([
      { rouge: 'rouge1', rho: close(-0.2), pValue: close(0.8), pExact: close(0.9166666666666666), n: 4 },
      { rouge: 'rouge2', rho: close(0.8), pValue: close(0.2), pExact: close(1 / 3), n: 4 },
      { rouge: 'rougeL', rho: close(-0.2), pValue: close(0.8), pExact: close(0.9166666666666666), n: 4 },
    ]);
  });

  it("released mode: scipy's wasserstein_distance on the proportions as values, the shift unchanged", () => {
    const rel = aggregatePositionGroups(items(), { ...options, wassersteinMode: 'released' });
    const lead = rel.groups.find((g) => g.labels.model === 'lead')!;
    expect(metric(lead, 'wasserstein')).toMatchObject({ value: close(0.12857142857142856), label: 'Wasserstein distance gold vs model (released: proportions as values)' });
    expect(metric(lead, 'wasserstein').ci).toMatchObject({ low: close(0.016483516483516494), high: close(0.20588235294117646) });
    expect(metric(lead, 'position_shift').ci).toMatchObject({ low: close(-0.375), high: close(-0.013736263736263743) });
    expect(metric(lead, 'wasserstein_per_article')).toMatchObject({ value: close(0.06666666666666667) });
    expect(metric(lead, 'wasserstein_per_article').ci).toMatchObject({ low: close(0.011111111111111113), high: close(0.16666666666666666) });
    expect(lead.extra).toMatchObject({ wassersteinMode: 'released', wassersteinPositional: close(0.15714285714285714), wassersteinReleased: close(0.12857142857142856) });
    expect(metric(by('lead'), 'wasserstein').label).toBe('Wasserstein distance gold vs model (positional)');
  });

  it('the report tables: values rounded to 4 places, the distributions and Spearman rows', () => {
    const [bySystem, dist, sp] = positionTables(agg());
    expect(bySystem!.rows[0]).toEqual(['lead', 0.1571, 0.0137, 0.375, 0.1306, -0.1571, 0, 0.55, 0.2375, 0.495]);
    expect(bySystem!.rows[2]).toEqual(['mid', 0.1167, null, null, 0.1792, 0.05, 2, 0.3375, 0.1, 0.3038]);
    expect(dist!.columns).toEqual(['summaries', 'S1', 'S2', 'S3', 'S4']);
    expect(dist!.rows[0]).toEqual(['gold', 0.3333, 0.2667, 0.2667, 0.1333]);
    expect(dist!.rows[2]).toEqual(['tail', 0, 0.125, 0.125, 0.75]);
    expect(sp!.rows).toEqual([
      ['ROUGE-1', -0.2, 0.8, 0.9167, 4],
      ['ROUGE-2', 0.8, 0.2, 0.3333, 4],
      ['ROUGE-L', -0.2, 0.8, 0.9167, 4],
    ]);
  });

  it('the probe result: one system gives its own metrics and the distributions table; several give the article count', () => {
    const multi = positionProbe.aggregate(items(), options);
    expect(multi.metrics).toEqual([{ name: 'articles', label: 'articles measured', value: 3, n: 5, kind: 'count' }]);
    expect(multi.extra).toMatchObject({ articles: 3, excludedArticles: 2, shortArticles: 1 });
    const one = items().map((i) => ({ recordId: i.recordId, measurement: { ...i.measurement, outputs: { output: i.measurement.outputs.lead! } } }));
    const single = positionProbe.aggregate(one, options);
    expect(single.tables!.map((t) => t.name)).toEqual(['distributions']);
    expect(metric(single, 'wasserstein').value).toBeCloseTo(0.15714285714285714, 12);
    expect(single.extra).toMatchObject({ articles: 3, excludedArticles: 2, shortArticles: 1, K: 4 });
  });
});
