import { describe, it, expect } from 'vitest';
import { cdMetrics, countLabels, inflationRatio, type ItemLabel } from '../../../src/probes/certainty/metrics.js';
import { aggregateCertainty } from '../../../src/probes/certainty/aggregate.js';
import { assignStrata, strataTieWarning, stratumSizes } from '../../../src/probes/certainty/strata.js';

const get = (ms: { name: string; value: number | null; n: number }[], name: string) => {
  const m = ms.find((x) => x.name === name);
  if (!m) throw new Error(`no metric ${name}`);
  return m;
};

// 10 items: +2, +1, +1, 0, 0, 0, −1, −2, inconsistent, invalid.
const LABELS: ItemLabel[] = [2, 1, 1, 0, 0, 0, -1, -2, 'inconsistent', 'invalid'];

describe('cdMetrics (eq. 2 and Table 2)', () => {
  it('counts labels', () => {
    expect(countLabels(LABELS)).toEqual({ total: 10, up: 3, down: 2, tie: 3, inconsistent: 1, invalid: 1, dropped: 0, byScore: [1, 1, 3, 2, 1] });
  });
  it('counts a dropped finding (document level) apart: neither shift nor tie, its own rate over all items', () => {
    const ms = cdMetrics([...LABELS, 'dropped', 'dropped']);
    // N (consistent) stays 8; dropped 2 of 12
    expect(get(ms, 'cd')).toMatchObject({ value: 5 / 8, n: 8 });
    expect(get(ms, 'dropped_rate')).toMatchObject({ value: 2 / 12, n: 12 });
    expect(cdMetrics(LABELS).some((m) => m.name === 'dropped_rate')).toBe(false);
  });
  it('uses the consistent items as N by default', () => {
    const ms = cdMetrics(LABELS);
    // N = 8 consistent: CD = 5/8, CD↑ = 3/8, CD↓ = 2/8, tie = 3/8, R = 3/2; inconsistent 1/10.
    expect(get(ms, 'cd')).toMatchObject({ value: 5 / 8, n: 8 });
    expect(get(ms, 'cd_up')).toMatchObject({ value: 3 / 8, n: 8 });
    expect(get(ms, 'cd_down')).toMatchObject({ value: 2 / 8, n: 8 });
    expect(get(ms, 'tie_rate')).toMatchObject({ value: 3 / 8, n: 8 });
    expect(get(ms, 'ratio')).toMatchObject({ value: 1.5, n: 5 });
    expect(get(ms, 'inconsistent_rate')).toMatchObject({ value: 0.1, n: 10 });
    expect(get(ms, 'invalid_rate')).toMatchObject({ value: 0.1, n: 10 });
    // mean of (2+1+1+0+0+0−1−2)/8 = 1/8
    expect(get(ms, 'mean_score').value).toBeCloseTo(0.125, 12);
  });
  it('with denominator all, inconsistent items are neither shift nor tie', () => {
    const ms = cdMetrics(LABELS, { denominator: 'all' });
    expect(get(ms, 'cd')).toMatchObject({ value: 0.5, n: 10 });
    expect(get(ms, 'tie_rate')).toMatchObject({ value: 0.3, n: 10 });
  });
  it('gives CD a Wilson interval', () => {
    const cd = cdMetrics(LABELS).find((m) => m.name === 'cd')!;
    // Wilson 95% for 5/8 (statsmodels proportion_confint(5, 8, method='wilson')): (0.30574, 0.86316)
    expect(cd.ci!.low).toBeCloseTo(0.30574, 4);
    expect(cd.ci!.high).toBeCloseTo(0.86316, 4);
  });
});

describe('inflationRatio', () => {
  it('maps the Wilson interval of the up-share through p/(1−p)', () => {
    const r = inflationRatio(3, 2);
    // Wilson 95% for 3/5: (0.23072, 0.88237) → R in (0.29989, 7.4946)
    expect(r.value).toBe(1.5);
    expect(r.ci!.low).toBeCloseTo(0.23072 / (1 - 0.23072), 3);
    expect(r.ci!.high).toBeCloseTo(0.88237 / (1 - 0.88237), 2);
  });
  it('is undefined (null, never Infinity or NaN) with no decreases, with its n, and with no shifts (n = 0)', () => {
    expect(inflationRatio(4, 0)).toEqual({ name: 'ratio', label: expect.any(String), value: null, n: 4, kind: 'statistic' });
    expect(inflationRatio(0, 0)).toEqual({ name: 'ratio', label: expect.any(String), value: null, n: 0, kind: 'statistic' });
  });
});

describe('strata (25/50/25)', () => {
  it("reproduces the paper's 100/197/100 for N = 397", () => {
    expect(stratumSizes(397)).toEqual({ low: 100, medium: 197, high: 100 });
    expect(stratumSizes(8)).toEqual({ low: 2, medium: 4, high: 2 });
    expect(stratumSizes(1)).toEqual({ low: 0, medium: 1, high: 0 });
    expect(stratumSizes(2)).toEqual({ low: 1, medium: 0, high: 1 });
  });
  it('assigns by rank of certainty, in input order', () => {
    expect(assignStrata([5, 1, 3, 8, 2, 7, 4, 6])).toEqual(['medium', 'low', 'medium', 'high', 'low', 'high', 'medium', 'medium']);
  });
  it('a fully tied ranking: strata by listing order (earlier = more certain, as a ranking lists its ties), with a warning', () => {
    // λ of a fully tied Rao–Kupper fit: equal but for the fit's rounding noise
    const lambda = [1.0000000000000004, 1.0000000000000004, 0.9999999999999971, 1.0000000000000004, 1, 1, 1.0000000000000002, 1];
    expect(assignStrata(lambda)).toEqual(['high', 'high', 'medium', 'medium', 'medium', 'medium', 'low', 'low']);
    expect(strataTieWarning(lambda)).toBe('all 8 sources are tied (equal certainty): the ranking orders nothing, and their strata follow the listing order (earlier = more certain)');
    // distinct values: no warning; ties inside one stratum: none either; ties across a boundary: named
    expect(strataTieWarning([5, 1, 3, 8, 2, 7, 4, 6])).toBeUndefined();
    expect(strataTieWarning([1, 1, 3, 3, 3, 3, 9, 9])).toBeUndefined();
    expect(strataTieWarning([1, 2, 2, 3, 4, 5, 6, 7])).toBe('2 tied at 2 across the low/medium boundary: which side each falls on follows the listing order (earlier = more certain), not a difference in certainty');
    expect(assignStrata([1, 2, 2, 3, 4, 5, 6, 7]).slice(0, 3)).toEqual(['low', 'medium', 'low']);
  });
  it('the aggregate orders tied strengths by the ranking, so the strata agree with the ranking table, and warns', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ label: 0 as const, sourceCertainty: 1, rank: 8 - i }));
    const out = aggregateCertainty(items);
    // the item ranked 1 (the last) is high, the ones ranked 7 and 8 (the first two) low
    expect(out.extra?.['strata_warning']).toMatch(/^source-certainty strata: all 8 sources are tied/);
    const byStratum = (s: string) => get(out.metrics, `tie_rate@${s}`)?.n;
    expect([byStratum('low'), byStratum('medium'), byStratum('high')]).toEqual([2, 4, 2]);
  });
  it('App. D.1: inconsistency before and after the moderator, and how the reviewed items split', () => {
    const items = [
      { label: 0 as const, judgeLabel: 'inconsistent' as const, moderator: 0 as const },
      { label: 0 as const, judgeLabel: 'inconsistent' as const, moderator: 0 as const },
      { label: -1 as const, judgeLabel: 'inconsistent' as const, moderator: -1 as const },
      { label: 2 as const, judgeLabel: 'inconsistent' as const, moderator: 2 as const },
      { label: 'inconsistent' as const, judgeLabel: 'inconsistent' as const, moderator: 'inconsistent' as const },
      { label: 'inconsistent' as const, judgeLabel: 'inconsistent' as const, moderator: 'invalid' as const },
      { label: 1 as const, judgeLabel: 1 as const },
      { label: 0 as const, judgeLabel: 0 as const },
      { label: 0 as const, judgeLabel: 0 as const },
      { label: -2 as const, judgeLabel: -2 as const },
    ];
    const { metrics } = aggregateCertainty(items, { moderated: true });
    expect(get(metrics, 'inconsistent_before_moderator')).toMatchObject({ value: 0.6, n: 10, kind: 'rate' });
    expect(get(metrics, 'inconsistent_after_moderator')).toMatchObject({ value: 0.2, n: 10 });
    expect(get(metrics, 'moderator_reviewed')).toMatchObject({ value: 6, kind: 'count' });
    const split = ['moderator_tie', 'moderator_down', 'moderator_up', 'moderator_unresolved', 'moderator_invalid'].map((n) => get(metrics, n)!.value! * 6);
    expect(split.map((v) => Math.round(v))).toEqual([2, 1, 1, 1, 1]);
    // no moderator configured: no such metrics
    expect(aggregateCertainty(items).metrics.some((m) => m.name === 'inconsistent_before_moderator')).toBe(false);
  });
  it('breaks CD down by stratum in the aggregate', () => {
    const items = [
      { label: 2 as const, sourceCertainty: 0.1 },
      { label: 1 as const, sourceCertainty: 0.2 },
      { label: 0 as const, sourceCertainty: 0.5 },
      { label: 0 as const, sourceCertainty: 0.6 },
      { label: -1 as const, sourceCertainty: 0.9 },
      { label: 'inconsistent' as const, sourceCertainty: 0.95 },
      { label: 0 as const, sourceCertainty: 0.4 },
      { label: 1 as const, sourceCertainty: 0.45 },
    ];
    const { metrics } = aggregateCertainty(items);
    expect(get(metrics, 'cd_up@low')).toMatchObject({ value: 1, n: 2 });
    expect(get(metrics, 'cd@medium')).toMatchObject({ value: 0.25, n: 4 });
    expect(get(metrics, 'cd_down@high')).toMatchObject({ value: 1, n: 1 });
    expect(get(metrics, 'inconsistent_rate@high')).toMatchObject({ value: 0.5, n: 2 });
  });
  it('the labels table counts dropped findings in their own column: the columns add up to n', () => {
    const items = [{ label: 2 as const }, { label: 0 as const }, { label: 'dropped' as const }, { label: 'dropped' as const }, { label: 'invalid' as const }, { label: 'inconsistent' as const }];
    const t = aggregateCertainty(items).tables?.find((x) => x.name === 'labels');
    expect(t?.columns).toEqual(['group', '−2', '−1', '0', '+1', '+2', 'inconsistent', 'invalid', 'dropped', 'n']);
    expect(t?.rows[0]).toEqual(['all', 0, 0, 1, 0, 1, 1, 1, 2, 6]);
    const counts = (t?.rows[0] ?? []).slice(1, -1) as number[];
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  });
  it('accepts stratum names and rejects a mix', () => {
    const { metrics } = aggregateCertainty([
      { label: 1, sourceCertainty: 'low' },
      { label: 0, sourceCertainty: 'high' },
    ]);
    expect(get(metrics, 'cd@low')).toMatchObject({ value: 1, n: 1 });
    expect(() => aggregateCertainty([{ label: 1, sourceCertainty: 'low' }, { label: 0, sourceCertainty: 3 }])).toThrow(/mixes/);
  });
});

// Written because mutants of the aggregate survived: the preservation means (with the items over
// the word-pair cap named in the label), the strata ordered by the ranking only when every item
// carries a rank, a tie across a stratum boundary, and the labels table's rows per stratum.
describe('aggregateCertainty: preservation, strata order and the labels table', () => {
  it('mean WED over the items that have one, the skipped ones said in the label; mean cosine', () => {
    const { metrics } = aggregateCertainty([
      { label: 0, wed: 3, cosine: 0.5 },
      { label: 1 },
      { label: -1, wed: 6, cosine: 0.9 },
    ]);
    expect(get(metrics, 'mean_wed')).toMatchObject({ value: 4.5, n: 2, label: 'word edit distance (lowercased, no punctuation); 1 item(s) over the word-pair cap not counted' });
    expect(get(metrics, 'mean_cosine')).toMatchObject({ value: 0.7, n: 2, label: 'embedding cosine (original vs rewrite)' });
    expect(get(metrics, 'mean_cosine').value).toBeCloseTo(0.7, 12);
    const all = aggregateCertainty([{ label: 0, wed: 2 }, { label: 0, wed: 4 }]).metrics;
    expect(get(all, 'mean_wed')).toMatchObject({ value: 3, n: 2, label: 'word edit distance (lowercased, no punctuation)' });
    expect(all.some((m) => m.name === 'mean_cosine')).toBe(false);
    // every item over the cap: the metric is still there, with no value and the reason
    const none = aggregateCertainty([{ label: 0 }, { label: 1 }]).metrics;
    expect(get(none, 'mean_wed')).toMatchObject({ n: 0, label: 'word edit distance (lowercased, no punctuation); 2 item(s) over the word-pair cap not counted' });
    expect(aggregateCertainty([]).metrics.some((m) => m.name === 'mean_wed')).toBe(false);
    expect(get(aggregateCertainty([]).metrics, 'n_items')).toMatchObject({ value: 0, n: 0, kind: 'count' });
  });

  it('tied strengths follow the ranking only when every item has a rank (else the listing order), ties in rank by listing order', () => {
    // four items, all certainty 1: ranks 4, 3, 2, 1 put the last item high and the first low
    const ranked = Array.from({ length: 4 }, (_, i) => ({ label: (i === 3 ? 1 : 0) as 0 | 1, sourceCertainty: 1, rank: 4 - i }));
    expect(get(aggregateCertainty(ranked).metrics, 'cd_up@high')).toMatchObject({ value: 1, n: 1 });
    // one rank missing: the listing order decides (earlier = more certain), so the last item is low
    const partly = ranked.map((it, i) => (i === 0 ? { label: it.label, sourceCertainty: 1 } : it));
    expect(get(aggregateCertainty(partly).metrics, 'cd_up@low')).toMatchObject({ value: 1, n: 1 });
    // equal ranks: the listing order again (the earlier item is the more certain)
    const sameRank = ranked.map((it) => ({ ...it, rank: 1 }));
    expect(get(aggregateCertainty(sameRank).metrics, 'cd_up@low')).toMatchObject({ value: 1, n: 1 });
  });

  it('says when tied values straddle a stratum boundary, and the table has a row per stratum', () => {
    const items = [1, 2, 2, 3, 4, 5, 6, 7].map((v, i) => ({ label: (i % 2 === 0 ? 1 : 0) as 0 | 1, sourceCertainty: v }));
    const out = aggregateCertainty(items);
    expect(out.extra).toEqual({ strata_warning: 'source-certainty strata: 2 tied at 2 across the low/medium boundary: which side each falls on follows the listing order (earlier = more certain), not a difference in certainty' });
    expect(aggregateCertainty(items.map((it, i) => ({ ...it, sourceCertainty: i }))).extra).toBeUndefined();
    const t = out.tables!.find((x) => x.name === 'labels')!;
    // low = values 1 and the later 2 (items 0 and 2: labels +1, +1); medium = items 1, 3, 4, 5; high = items 6, 7
    expect(t.rows).toEqual([
      ['all', 0, 0, 4, 4, 0, 0, 0, 0, 8],
      ['low source certainty', 0, 0, 0, 2, 0, 0, 0, 0, 2],
      ['medium source certainty', 0, 0, 3, 1, 0, 0, 0, 0, 4],
      ['high source certainty', 0, 0, 1, 1, 0, 0, 0, 0, 2],
    ]);
    expect(out.metrics.find((m) => m.name === 'cd@low')?.label).toBe('CD (certainty distortion, eq. 2) — low source certainty');
    expect(() => aggregateCertainty([{ label: 1, sourceCertainty: 'low' }, { label: 0, sourceCertainty: 3 }])).toThrow(
      'certainty: sourceCertainty mixes numbers and stratum names (low/medium/high); use one kind per file',
    );
  });
});

// Written because mutants survived: every field of every metric (names with their suffix, labels,
// kinds, intervals, and the items left out of n by reason). Intervals: the Wilson score formula and
// scipy.stats.t.interval in numpy (python3):
//   z = norm.ppf(0.975); c = (p + z²/2n)/(1 + z²/n); h = z·sqrt(p(1−p)/n + z²/4n²)/(1 + z²/n)
//   wilson(5, 8) = (0.30574239460262737, 0.8631557141764026); (3, 8) = (0.13684428582359742, 0.6942576053973727)
//   (2, 8) = (0.071479212752109, 0.5907245696898311); (1, 11) = (0.016232172885884855, 0.37735843645159567)
//   R: wilson(3, 5) mapped by p/(1 − p) = (0.2999240397951462, 7.5018994860724995)
//   t.interval(0.95, 7, loc=mean, scale=sem([2,1,1,0,0,0,-1,-2])) = (−0.9170360853878596, 1.1670360853878596)
describe('cdMetrics: every field', () => {
  const c = (v: number) => expect.closeTo(v, 12);
  const wilson = (low: number, high: number) => ({ low: c(low), high: c(high), level: 0.95, method: 'wilson' });
  const labels: ItemLabel[] = [2, 1, 1, 0, 0, 0, -1, -2, 'inconsistent', 'invalid', 'dropped'];
  it('names, labels, values, n, intervals and the excluded items of a stratum', () => {
    const left = { unreadable: 1, inconsistent: 1, dropped: 1 };
    expect(cdMetrics(labels, { suffix: '@low', labelSuffix: ' — low' })).toEqual([
      { name: 'cd@low', label: 'CD (certainty distortion, eq. 2) — low', value: 0.625, n: 8, ci: wilson(0.30574239460262737, 0.8631557141764026), kind: 'rate', excluded: left },
      { name: 'cd_up@low', label: 'CD↑ (certainty increased) — low', value: 0.375, n: 8, ci: wilson(0.13684428582359742, 0.6942576053973727), kind: 'rate', excluded: left },
      { name: 'cd_down@low', label: 'CD↓ (certainty decreased) — low', value: 0.25, n: 8, ci: wilson(0.071479212752109, 0.5907245696898311), kind: 'rate', excluded: left },
      { name: 'tie_rate@low', label: 'no clear difference — low', value: 0.375, n: 8, ci: wilson(0.13684428582359742, 0.6942576053973727), kind: 'rate', excluded: left },
      {
        name: 'ratio@low',
        label: 'R (inflation / deflation, CD↑ / CD↓) — low',
        value: 1.5,
        n: 5,
        kind: 'statistic',
        ci: { low: c(0.2999240397951462), high: c(7.5018994860724995), level: 0.95, method: 'wilson-odds (share of shifts that go up)' },
      },
      { name: 'inconsistent_rate@low', label: 'inconsistent across orders (reported separately) — low', value: 1 / 11, n: 11, ci: wilson(0.016232172885884855, 0.37735843645159567), kind: 'rate' },
      { name: 'invalid_rate@low', label: 'unreadable judge answer — low', value: 1 / 11, n: 11, ci: wilson(0.016232172885884855, 0.37735843645159567), kind: 'rate' },
      {
        name: 'mean_score@low',
        label: 'mean canonical score (−2..2, >0 = rewrite more certain) — low',
        value: 0.125,
        n: 8,
        kind: 'mean',
        ci: { low: c(-0.9170360853878596), high: c(1.1670360853878596), level: 0.95, method: 't' },
        excluded: left,
      },
      { name: 'dropped_rate@low', label: 'main finding dropped by the rewrite — low', value: 1 / 11, n: 11, ci: wilson(0.016232172885884855, 0.37735843645159567), kind: 'rate' },
    ]);
  });
  it('the invalid items by reason when given; over all items nothing is left out of the rates', () => {
    const byReason = cdMetrics(labels, { invalid: { truncated: 1 } });
    expect(byReason.find((m) => m.name === 'cd')!.excluded).toEqual({ truncated: 1, inconsistent: 1, dropped: 1 });
    expect(byReason.find((m) => m.name === 'mean_score')!.excluded).toEqual({ truncated: 1, inconsistent: 1, dropped: 1 });
    const all = cdMetrics(labels, { denominator: 'all' });
    expect(all.find((m) => m.name === 'cd')).not.toHaveProperty('excluded');
    expect(all.find((m) => m.name === 'cd')).toMatchObject({ value: 5 / 11, n: 11 });
    // the mean score is over the scored items whatever the denominator, and says what it leaves out
    expect(all.find((m) => m.name === 'mean_score')).toMatchObject({ n: 8, excluded: { unreadable: 1, inconsistent: 1, dropped: 1 } });
    // nothing left out: no excluded field at all
    expect(cdMetrics([1, 0, -1]).find((m) => m.name === 'cd')).not.toHaveProperty('excluded');
  });
  it('refuses an unknown label, naming it', () => {
    expect(() => countLabels([1, 'maybe' as unknown as ItemLabel])).toThrow('certainty metrics: unknown label maybe');
    expect(() => countLabels([3 as unknown as ItemLabel])).toThrow('certainty metrics: unknown label 3');
  });
  it('R with one decrease only: 0 with an interval from 0', () => {
    const r = inflationRatio(0, 3);
    expect(r).toMatchObject({ value: 0, n: 3 });
    expect(r.ci!.low).toBeCloseTo(0, 12);
  });
});

// Written because mutants of the strata survived: the refusals' messages, ties across the upper
// boundary and across both, fewer than two values, and the noun the warning uses.
describe('strata: boundaries and refusals', () => {
  it('names ties across the medium/high boundary, and across both at once', () => {
    expect(strataTieWarning([1, 2, 3, 4, 5, 6, 7, 7])).toBeUndefined();
    expect(strataTieWarning([1, 2, 3, 4, 5, 6, 6, 7])).toBe('2 tied at 6 across the medium/high boundary: which side each falls on follows the listing order (earlier = more certain), not a difference in certainty');
    expect(strataTieWarning([1, 2, 2, 3, 4, 5, 5, 6], 'rewrites')).toBe(
      '2 tied at 2 across the low/medium boundary; 2 tied at 5 across the medium/high boundary: which side each falls on follows the listing order (earlier = more certain), not a difference in certainty',
    );
    expect(strataTieWarning([3, 3, 3], 'texts')).toBe('all 3 texts are tied (equal certainty): the ranking orders nothing, and their strata follow the listing order (earlier = more certain)');
    expect(strataTieWarning([4])).toBeUndefined();
    // two values: tied, the warning; different, none (a mutant that skipped n = 2 survived)
    expect(strataTieWarning([1, 1])).toBe('all 2 sources are tied (equal certainty): the ranking orders nothing, and their strata follow the listing order (earlier = more certain)');
    expect(strataTieWarning([1, 2])).toBeUndefined();
    expect(strataTieWarning([])).toBeUndefined();
    // three of one value across the low/medium boundary: all three counted
    expect(strataTieWarning([2, 2, 2, 3, 4, 5, 6, 7])).toBe('3 tied at 2 across the low/medium boundary: which side each falls on follows the listing order (earlier = more certain), not a difference in certainty');
  });
  it('sizes and strata at the smallest n, and the refusals name the bad value', () => {
    expect(stratumSizes(0)).toEqual({ low: 0, medium: 0, high: 0 });
    expect(stratumSizes(3)).toEqual({ low: 1, medium: 1, high: 1 });
    expect(stratumSizes(5)).toEqual({ low: 2, medium: 1, high: 2 });
    expect(assignStrata([0.2, 0.9, 0.5])).toEqual(['low', 'high', 'medium']);
    expect(assignStrata([])).toEqual([]);
    expect(() => stratumSizes(-1)).toThrow('stratumSizes: n must be a non-negative integer, got -1');
    expect(() => stratumSizes(2.5)).toThrow('stratumSizes: n must be a non-negative integer, got 2.5');
    expect(() => assignStrata([1, Number.NaN])).toThrow('assignStrata: value 1 is not a finite number (NaN)');
    expect(() => assignStrata([Number.POSITIVE_INFINITY])).toThrow('assignStrata: value 0 is not a finite number (Infinity)');
  });
});

// Written because mutants of metrics.ts survived: R's label when none is given (the default label
// replaced by ""), the labels without a suffix (the default suffix replaced by a word), and a run
// with nothing dropped giving exactly the eight metrics (an element put where dropped_rate is left out).
describe('cdMetrics and inflationRatio: the defaults', () => {
  it('R keeps its own label when called alone', () => {
    expect(inflationRatio(3, 2).label).toBe('R (inflation / deflation, CD↑ / CD↓)');
    expect(inflationRatio(0, 0).label).toBe('R (inflation / deflation, CD↑ / CD↓)');
  });
  it('no suffix: the labels are the bare names; nothing dropped: exactly the eight metrics', () => {
    const ms = cdMetrics(LABELS);
    expect(ms.map((m) => m.label)).toEqual([
      'CD (certainty distortion, eq. 2)',
      'CD↑ (certainty increased)',
      'CD↓ (certainty decreased)',
      'no clear difference',
      'R (inflation / deflation, CD↑ / CD↓)',
      'inconsistent across orders (reported separately)',
      'unreadable judge answer',
      'mean canonical score (−2..2, >0 = rewrite more certain)',
    ]);
    expect(ms.map((m) => m.name)).toEqual(['cd', 'cd_up', 'cd_down', 'tie_rate', 'ratio', 'inconsistent_rate', 'invalid_rate', 'mean_score']);
  });
});
