// The position aggregate (src/probes/position/aggregate.ts) where a side has no mass, where too few
// systems or resamples are left for a figure, and the labels and tables a report shows. Values
// come from test/probes/position/aggregate-edges-reference.py (scipy's wasserstein_distance on the
// segment centres, numpy.average, scipy.stats.spearmanr, the article bootstrap replayed with
// slant's seeded generator and numpy.percentile) or are worked by hand in the comments. Written
// for the mutants that survived aggregate-reference.test.ts; each test names those it kills.
// Every aggregate is computed inside its test: mutation testing switches a mutant on only while
// a test runs.
import { describe, expect, it } from 'vitest';
import type { Metric } from '../../../src/core/types.js';
import { aggregatePositionGroups, positionOptionsSchema, positionTables, type PositionItem } from '../../../src/probes/position/index.js';
import type { PositionMeasurement } from '../../../src/probes/position/measure.js';

const K = 4;
const options = positionOptionsSchema.parse({ K, resamples: 200, seed: 7 });
const R = (f: number) => ({ precision: f, recall: f, fmeasure: f });
const place = (counts: number[], dropped = 0) => {
  const mapped = counts.reduce((a, b) => a + b, 0);
  return { sentences: mapped + dropped, mapped, dropped, counts };
};
type Out = { counts: number[]; dropped?: number; f1: number };
const item = (id: string, refs: number[][], outs: Record<string, Out>): PositionItem => {
  const m: PositionMeasurement = {
    articleSentences: 12,
    excluded: false,
    short: false,
    references: refs.map((g) => place(g)),
    // ROUGE-2 F = f1 / 2 and ROUGE-L F = f1
    outputs: Object.fromEntries(Object.entries(outs).map(([k, v]) => [k, { ...place(v.counts, v.dropped), rouge: { rouge1: R(v.f1), rouge2: R(v.f1 / 2), rougeL: R(v.f1) } }])),
  };
  return { recordId: id, measurement: m };
};
const zero = [0, 0, 0, 0];
const close = (v: number) => expect.closeTo(v, 12);
const metric = (g: { metrics: Metric[] }, n: string): Metric | undefined => g.metrics.find((x) => x.name === n);

/**
 * Fixture A. Article a: gold [1,1,0,0]; article z: its gold summary maps nothing (no gold mass).
 * 'lead' maps in both; 'none' maps nothing anywhere; 'once' is in article a only; 'only' is in z only.
 */
function fixtureA(): PositionItem[] {
  return [
    item('a', [[1, 1, 0, 0]], { lead: { counts: [1, 0, 1, 0], f1: 0.5 }, none: { counts: zero, dropped: 2, f1: 0.1 }, once: { counts: [0, 2, 0, 0], f1: 0.3 } }),
    item('z', [zero], { lead: { counts: [0, 1, 0, 1], f1: 0.4 }, none: { counts: zero, dropped: 2, f1: 0.2 }, only: { counts: [0, 0, 2, 0], f1: 0.6 } }),
  ];
}
const groupA = (name: string) => aggregatePositionGroups(fixtureA(), options).groups.find((g) => g.labels.model === name)!;

describe('no mass on one side', () => {
  it('a system that maps nothing has no distance, shift or per-article figure, and a zero distribution', () => {
    // kills: hasMass made true, its && made ||, either total(…) > 0 made true or >= 0, `if (hasMass)` made true;
    // both.length > 0 made true or >= 0 (a mean over no article); proportions' s > 0 made true or >= 0 (0/0)
    const none = groupA('none');
    expect(none.metrics.map((m) => m.name)).toEqual(['rouge1_f', 'dropped_sentences', 'rouge2_f', 'rougeL_f']);
    expect(metric(none, 'dropped_sentences')).toMatchObject({ value: 4, n: 4 });
    expect(none.extra).toMatchObject({ distribution: [0, 0, 0, 0], goldDistribution: [0.5, 0.5, 0, 0], counts: [0, 0, 0, 0], articles: 2, perArticle: [] });
    expect('wassersteinPositional' in none.extra! || 'wassersteinReleased' in none.extra!).toBe(false);
  });

  it('a system whose only article has no gold mass has no distance either', () => {
    // kills: total(goldSum) > 0 made true or >= 0 (a distance against no gold); proportions of no gold stay 0
    const only = groupA('only');
    expect(only.metrics.map((m) => m.name)).toEqual(['rouge1_f', 'dropped_sentences', 'rouge2_f', 'rougeL_f']);
    expect(only.extra).toMatchObject({ distribution: [0, 0, 1, 0], goldDistribution: [0, 0, 0, 0], perArticle: [] });
  });

  it('an article without gold mass is left out of the per-article figures; the article bootstrap then skips too many resamples for an interval', () => {
    // scipy: W(gold [1,1,0,0], model [1,1,1,1]) = 0.25, shift 0.25; article a alone: W 0.125, shift 0.125.
    // 63 of 200 resamples (seed 7) draw article z twice, so have no gold mass: more than 1%, no interval.
    // kills: total(a.gold) > 0 made true or >= 0 in the per-article filter, total(gs) > 0 made true or >= 0 in the
    // bootstrap, `if (wCi)` / `if (sCi)` made true (an interval key left undefined), both.length >= 2 made true
    // (an interval from one article)
    const lead = groupA('lead');
    const w = metric(lead, 'wasserstein')!;
    const s = metric(lead, 'position_shift')!;
    expect(w).toEqual({ name: 'wasserstein', label: 'Wasserstein distance gold vs model (positional)', value: close(0.25), n: 2, kind: 'statistic' });
    expect(s).toEqual({ name: 'position_shift', label: 'position shift (model − gold mean segment position, fraction of the article; < 0 lead, > 0 tail)', value: close(0.25), n: 2, kind: 'statistic' });
    expect('ci' in w || 'ci' in s).toBe(false);
    expect(metric(lead, 'wasserstein_per_article')).toEqual({ name: 'wasserstein_per_article', label: 'mean per-article Wasserstein distance', value: close(0.125), n: 1, kind: 'mean' });
    expect(metric(lead, 'position_shift_per_article')).toEqual({ name: 'position_shift_per_article', label: 'mean per-article position shift (< 0 lead, > 0 tail)', value: close(0.125), n: 1, kind: 'mean' });
    expect((lead.extra!.perArticle as { id: string }[]).map((p) => p.id)).toEqual(['a']);
  });

  it('a system measured on one article has its distance but no interval', () => {
    // scipy: W(gold [1,1,0,0], model [0,2,0,0]) = 0.125, shift 0.125
    // kills: arts.length >= 2 made true (a bootstrap over one article gives the interval [W, W])
    const once = groupA('once');
    expect(metric(once, 'wasserstein')).toEqual({ name: 'wasserstein', label: 'Wasserstein distance gold vs model (positional)', value: close(0.125), n: 1, kind: 'statistic' });
    expect(metric(once, 'position_shift')?.value).toBeCloseTo(0.125, 12);
    expect('ci' in metric(once, 'position_shift')!).toBe(false);
  });
});

describe('labels and order of the metrics', () => {
  it('every metric of a system, in the report order, with its label and kind', () => {
    // kills: the label and kind strings of every metric emptied, the ROUGE label template emptied, the
    // order list emptied or any name in it emptied, the sort dropped, its comparator made () => undefined or +
    const lead = groupA('lead');
    expect(lead.metrics.map((m) => [m.name, m.label, m.kind])).toEqual([
      ['wasserstein', 'Wasserstein distance gold vs model (positional)', 'statistic'],
      ['position_shift', 'position shift (model − gold mean segment position, fraction of the article; < 0 lead, > 0 tail)', 'statistic'],
      ['rouge1_f', 'ROUGE-1 F', 'mean'],
      ['dropped_sentences', 'summary sentences dropped (zero similarity to every article sentence)', 'count'],
      ['wasserstein_per_article', 'mean per-article Wasserstein distance', 'mean'],
      ['position_shift_per_article', 'mean per-article position shift (< 0 lead, > 0 tail)', 'mean'],
      ['rouge2_f', 'ROUGE-2 F', 'mean'],
      ['rougeL_f', 'ROUGE-L F', 'mean'],
    ]);
    // ROUGE-1 F over a and z: (0.5 + 0.4) / 2; dropped: none of the 4 lead sentences
    expect(metric(lead, 'rouge1_f')).toMatchObject({ value: close(0.45), n: 2 });
    expect(metric(lead, 'dropped_sentences')).toEqual({ name: 'dropped_sentences', label: 'summary sentences dropped (zero similarity to every article sentence)', value: 0, n: 4, kind: 'count' });
  });

  it('a system whose every article is over the ROUGE cap has no ROUGE metric', () => {
    // kills: rouge[t].f.length > 0 made true or >= 0 (a mean over no value)
    const capped = fixtureA().map((i) => ({ ...i, measurement: { ...i.measurement, excluded: true, rougeOverCap: true } }));
    const lead = aggregatePositionGroups(capped, options).groups.find((g) => g.labels.model === 'lead')!;
    expect(lead.metrics.map((m) => m.name)).toEqual(['dropped_sentences']);
    expect(lead.extra!.rouge).toMatchObject({ rouge1: { n: 0 }, rouge2: { n: 0 }, rougeL: { n: 0 } });
  });
});

describe('the report tables', () => {
  it('titles and columns; a system without a distance shows empty cells; no Spearman table under three systems with a distance', () => {
    // kills: the titles and column names emptied; `m.name === 'wasserstein'` made true (the first metric's value
    // shown as W); w?.value, w?.ci made w.value, w.ci (a system without a distance would throw);
    // agg.spearman.length > 0 made true or >= 0 (an empty Spearman table)
    const tables = positionTables(aggregatePositionGroups(fixtureA(), options));
    expect(tables.map((t) => [t.name, t.title, t.columns])).toEqual([
      ['position_by_system', 'Position bias and ROUGE per system', ['system', 'W', 'W 95% low', 'W 95% high', 'per-article W', 'shift', 'dropped', 'R1 F', 'R2 F', 'RL F']],
      ['distributions', 'Positional distributions: share of mapped sentences per segment (Figure 2)', ['summaries', 'S1', 'S2', 'S3', 'S4']],
    ]);
    // ROUGE-1 F: none (0.1 + 0.2) / 2, lead (0.5 + 0.4) / 2; ROUGE-2 F is half of it, ROUGE-L F equal
    expect(tables[0]!.rows).toEqual([
      ['lead', 0.25, null, null, 0.125, 0.25, 0, 0.45, 0.225, 0.45],
      ['none', null, null, null, null, null, 4, 0.15, 0.075, 0.15],
      ['once', 0.125, null, null, 0.125, 0.125, 0, 0.3, 0.15, 0.3],
      ['only', null, null, null, null, null, 0, 0.6, 0.3, 0.6],
    ]);
  });

  it('a group without a system name or a distribution (an aggregate made elsewhere) gets an empty name and no shares', () => {
    // kills: the `?? ''` of both tables' system names and the distribution's `?? []` given other values
    const agg = aggregatePositionGroups(fixtureA(), options);
    const bare = { ...agg, groups: [{ ...agg.groups[0]!, labels: {}, extra: {} }] };
    const [bySystem, dist] = positionTables(bare);
    expect(bySystem!.rows[0]![0]).toBe('');
    expect(dist!.rows[1]).toEqual(['']);
  });

  it('a value that is not a number shows as an empty cell, never as NaN', () => {
    // a ROUGE-1 F that is not a number (NaN) in one article makes the system's mean NaN
    // kills: x === undefined || !Number.isFinite(x) made && in round (NaN.toFixed(4) would print NaN)
    const items = fixtureA();
    items[0]!.measurement.outputs.lead!.rouge.rouge1.fmeasure = Number.NaN;
    const rows = positionTables(aggregatePositionGroups(items, options))[0]!.rows;
    expect(rows[0]).toEqual(['lead', 0.25, null, null, 0.125, 0.25, 0, null, 0.225, 0.45]);
  });

  it('the Spearman table: title, columns and rows', () => {
    // kills: the Spearman title and column names emptied
    const tables = positionTables(aggregatePositionGroups(fixtureB(), options));
    expect(tables[2]).toEqual({
      name: 'spearman',
      title: 'Spearman correlation across systems: Wasserstein distance vs ROUGE F (Appendix E)',
      columns: ['ROUGE', 'rho', 'p (t approx.)', 'p (exact)', 'systems'],
      rows: [
        ['ROUGE-1', -1, 0, 0.3333, 3],
        ['ROUGE-2', -1, 0, 0.3333, 3],
        ['ROUGE-L', -1, 0, 0.3333, 3],
      ],
    });
  });
});

/** Fixture B: one article, gold [1,1,0,0]; three systems with a distance and one that maps nothing. */
function fixtureB(): PositionItem[] {
  return [
    item('a', [[1, 1, 0, 0]], {
      s1: { counts: [1, 1, 0, 0], f1: 0.6 },
      s2: { counts: [1, 0, 1, 0], f1: 0.5 },
      s3: { counts: [0, 0, 1, 1], f1: 0.2 },
      none: { counts: zero, dropped: 2, f1: 0.9 },
    }),
  ];
}

describe('Spearman across systems', () => {
  it('only the systems with a distance are ranked', () => {
    // scipy: W = 0, 0.125, 0.5 against ROUGE-1 F 0.6, 0.5, 0.2: spearmanr -> rho −1, p 0; exact p 2 of 3! orders = 1/3
    // kills: the withW filter dropped or made true (the system without a distance makes rho NaN and the rows vanish),
    // `?.value` made `.value` in metricValue (it throws on the system without a distance)
    const rows = aggregatePositionGroups(fixtureB(), options).spearman;
    expect(rows).toEqual(['rouge1', 'rouge2', 'rougeL'].map((rouge) => ({ rouge, rho: close(-1), pValue: close(0), pExact: close(1 / 3), n: 3 })));
  });

  it('fewer than three systems with a distance give no row', () => {
    // pins that two systems give no correlation; `withW.length < 3` made false survives it, since the
    // per-type guard `gs.length < 3` repeats the check (listed as equivalent)
    const two = fixtureB().map((i) => ({ ...i, measurement: { ...i.measurement, outputs: { s1: i.measurement.outputs.s1!, s3: i.measurement.outputs.s3! } } }));
    expect(aggregatePositionGroups(two, options).spearman).toEqual([]);
    expect(aggregatePositionGroups(fixtureA(), options).spearman).toEqual([]);
  });

  it('systems all at the same distance give no row (rho undefined)', () => {
    // kills: Number.isNaN(s.rho) made false (a NaN row)
    const same = [item('a', [[1, 1, 0, 0]], { s1: { counts: [1, 1, 0, 0], f1: 0.6 }, s2: { counts: [2, 2, 0, 0], f1: 0.5 }, s3: { counts: [1, 1, 0, 0], f1: 0.2 } })];
    expect(aggregatePositionGroups(same, options).spearman).toEqual([]);
  });

  it('ten systems: rho and the t approximation, no exact p-value (more than nine systems)', () => {
    // scipy: W_i = W(gold [1,0,0,0], model [10 − i, i, 0, 0]) = i/40 and ROUGE-1 F 0.9 − 0.05 i, i = 0..9:
    // spearmanr -> rho −1 (−0.9999999999999999), p 6.6e-64
    // kills: `if (s.pExact !== undefined)` made true (a pExact key left undefined)
    const outs: Record<string, Out> = {};
    for (let i = 0; i < 10; i++) outs[`s${i}`] = { counts: [10 - i, i, 0, 0], f1: 0.9 - 0.05 * i };
    const rows = aggregatePositionGroups([item('a', [[1, 0, 0, 0]], outs)], options).spearman;
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).toEqual({ rouge: r.rouge, rho: close(-1), pValue: close(0), n: 10 });
      expect('pExact' in r).toBe(false);
    }
  });
});

describe('the article bootstrap at exactly 1% of resamples skipped', () => {
  it('99 of 100 resamples with mass still give an interval, from exactly 100 resamples', () => {
    // five articles, gold [1,0,0,0] each; the model maps to segment 2, 3, 4 in articles 0-2 and nothing in 3-4.
    // aggregate-edges-reference.py: seed 10 draws exactly 1 of 100 resamples from articles 3-4 only;
    // the other 99 give W and shift in [0.2725, 0.75] (numpy.percentile 2.5, 97.5); one more resample
    // (101) would move the low end to 0.27375. W of the sums = shift = 0.5
    // kills: ws.length < 0.99 * B made <= (99 ≤ 99 would drop the interval), b < B made b <= B
    const arts = [[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], zero, zero].map((c, i) => item(`e${i}`, [[1, 0, 0, 0]], { x: { counts: c, dropped: c === zero ? 1 : 0, f1: 0.5 } }));
    const x = aggregatePositionGroups(arts, { ...options, resamples: 100, seed: 10 }).groups[0]!;
    expect(metric(x, 'wasserstein')).toMatchObject({ value: close(0.5), ci: { low: close(0.2725), high: close(0.75), level: 0.95, method: 'bootstrap-percentile (articles)' } });
    expect(metric(x, 'position_shift')).toMatchObject({ value: close(0.5), ci: { low: close(0.2725), high: close(0.75) } });
  });
});

describe('Spearman when a system with a distance has no ROUGE', () => {
  // Article a as in fixture B (s1, s2, s3); article b's ROUGE was not computed (over the cap) but its
  // mapping was, and only s4 maps there: s4 has a distance but no ROUGE mean.
  const fixtureF = (): PositionItem[] => {
    const b = item('b', [[1, 1, 0, 0]], { s4: { counts: [0, 1, 1, 0], f1: 0.9 } });
    return [...fixtureB().map((i) => ({ ...i, measurement: { ...i.measurement, outputs: { s1: i.measurement.outputs.s1!, s2: i.measurement.outputs.s2!, s3: i.measurement.outputs.s3! } } })), { ...b, measurement: { ...b.measurement, rougeOverCap: true } }];
  };

  it('ranks only the systems with both a distance and a ROUGE mean', () => {
    // s1, s2, s3 as in fixture B: rho −1, p 0, exact p 1/3 over three systems
    // kills: the ROUGE filter of the systems dropped or made true (s4's missing ROUGE makes rho NaN)
    const agg = aggregatePositionGroups(fixtureF(), options);
    expect(agg.groups.find((g) => g.labels.model === 's4')!.metrics.map((m) => m.name)).toEqual(['wasserstein', 'position_shift', 'dropped_sentences', 'wasserstein_per_article', 'position_shift_per_article']);
    expect(agg.spearman).toEqual(['rouge1', 'rouge2', 'rougeL'].map((rouge) => ({ rouge, rho: close(-1), pValue: close(0), pExact: close(1 / 3), n: 3 })));
  });

  it('three systems with a distance but two with ROUGE give no row', () => {
    // kills: gs.length < 3 made false (a correlation of two points)
    const f = fixtureF().map((i) => ({ ...i, measurement: { ...i.measurement, outputs: Object.fromEntries(Object.entries(i.measurement.outputs).filter(([k]) => k !== 's3')) } }));
    expect(aggregatePositionGroups(f, options).spearman).toEqual([]);
  });
});

describe('an article bootstrap too large for the shared draw sets', () => {
  it('draws its own indices from the seed: 11 articles × 100,000 resamples', () => {
    // article i: gold [1,0,0,0]; the model maps one sentence to segment i mod 4 (and one more to segment 4 in article 0).
    // 11 × 100,000 draws are over the 2^20 a shared draw set keeps (src/stats/resample-draws.ts), so the bootstrap
    // draws them from createRng(3) itself. aggregate-edges-reference.py (the same draws, scipy, numpy.percentile):
    // W of the sums 0.375, W interval [0.25, 0.5], shift interval [0.25, 0.5]
    // kills: the rng made only when there are shared draws, or never (it would be called as null); the shared
    // draws read when there are none; rng() * n made rng() / n (every draw the first article: the interval [0.375, 0.375])
    const arts = Array.from({ length: 11 }, (_, i) => {
      const c = [0, 0, 0, 0];
      c[i % 4]! += 1;
      if (i === 0) c[3]! += 1;
      return item(`g${i}`, [[1, 0, 0, 0]], { x: { counts: c, f1: 0.5 } });
    });
    const x = aggregatePositionGroups(arts, { ...options, resamples: 100_000, seed: 3 }).groups[0]!;
    expect(metric(x, 'wasserstein')).toMatchObject({ value: close(0.375), ci: { low: close(0.25), high: close(0.5) } });
    expect(metric(x, 'position_shift')!.ci).toMatchObject({ low: close(0.25), high: close(0.5) });
  });
});

describe('systems sharing the resampled gold sums', () => {
  it("a system's interval is the one it has alone, when another system covers as many but other articles", () => {
    // p summarises articles a and b, q articles b and c: both bootstraps resample two articles with
    // the same draws, but not the same gold rows. kills: the shared gold sums reused for any system
    // with as many articles (the check that they are the same articles dropped)
    const gold = { a: [2, 0, 0, 0], b: [0, 1, 1, 0], c: [0, 0, 0, 3] };
    const both = [
      item('a', [gold.a], { p: { counts: [1, 1, 0, 0], f1: 0.5 } }),
      item('b', [gold.b], { p: { counts: [0, 0, 1, 1], f1: 0.5 }, q: { counts: [1, 0, 0, 1], f1: 0.4 } }),
      item('c', [gold.c], { q: { counts: [0, 2, 0, 0], f1: 0.3 } }),
    ];
    const alone = [item('b', [gold.b], { q: { counts: [1, 0, 0, 1], f1: 0.4 } }), item('c', [gold.c], { q: { counts: [0, 2, 0, 0], f1: 0.3 } })];
    const q = aggregatePositionGroups(both, options).groups.find((g) => g.labels.model === 'q')!;
    const qAlone = aggregatePositionGroups(alone, options).groups[0]!;
    const w = metric(q, 'wasserstein')!;
    expect(w.ci).toBeDefined();
    expect(w).toEqual(metric(qAlone, 'wasserstein'));
    expect(metric(q, 'position_shift')).toEqual(metric(qAlone, 'position_shift'));
    // and p's, read first, is its own too
    const p = aggregatePositionGroups(both, options).groups.find((g) => g.labels.model === 'p')!;
    const pAlone = aggregatePositionGroups(both.slice(0, 2).map((i) => ({ ...i, measurement: { ...i.measurement, outputs: { p: i.measurement.outputs['p']! } } })), options).groups[0]!;
    expect(metric(p, 'wasserstein')).toEqual(metric(pAlone, 'wasserstein'));
  });
});

describe('systems over the same articles share the gold resamples as they are', () => {
  // Every system covers the same articles, so the second and third take the first's resampled
  // gold sums. Fractional counts make any second addition of the gold rows to those sums show in
  // the last digits (a sum added to itself row by row is not exactly twice it). Kills the shared
  // sums being added to again when they are reused.
  const golds = [[0.1, 0.7, 0, 0.3], [0.35, 0, 0.9, 0.15], [0, 0.45, 0.2, 0.65], [0.3, 0.1, 0.7, 0], [0.55, 0.25, 0, 0.05]];
  const outs = [[0.2, 0.1, 0, 0], [0, 0.6, 0.3, 0.1], [0.7, 0, 0.1, 0.3], [0.15, 0.35, 0, 0.45], [0, 0.05, 0.95, 0.25]];
  const systems = ['s1', 's2', 's3'];
  const items = (names: string[]): PositionItem[] =>
    golds.map((g, a) => item(`a${a}`, [g], Object.fromEntries(names.map((s) => [s, { counts: outs[(a + systems.indexOf(s)) % 5]!, f1: 0.1 * (a + 1) }]))));

  it("each system's intervals are those of the system aggregated alone, digit for digit", () => {
    const together = aggregatePositionGroups(items(systems), options).groups;
    expect(together.map((g) => g.labels.model)).toEqual(systems);
    for (const g of together) {
      const alone = aggregatePositionGroups(items([g.labels.model!]), options).groups[0]!;
      for (const name of ['wasserstein', 'position_shift']) {
        expect(metric(g, name)!.ci).toBeDefined();
        expect(metric(g, name)!.ci).toEqual(metric(alone, name)!.ci);
      }
    }
  });
});

describe('systems over different articles share no gold resamples', () => {
  // Six articles, each with its own gold counts; four systems, first seen in this order, each
  // summarising some of them: p5 (articles 1–5), alt (1–4 and 6), p4 (1–4), full (1–6). A system's
  // bootstrap may take the previous system's resampled gold sums only when both cover the same
  // articles. Kills, in sameRows and its caller: the reuse check made true (alt would take p5's
  // sums), `a.length === b.length` made true or `!==` (full would take p4's, whose rows are its
  // prefix), `every` made `some` (alt would take p5's: same length, first four rows equal).
  const golds = [[2, 1, 0, 0], [0, 1, 2, 0], [1, 0, 0, 3], [3, 0, 1, 0], [0, 0, 2, 2], [1, 3, 0, 0]];
  const outs = [[1, 1, 0, 0], [0, 2, 0, 1], [1, 0, 1, 1], [2, 0, 0, 0], [0, 1, 1, 0], [0, 0, 3, 1]];
  const covers: Record<string, number[]> = { p5: [0, 1, 2, 3, 4], alt: [0, 1, 2, 3, 5], p4: [0, 1, 2, 3], full: [0, 1, 2, 3, 4, 5] };
  const items = (systems: string[]): PositionItem[] =>
    golds.map((g, a) =>
      item(
        `a${a}`,
        [g],
        Object.fromEntries(systems.filter((s) => covers[s]!.includes(a)).map((s) => [s, { counts: outs[(a + s.length) % 6]!, f1: 0.1 * (a + 1) }])),
      ),
    );
  const intervals = (g: { metrics: Metric[] }) => ['wasserstein', 'position_shift'].map((n) => metric(g, n)!.ci);

  it("each system's intervals are those of the system aggregated alone", () => {
    const together = aggregatePositionGroups(items(Object.keys(covers)), options).groups;
    expect(together.map((g) => g.labels.model)).toEqual(['p5', 'alt', 'p4', 'full']);
    for (const g of together) {
      const alone = aggregatePositionGroups(items([g.labels.model!]), options).groups[0]!;
      const ci = intervals(g);
      expect(ci.every((c) => c !== undefined)).toBe(true);
      expect(ci).toEqual(intervals(alone));
    }
  });
});

describe('a system that skips articles before its last reads its own rows', () => {
  // The bootstrap reads draw k as row k only when a system covers every row of the columns. 'gap'
  // covers rows 0, 1, 2 and 5 of six: four articles whose last is row 5 = 4 + 1, so the check must
  // be on the last row being exactly n - 1. Kills that check made `=== n + 1` (gap would read rows
  // 0 to 3, two of them not its own).
  const golds = [[2, 1, 0, 0], [0, 1, 2, 0], [1, 0, 0, 3], [3, 0, 1, 0], [0, 0, 2, 2], [1, 3, 0, 0]];
  const outs = [[1, 1, 0, 0], [0, 2, 0, 1], [1, 0, 1, 1], [2, 0, 0, 0], [0, 1, 1, 0], [0, 0, 3, 1]];
  const gap = [0, 1, 2, 5];
  const items = (systems: string[], rows: number[]): PositionItem[] =>
    rows.map((a) =>
      item(
        `a${a}`,
        [golds[a]!],
        Object.fromEntries(systems.filter((s) => s === 'full' || gap.includes(a)).map((s) => [s, { counts: outs[(a + s.length) % 6]!, f1: 0.1 * (a + 1) }])),
      ),
    );
  const intervals = (g: { metrics: Metric[] }) => ['wasserstein', 'position_shift'].map((n) => metric(g, n)!.ci);

  it('its intervals are those it has aggregated over its own articles alone', () => {
    const together = aggregatePositionGroups(items(['full', 'gap'], [0, 1, 2, 3, 4, 5]), options).groups.find((g) => g.labels.model === 'gap')!;
    const alone = aggregatePositionGroups(items(['gap'], gap), options).groups[0]!;
    expect(metric(together, 'wasserstein')!.value).toBe(metric(alone, 'wasserstein')!.value);
    const ci = intervals(together);
    expect(ci.every((c) => c !== undefined)).toBe(true);
    expect(ci).toEqual(intervals(alone));
  });
});
