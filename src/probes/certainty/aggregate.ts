/**
 * Aggregation of certainty measurements: the overall metrics, the breakdown by source-certainty
 * stratum (25/50/25 by rank when sources carry numeric certainty, or given strata), preservation
 * means, and tables of the label distribution.
 */
import { UserError } from '../../core/errors.js';
import type { Metric } from '../../core/types.js';
import { meanMetric } from '../../stats/mean.js';
import { proportionMetric } from '../../stats/proportion.js';
import type { GroupResult, ResultTable } from '../types.js';
import { cdMetrics, countLabels, type Denominator, type ItemLabel } from './metrics.js';
import { assignStrata, STRATA, strataTieWarning, type Stratum } from './strata.js';

export interface AggregateItem {
  label: ItemLabel;
  /** App. D.1: the judge's label before a moderator reviewed it (absent: no moderator configured) */
  judgeLabel?: ItemLabel;
  /** the moderator's label, when it reviewed the item (the judge's two orders disagreed) */
  moderator?: ItemLabel;
  sourceCertainty?: number | Stratum;
  /** the source's place in the run's certainty ranking (1 = most certain): orders tied strengths */
  rank?: number;
  wed?: number;
  cosine?: number;
}

/**
 * Stratum of each item, or null when no item carries source certainty. Mixed kinds are an error.
 * Numeric certainties are split 25/50/25 (strata.ts); tied values are ordered by the ranking's rank
 * when the items carry one (so the strata agree with the ranking table), else by the items' order,
 * and `warning` says when the strata rest on that order rather than on certainty.
 */
export function strataOf(items: readonly AggregateItem[]): { strata: (Stratum | undefined)[]; warning?: string } | null {
  const withValue = items.filter((i) => i.sourceCertainty !== undefined);
  if (withValue.length === 0) return null;
  const numeric = withValue.filter((i) => typeof i.sourceCertainty === 'number');
  if (numeric.length > 0 && numeric.length < withValue.length) {
    throw new UserError('certainty: sourceCertainty mixes numbers and stratum names (low/medium/high); use one kind per file');
  }
  if (numeric.length === 0) return { strata: items.map((i) => i.sourceCertainty as Stratum | undefined) };
  const idx = items.flatMap((it, k) => (typeof it.sourceCertainty === 'number' ? [k] : []));
  if (idx.every((k) => items[k]!.rank !== undefined)) idx.sort((a, b) => items[a]!.rank! - items[b]!.rank! || a - b);
  const vals = idx.map((k) => items[k]!.sourceCertainty as number);
  const s = assignStrata(vals);
  const out = new Array<Stratum | undefined>(items.length).fill(undefined);
  idx.forEach((k, r) => {
    out[k] = s[r];
  });
  const warning = strataTieWarning(vals);
  return warning ? { strata: out, warning: `source-certainty strata: ${warning}` } : { strata: out };
}

/**
 * Seed 004 App. D.1: the judge's inconsistency across the two orders before the moderator reviewed
 * it and after, and how the reviewed items came out (a tie, a decrease, an increase, still
 * inconsistent, or an unreadable answer), as shares of the items it reviewed.
 */
function moderatorMetrics(items: readonly AggregateItem[]): Metric[] {
  const before = items.filter((i) => i.judgeLabel === 'inconsistent').length;
  const after = items.filter((i) => i.label === 'inconsistent').length;
  const reviewed = items.flatMap((i) => (i.moderator !== undefined ? [i.moderator] : []));
  const share = (f: (l: ItemLabel) => boolean): number => reviewed.filter(f).length;
  return [
    proportionMetric('inconsistent_before_moderator', "inconsistent across orders, the judge's labels before the moderator (App. D.1)", before, items.length),
    proportionMetric('inconsistent_after_moderator', 'inconsistent across orders after the moderator (App. D.1)', after, items.length),
    { name: 'moderator_reviewed', label: 'items the moderator reviewed', value: reviewed.length, n: reviewed.length, kind: 'count' },
    proportionMetric('moderator_tie', 'reviewed items resolved as a tie', share((l) => l === 0), reviewed.length),
    proportionMetric('moderator_down', 'reviewed items resolved as a decrease in certainty', share((l) => typeof l === 'number' && l < 0), reviewed.length),
    proportionMetric('moderator_up', 'reviewed items resolved as an increase in certainty', share((l) => typeof l === 'number' && l > 0), reviewed.length),
    proportionMetric('moderator_unresolved', 'reviewed items the moderator left inconsistent', share((l) => l === 'inconsistent'), reviewed.length),
    proportionMetric('moderator_invalid', "reviewed items with an unreadable moderator answer", share((l) => l === 'invalid'), reviewed.length),
  ];
}

function distributionTable(rows: { name: string; labels: ItemLabel[] }[]): ResultTable {
  return {
    name: 'labels',
    title: 'Judge labels (−2 = original clearly more certain … +2 = rewrite clearly more certain), counts; dropped = the source\'s main finding has no counterpart in the rewrite (document level)',
    // every item is in exactly one column, so the columns add up to n (nothing left out silently)
    columns: ['group', '−2', '−1', '0', '+1', '+2', 'inconsistent', 'invalid', 'dropped', 'n'],
    rows: rows.map(({ name, labels }) => {
      const c = countLabels(labels);
      return [name, ...c.byScore, c.inconsistent, c.invalid, c.dropped, c.total];
    }),
  };
}

export function aggregateCertainty(items: readonly AggregateItem[], opts: { denominator?: Denominator; moderated?: boolean } = {}): Omit<GroupResult, 'labels'> {
  const denominator = opts.denominator ?? 'consistent';
  const labels = items.map((i) => i.label);
  const metrics: Metric[] = [{ name: 'n_items', label: 'items', value: items.length, n: items.length, kind: 'count' }, ...cdMetrics(labels, { denominator })];
  const tableRows = [{ name: 'all', labels }];
  if (opts.moderated) metrics.push(...moderatorMetrics(items));
  const split = strataOf(items);
  const strata = split?.strata;
  if (strata) {
    for (const s of STRATA) {
      const ls = labels.filter((_, k) => strata[k] === s);
      metrics.push(...cdMetrics(ls, { denominator, suffix: `@${s}`, labelSuffix: ` — ${s} source certainty` }));
      tableRows.push({ name: `${s} source certainty`, labels: ls });
    }
  }
  const wed = items.map((i) => i.wed).filter((v): v is number => v !== undefined);
  // items without a WED are over the word-pair cap (maxWedPairs): said in the label, never silent
  const skipped = items.length - wed.length;
  if (wed.length > 0 || skipped > 0) metrics.push(meanMetric('mean_wed', `word edit distance (lowercased, no punctuation)${skipped > 0 ? `; ${skipped} item(s) over the word-pair cap not counted` : ''}`, wed));
  const cos = items.map((i) => i.cosine).filter((v): v is number => v !== undefined);
  if (cos.length > 0) metrics.push(meanMetric('mean_cosine', 'embedding cosine (original vs rewrite)', cos));
  return { metrics, tables: [distributionTable(tableRows)], ...(split?.warning ? { extra: { strata_warning: split.warning } } : {}) };
}
