import { describe, expect, it } from 'vitest';
import { aggregateCertainty, strataOf, type AggregateItem } from '../../../src/probes/certainty/aggregate.js';

const get = (ms: { name: string }[], name: string) => {
  const m = ms.find((x) => x.name === name);
  if (!m) throw new Error(`no metric ${name}`);
  return m;
};

// Written because mutants of aggregate.ts survived; each test names the mutants it kills. The
// numbers are counts over the fixture, worked by hand in the comments.
describe('aggregateCertainty: strata only for the items that carry a source certainty', () => {
  it('no item carries one: no strata, no per-stratum metric, one table row (kills the filter of items with a value made `items` or `true`, and the `return null` skipped)', () => {
    expect(strataOf([{ label: 1 }, { label: 0 }])).toBeNull();
    const out = aggregateCertainty([{ label: 1 }, { label: 0 }, { label: -1 }]);
    expect(out.metrics.filter((m) => m.name.includes('@'))).toEqual([]);
    expect(out.tables![0]!.rows.map((r) => r[0])).toEqual(['all']);
  });

  it('some items without one: they fall in no stratum, and the strata have one entry per item (kills the number test made `true`, the non-number branch giving an element, and the output array made empty)', () => {
    // four numbers 1..4: 25/50/25 of 4 is 1/2/1, so 1 low, 2 and 3 medium, 4 high
    const items: AggregateItem[] = [
      { label: 1, sourceCertainty: 1 },
      { label: -1 },
      { label: 0, sourceCertainty: 2 },
      { label: 2, sourceCertainty: 3 },
      { label: -2, sourceCertainty: 4 },
      { label: 0 },
    ];
    expect(strataOf(items)).toStrictEqual({ strata: ['low', undefined, 'medium', 'medium', 'high', undefined] });
    const { metrics } = aggregateCertainty(items);
    // low: +1 → CD↑ 1/1; medium: 0, +2 → CD 1/2; high: −2 → CD↓ 1/1; the two items without a value in none
    expect(get(metrics, 'cd_up@low')).toMatchObject({ value: 1, n: 1 });
    expect(get(metrics, 'cd@medium')).toMatchObject({ value: 0.5, n: 2 });
    expect(get(metrics, 'cd_down@high')).toMatchObject({ value: 1, n: 1 });
    expect(get(metrics, 'n_items')).toMatchObject({ value: 6, n: 6 });
  });
});

describe('aggregateCertainty: the denominator reaches every rate, the strata too', () => {
  it("denominator 'all': CD over every item (kills `opts.denominator ?? 'consistent'` made `&&`, and `{ denominator }` made `{}`)", () => {
    // labels +2 +1 0 0 −1 inconsistent 0 +1 with certainties .1 .2 .5 .6 .9 .95 .4 .45
    // all 8: up 3, down 1 → CD 4/8; consistent 7: CD 4/7. high (.9, .95): −1 and inconsistent → CD 1/2 over all, 1/1 over the consistent
    const items: AggregateItem[] = [
      { label: 2, sourceCertainty: 0.1 },
      { label: 1, sourceCertainty: 0.2 },
      { label: 0, sourceCertainty: 0.5 },
      { label: 0, sourceCertainty: 0.6 },
      { label: -1, sourceCertainty: 0.9 },
      { label: 'inconsistent', sourceCertainty: 0.95 },
      { label: 0, sourceCertainty: 0.4 },
      { label: 1, sourceCertainty: 0.45 },
    ];
    const all = aggregateCertainty(items, { denominator: 'all' }).metrics;
    expect(get(all, 'cd')).toMatchObject({ value: 0.5, n: 8 });
    expect(get(all, 'cd@high')).toMatchObject({ value: 0.5, n: 2 });
    expect(get(all, 'tie_rate@high')).toMatchObject({ value: 0, n: 2 });
    const consistent = aggregateCertainty(items).metrics;
    expect(get(consistent, 'cd')).toMatchObject({ value: 4 / 7, n: 7 });
    expect(get(consistent, 'cd@high')).toMatchObject({ value: 1, n: 1 });
  });
});

describe('aggregateCertainty: labels and titles', () => {
  it("the moderator's metrics, the item count and the labels table say what they count (kills each label made \"\")", () => {
    const items: AggregateItem[] = [
      { label: 0, judgeLabel: 'inconsistent', moderator: 0 },
      { label: 1, judgeLabel: 1 },
    ];
    const { metrics, tables } = aggregateCertainty(items, { moderated: true });
    expect(get(metrics, 'n_items')).toMatchObject({ label: 'items', kind: 'count' });
    expect(metrics.filter((m) => m.name.includes('moderator')).map((m) => [m.name, m.label])).toEqual([
      ['inconsistent_before_moderator', "inconsistent across orders, the judge's labels before the moderator (App. D.1)"],
      ['inconsistent_after_moderator', 'inconsistent across orders after the moderator (App. D.1)'],
      ['moderator_reviewed', 'items the moderator reviewed'],
      ['moderator_tie', 'reviewed items resolved as a tie'],
      ['moderator_down', 'reviewed items resolved as a decrease in certainty'],
      ['moderator_up', 'reviewed items resolved as an increase in certainty'],
      ['moderator_unresolved', 'reviewed items the moderator left inconsistent'],
      ['moderator_invalid', 'reviewed items with an unreadable moderator answer'],
    ]);
    expect(tables![0]!.title).toBe(
      "Judge labels (−2 = original clearly more certain … +2 = rewrite clearly more certain), counts; dropped = the source's main finding has no counterpart in the rewrite (document level)",
    );
  });
});
