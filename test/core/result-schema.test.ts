/**
 * The result types have one definition (src/core/result-schema.ts): what a probe's aggregate
 * returns passes it, and the results JSON schema derived from it differs only where JSON must
 * (NaN and ±Infinity written as null) or where older files lack a field (a metric's kind).
 */
import { describe, expect, it } from 'vitest';
import { groupResultSchema, metricSchema as coreMetric } from '../../src/core/result-schema.js';
import { metricSchema as jsonMetric, groupSchema } from '../../src/results/schema.js';
import { hallucinationOptionsSchema, hallucinationProbe, hallucinationRecordSchema } from '../../src/probes/hallucination/index.js';

describe('result schemas', () => {
  it('a probe\'s aggregate is a group result as the core schema defines it, and its metrics are valid JSON metrics', async () => {
    const options = hallucinationOptionsSchema.parse({ cutoff: '2024-01' });
    const records = [
      ['a', '2023-05-02', 'True', 'False'],
      ['b', '2025-05-02', 'True', 'True'],
      ['c', '2025-06-02', 'False', 'False'],
    ] as const;
    const items = await Promise.all(
      records.map(async ([id, date, t, f]) => ({
        recordId: id,
        measurement: await hallucinationProbe.measure(hallucinationRecordSchema.parse({ id, date, true_text: 'The senate passed the bill.', false_text: 'The senate did not pass the bill.', true_answer: t, false_answer: f, model: 'm' }), { judges: {}, options }),
      })),
    );
    const group = { labels: { model: 'm', dataset: 'd' }, ...hallucinationProbe.aggregate(items, options) };
    expect(groupResultSchema.safeParse(group).success).toBe(true);
    expect(group.metrics.length).toBeGreaterThan(0);
    for (const m of group.metrics) expect(jsonMetric.safeParse(JSON.parse(JSON.stringify(m))).success).toBe(true);
  });

  it('the JSON form takes null where a number was not finite and a metric without a kind (older files); the core form does not', () => {
    const written = { name: 'x', label: 'x', value: null, n: 0, ci: { low: null, high: null, level: 0.95, method: 'wilson' }, test: { name: 't', statistic: null, pValue: null } };
    expect(jsonMetric.safeParse(written).success).toBe(true);
    expect(coreMetric.safeParse(written).success).toBe(false);
    expect(coreMetric.safeParse({ ...written, kind: 'rate', ci: undefined, test: undefined }).success).toBe(true);
    // a negative n or a zero exclusion count is refused by both
    for (const s of [coreMetric, jsonMetric]) {
      expect(s.safeParse({ name: 'x', label: 'x', value: 1, n: -1, kind: 'mean' }).success).toBe(false);
      expect(s.safeParse({ name: 'x', label: 'x', value: 1, n: 1, kind: 'mean', excluded: { unreadable: 0 } }).success).toBe(false);
    }
  });

  it('a results group is the core group with the run\'s counts, its fields in the order results.json writes them', () => {
    expect(Object.keys(groupSchema.shape)).toEqual(['labels', 'n', 'notApplicable', 'approximated', 'metrics', 'tables', 'extra', 'invalid', 'truncated']);
    expect(Object.keys(jsonMetric.shape)).toEqual(Object.keys(coreMetric.shape));
  });
});
