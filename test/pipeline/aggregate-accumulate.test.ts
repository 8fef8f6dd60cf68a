/**
 * A run aggregates every built-in probe through its accumulator (Probe.accumulate), a page of
 * items at a time: the groups, and the instruments named with the judges, must be what the probe's
 * aggregate gives over the cell's items in record-id order. Measured on real records, stored in
 * another order than their ids'.
 */
import { describe, expect, it } from 'vitest';
import { aggregateRun } from '../../src/pipeline/aggregate.js';
import type { ExecutionPlan } from '../../src/pipeline/execute.js';
import { cellKey } from '../../src/pipeline/store-keys.js';
import { certaintyOptionsSchema, certaintyProbe } from '../../src/probes/certainty/index.js';
import { positionOptionsSchema, positionProbe } from '../../src/probes/position/index.js';
import type { AnyProbe } from '../../src/probes/registry.js';
import type { Probe } from '../../src/probes/types.js';
import { Store } from '../../src/runtime/store.js';
import { ITEMS_PAGE } from '../../src/runtime/stored-items.js';
import { byId } from '../../src/stats/paired-comparison.js';

const WORDS = 'the results may suggest that treatment clearly reduces risk in most patients and could help'.split(' ');

/** Seeded sentences of the words above. */
function sentences(n: number, seed: number): string[] {
  let s = seed;
  const next = (k: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % k;
  };
  return Array.from({ length: n }, () => {
    const w = Array.from({ length: 5 + next(8) }, () => WORDS[next(WORDS.length)]!).join(' ');
    return `${w.charAt(0).toUpperCase()}${w.slice(1)}.`;
  });
}

/** Each record measured, stored in a cell in reverse id order; the run's groups, and the probe's aggregate over the items sorted by id. */
async function compare<M, O extends Record<string, unknown>>(probe: Probe<{ id: string }, M, O>, options: O, records: { id: string }[]) {
  const store = Store.open(':memory:');
  const run = store.createRun({ configJson: '{}', configHash: 'x' });
  const key = cellKey('m', 'ds', probe.name);
  const cell = { key, model: 'm', dataset: 'ds', probe: probe.name, condition: 'baseline', conditionLabel: 'baseline', costKey: key };
  store.upsertCell(run.id, { key, model: 'm', dataset: 'ds', probe: probe.name });
  const items = [];
  for (const r of records) items.push({ recordId: r.id, measurement: await probe.measure(probe.recordSchema.parse(r), { judges: {}, options }) });
  store.putItems(run.id, [...items].reverse().map((i) => ({ cellKey: key, ...i })));
  let accumulated = 0;
  const counting = { ...probe, accumulate: (o: O) => (accumulated++, probe.accumulate!(o)) };
  const plan: ExecutionPlan = { datasets: [], producers: [], probes: [{ probe: counting as unknown as AnyProbe, options, fields: [] }], judges: {}, concurrency: 1 };
  const [result] = await aggregateRun(plan, store, run.id, [cell], { includeItems: false });
  store.close();
  const sorted = [...items].sort((a, b) => byId(a.recordId, b.recordId));
  return { result: result!, accumulated, whole: probe.aggregate(sorted, options), sorted };
}

describe('a run aggregates each probe through its accumulator', () => {
  it('certainty: the group’s numbers, and the offline comparator named among the judges', async () => {
    const options = certaintyOptionsSchema.parse({});
    const records = Array.from({ length: ITEMS_PAGE + 40 }, (_, i) => {
      const [original, rewrite] = sentences(2, i + 1);
      return { id: `c${(i * 37) % (ITEMS_PAGE + 40)}`, original: original!, rewrite: rewrite!, sourceCertainty: (i * 7) % 11 };
    });
    const { result, accumulated, whole, sorted } = await compare(certaintyProbe, options, records);
    expect(accumulated).toBe(1);
    // the group's metrics, then the rates corrected with the offline comparator's shipped card
    const corrected = certaintyProbe.corrected!(sorted, options, { cardFor: () => undefined });
    expect(corrected.metrics.length).toBe(3);
    expect(result.groups[0]!.metrics).toEqual([...whole.metrics, ...corrected.metrics]);
    expect(result.groups[0]!.tables).toEqual(whole.tables);
    expect(result.groups[0]!.n).toBe(records.length);
    const instruments = certaintyProbe.instruments!(sorted.map((i) => i.measurement), options);
    expect(instruments).toHaveLength(1);
    expect(result.judges.map((j) => j.id)).toContain(instruments[0]!.id);
  });

  it('position: the group’s numbers and its per-article table, naming each article', async () => {
    const options = positionOptionsSchema.parse({ resamples: 100 });
    const records = Array.from({ length: 60 }, (_, i) => {
      const article = sentences(14, i + 100);
      return { id: `p${(i * 13) % 60}`, source: article.join(' '), reference: article.slice(0, 2).join(' '), output: [article[0], article[7]].join(' ') };
    });
    const { result, accumulated, whole } = await compare(positionProbe, options, records);
    expect(accumulated).toBe(1);
    expect(result.groups[0]!.metrics).toEqual(whole.metrics);
    expect(result.groups[0]!.extra).toEqual(whole.extra);
    expect((whole.extra!['perArticle'] as { id: string }[]).map((a) => a.id).slice(0, 3)).toEqual(['p0', 'p1', 'p10']);
  });
});
