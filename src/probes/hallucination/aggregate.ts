import { countExcluded, withExcluded, type Excluded } from '../../core/excluded.js';
import type { Metric } from '../../core/types.js';
import { chiSquareIndependence } from '../../stats/chisquare.js';
import { proportionMetric } from '../../stats/proportion.js';
import type { GroupResult, ResultTable } from '../types.js';
import type { Period } from './cutoffs.js';
import { absInterval, newcombeInterval } from './newcombe.js';
import type { HallucinationMeasurement, HallucinationOptions, ItemVerdict } from './schema.js';

export const PERIODS: readonly Period[] = ['pre', 'post'];

/** Counts behind the accuracies of one set of pairs. */
export interface AccuracyCounts {
  pairs: number;
  /** true items judged True / true items scored */
  actualCorrect: number;
  actualScored: number;
  /** falsified items judged False / falsified items scored */
  falsifiedCorrect: number;
  falsifiedScored: number;
  /** pairs with both members judged correctly / pairs scored (eq. 3) */
  strictCorrect: number;
  strictScored: number;
  /** answers that could not be read (of 2 per pair) */
  unparseable: number;
}

/**
 * Actual-news, falsified-news and strict accuracy (seed 000, eq. 3):
 *   s_H^T(D_j) = (1/|P_j|) Σ_{(x^t, x^f) ∈ P_j} I(ŷ^t ∧ ¬ŷ^f).
 * With unparseable = 'exclude', an unreadable answer leaves its item out of its accuracy and its
 * pair out of P_j; with 'incorrect' it counts as a wrong answer.
 */
export function accuracyCounts(items: readonly HallucinationMeasurement[], unparseable: HallucinationOptions['unparseable']): AccuracyCounts {
  const c: AccuracyCounts = { pairs: items.length, actualCorrect: 0, actualScored: 0, falsifiedCorrect: 0, falsifiedScored: 0, strictCorrect: 0, strictScored: 0, unparseable: 0 };
  const scored = (v: ItemVerdict): boolean => v.verdict !== null || unparseable === 'incorrect';
  for (const m of items) {
    const aOk = m.actual.verdict === true;
    const fOk = m.falsified.verdict === false;
    if (m.actual.verdict === null) c.unparseable++;
    if (m.falsified.verdict === null) c.unparseable++;
    if (scored(m.actual)) {
      c.actualScored++;
      if (aOk) c.actualCorrect++;
    }
    if (scored(m.falsified)) {
      c.falsifiedScored++;
      if (fOk) c.falsifiedCorrect++;
    }
    if (scored(m.actual) && scored(m.falsified)) {
      c.strictScored++;
      if (aOk && fOk) c.strictCorrect++;
    }
  }
  return c;
}

export interface DeltaH {
  /** s_pre − s_post */
  signed: number;
  /** δ_H = |s_pre − s_post| (eq. 4) */
  value: number;
  ciSigned: Metric['ci'];
  ci: Metric['ci'];
  test?: Metric['test'];
}

/** δ_H = |s_H^pre − s_H^post| (seed 000, eq. 4) with Newcombe's interval and a 2×2 chi-square test. */
export function deltaH(pre: AccuracyCounts, post: AccuracyCounts): DeltaH | undefined {
  if (pre.strictScored === 0 || post.strictScored === 0) return undefined;
  const sPre = pre.strictCorrect / pre.strictScored;
  const sPost = post.strictCorrect / post.strictScored;
  const ciSigned = newcombeInterval(pre.strictCorrect, pre.strictScored, post.strictCorrect, post.strictScored);
  const out: DeltaH = { signed: sPre - sPost, value: Math.abs(sPre - sPost), ciSigned, ci: absInterval(ciSigned) };
  const table = [
    [pre.strictCorrect, pre.strictScored - pre.strictCorrect],
    [post.strictCorrect, post.strictScored - post.strictCorrect],
  ];
  const colsNonEmpty = (table[0]?.[0] ?? 0) + (table[1]?.[0] ?? 0) > 0 && (table[0]?.[1] ?? 0) + (table[1]?.[1] ?? 0) > 0;
  if (colsNonEmpty) {
    const chi = chiSquareIndependence(table, { yates: false });
    out.test = { name: 'chi-square 2x2 (strict accuracy, pre vs post)', statistic: chi.statistic, df: chi.df, pValue: chi.pValue, alternative: 'two-sided' };
  }
  return out;
}

const pct = (x: number, n: number): string | null => (n === 0 ? null : `${((100 * x) / n).toFixed(1)}%`);

function confidenceCounts(items: readonly HallucinationMeasurement[], which: 'actual' | 'falsified'): { high: number; low: number; untagged: number } {
  const c = { high: 0, low: 0, untagged: 0 };
  for (const m of items) {
    const v = m[which];
    if (v.confidence === 'high') c.high++;
    else if (v.confidence === 'low') c.low++;
    else c.untagged++;
  }
  return c;
}

/**
 * One group (one model under one strategy): Table 4's accuracies before and after the model's
 * cutoff with Wilson intervals, δ_H (eq. 4), unparseable counts, and Table 6's High/Low confidence
 * shares when answers carry confidence tags.
 */
export function aggregateHallucination(items: readonly HallucinationMeasurement[], options: Pick<HallucinationOptions, 'unparseable'>): Omit<GroupResult, 'labels'> {
  const metrics: Metric[] = [];
  const byPeriod = Object.fromEntries(PERIODS.map((p) => [p, items.filter((m) => m.period === p)])) as Record<Period, HallucinationMeasurement[]>;
  const counts = Object.fromEntries(PERIODS.map((p) => [p, accuracyCounts(byPeriod[p], options.unparseable)])) as Record<Period, AccuracyCounts>;
  const all = accuracyCounts(items, options.unparseable);
  // with 'exclude', an unreadable answer is left out of its accuracy (and its pair out of the strict one): said after n
  const left = (ms: readonly HallucinationMeasurement[], pick: (m: HallucinationMeasurement) => ItemVerdict[]): Excluded | undefined =>
    options.unparseable === 'exclude' ? countExcluded(ms, (m) => { const u = pick(m).find((v) => v.verdict === null); return u ? (u.exclusion ?? 'unreadable') : undefined; }) : undefined;
  const push = (suffix: string, label: string, c: AccuracyCounts, ms: readonly HallucinationMeasurement[]): void => {
    metrics.push(withExcluded(proportionMetric(`actual_acc${suffix}`, `actual news accuracy${label}`, c.actualCorrect, c.actualScored), left(ms, (m) => [m.actual])));
    metrics.push(withExcluded(proportionMetric(`falsified_acc${suffix}`, `falsified news accuracy${label}`, c.falsifiedCorrect, c.falsifiedScored), left(ms, (m) => [m.falsified])));
    metrics.push(withExcluded(proportionMetric(`strict_acc${suffix}`, `strict accuracy s_H${label}`, c.strictCorrect, c.strictScored), left(ms, (m) => [m.actual, m.falsified])));
    metrics.push({ name: `unparseable${suffix}`, label: `unparseable answers${label} (of 2 per pair)`, value: c.unparseable, n: 2 * c.pairs, kind: 'count' });
  };
  for (const p of PERIODS) push(`_${p}`, `, ${p}-cutoff`, counts[p], byPeriod[p]);
  push('', ', all', all, items);

  const extra: Record<string, unknown> = {};
  const d = deltaH(counts.pre, counts.post);
  if (d !== undefined) {
    const n = counts.pre.strictScored + counts.post.strictScored;
    const dm: Metric = { name: 'delta_h', label: 'δ_H = |s_H^pre − s_H^post|', value: d.value, n, kind: 'rate' };
    if (d.ci !== undefined) dm.ci = d.ci;
    if (d.test !== undefined) dm.test = d.test;
    metrics.push(dm);
    const sm: Metric = { name: 'delta_h_signed', label: 's_H^pre − s_H^post', value: d.signed, n, kind: 'statistic' };
    if (d.ciSigned !== undefined) sm.ci = d.ciSigned;
    metrics.push(sm);
  } else {
    extra['delta_h'] = `undefined: ${counts.pre.strictScored} scored pre-cutoff pair(s), ${counts.post.strictScored} post-cutoff`;
  }

  const tables: ResultTable[] = [
    {
      name: 'accuracy',
      title: 'Accuracy on true news and falsified counterparts, before and after the cutoff (seed 000, Table 4)',
      columns: ['period', 'pairs', 'actual news acc.', 'falsified news acc.', 'strict acc. (s_H)', 'unparseable answers'],
      rows: [...PERIODS.map((p) => [p, counts[p]] as const), ['all', all] as const].map(([p, c]) => [
        p,
        c.pairs,
        pct(c.actualCorrect, c.actualScored),
        pct(c.falsifiedCorrect, c.falsifiedScored),
        pct(c.strictCorrect, c.strictScored),
        c.unparseable,
      ]),
    },
  ];

  const tagged = items.some((m) => m.actual.confidence !== null || m.falsified.confidence !== null);
  if (tagged) {
    const rows: (string | number | null)[][] = [];
    for (const p of PERIODS) {
      const a = confidenceCounts(byPeriod[p], 'actual');
      const f = confidenceCounts(byPeriod[p], 'falsified');
      rows.push([p, pct(a.high, a.high + a.low), pct(a.low, a.high + a.low), pct(f.high, f.high + f.low), pct(f.low, f.high + f.low), a.untagged + f.untagged]);
      metrics.push(proportionMetric(`high_conf_actual_${p}`, `share of High confidence, actual news, ${p}-cutoff`, a.high, a.high + a.low));
      metrics.push(proportionMetric(`high_conf_falsified_${p}`, `share of High confidence, falsified news, ${p}-cutoff`, f.high, f.high + f.low));
    }
    tables.push({
      name: 'confidence',
      title: 'Epistemic tagging: confidence levels (seed 000, Table 6); shares of tagged answers',
      columns: ['period', 'actual High', 'actual Low', 'falsified High', 'falsified Low', 'untagged answers'],
      rows,
    });
  }
  const models = [...new Set(items.map((m) => `${m.model} (cutoff ${m.cutoff}, ${m.cutoffSource})`))];
  extra['cutoffs'] = models;
  return { metrics, tables, extra };
}
