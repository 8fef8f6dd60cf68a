/**
 * Aggregation of certainty measurements: the overall metrics, the breakdown by source-certainty
 * stratum (25/50/25 by rank when sources carry numeric certainty, or given strata), preservation
 * means, and tables of the label distribution.
 */
import { UserError } from '../../core/errors.js';
import type { Metric } from '../../core/types.js';
import { meanMetric } from '../../stats/mean.js';
import type { GroupResult, ResultTable } from '../types.js';
import { cdMetrics, countLabels, type Denominator, type ItemLabel } from './metrics.js';
import { assignStrata, STRATA, type Stratum } from './strata.js';

export interface AggregateItem {
  label: ItemLabel;
  sourceCertainty?: number | Stratum;
  wed?: number;
  cosine?: number;
}

/** Stratum of each item, or null when no item carries source certainty. Mixed kinds are an error. */
export function strataOf(items: readonly AggregateItem[]): (Stratum | undefined)[] | null {
  const withValue = items.filter((i) => i.sourceCertainty !== undefined);
  if (withValue.length === 0) return null;
  const numeric = withValue.filter((i) => typeof i.sourceCertainty === 'number');
  if (numeric.length > 0 && numeric.length < withValue.length) {
    throw new UserError('certainty: sourceCertainty mixes numbers and stratum names (low/medium/high); use one kind per file');
  }
  if (numeric.length === 0) return items.map((i) => i.sourceCertainty as Stratum | undefined);
  const idx: number[] = [];
  const vals: number[] = [];
  items.forEach((it, k) => {
    if (typeof it.sourceCertainty === 'number') {
      idx.push(k);
      vals.push(it.sourceCertainty);
    }
  });
  const s = assignStrata(vals);
  const out = new Array<Stratum | undefined>(items.length).fill(undefined);
  idx.forEach((k, r) => {
    out[k] = s[r];
  });
  return out;
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

export function aggregateCertainty(items: readonly AggregateItem[], opts: { denominator?: Denominator } = {}): Omit<GroupResult, 'labels'> {
  const denominator = opts.denominator ?? 'consistent';
  const labels = items.map((i) => i.label);
  const metrics: Metric[] = [{ name: 'n_items', label: 'items', value: items.length, n: items.length, kind: 'count' }, ...cdMetrics(labels, { denominator })];
  const tableRows = [{ name: 'all', labels }];
  const strata = strataOf(items);
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
  return { metrics, tables: [distributionTable(tableRows)] };
}
