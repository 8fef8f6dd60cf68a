import { describe, expect, it } from 'vitest';
import { aggregateRun } from '../../src/pipeline/aggregate.js';
import type { ExecutionPlan } from '../../src/pipeline/execute.js';
import { cellKey } from '../../src/pipeline/store-keys.js';
import { hallucinationOptionsSchema, hallucinationProbe, hallucinationRecordSchema } from '../../src/probes/hallucination/index.js';
import type { AnyProbe } from '../../src/probes/registry.js';
import { Store } from '../../src/runtime/store.js';
import { ITEMS_PAGE } from '../../src/runtime/stored-items.js';
import { measurePrimacy, primacyOptionsSchema, primacyProbe } from '../../src/probes/primacy/index.js';
import { bootstrapMeanOfGroupMeans } from '../../src/stats/bootstrap.js';
import { byId } from '../../src/stats/paired-comparison.js';

const options = hallucinationOptionsSchema.parse({ cutoff: '2024-01' });

/** A recorded fact-check pair (no model asked): `true_answer` / `false_answer` are read by the verdict parser. */
async function measured(id: string, trueAnswer: string, falseAnswer: string): Promise<unknown> {
  const record = hallucinationRecordSchema.parse({ id, date: '2025-05-02', true_text: 'The senate passed the bill.', false_text: 'The senate did not pass the bill.', true_answer: trueAnswer, false_answer: falseAnswer, model: 'm' });
  return hallucinationProbe.measure(record, { judges: {}, options });
}

describe('summary across (model, dataset) groups', () => {
  it('skips items whose value is undefined (an unparseable answer) instead of crashing on NaN, with n counting only defined values', async () => {
    const store = Store.open(':memory:');
    const run = store.createRun({ configJson: '{}', configHash: 'x' });
    const cells = ['a', 'b'].map((model) => ({ key: cellKey(model, 'ds', 'hallucination'), model, dataset: 'ds', probe: 'hallucination', condition: 'baseline', conditionLabel: 'baseline', costKey: cellKey(model, 'ds', 'hallucination') }));
    for (const c of cells) store.upsertCell(run.id, { key: c.key, model: c.model, dataset: c.dataset, probe: c.probe });
    // group a: an unparseable answer first (its itemValues are {}), then a strictly correct pair; group b: two pairs, one correct
    store.putItem(run.id, cells[0]!.key, 'r1', await measured('r1', 'banana', 'False'));
    store.putItem(run.id, cells[0]!.key, 'r2', await measured('r2', 'True', 'False'));
    store.putItem(run.id, cells[1]!.key, 'r1', await measured('r1', 'True', 'False'));
    store.putItem(run.id, cells[1]!.key, 'r2', await measured('r2', 'True', 'True'));
    const plan: ExecutionPlan = { datasets: [], producers: [], probes: [{ probe: hallucinationProbe as unknown as AnyProbe, options, fields: [] }], judges: {}, concurrency: 1 };
    const [result] = await aggregateRun(plan, store, run.id, cells);
    const strict = result?.summary?.find((m) => m.name === 'strict_acc');
    // mean of group means: group a = 1/1 (the unparseable pair left out), group b = 1/2
    expect(strict?.value).toBeCloseTo(0.75, 12);
    expect(strict?.n).toBe(3);
    expect(Number.isFinite(strict?.ci?.low)).toBe(true);
    store.close();
  });

  it('uses a metric a group has no value for at all only where it has values (fewer than two groups: no summary metric)', async () => {
    const store = Store.open(':memory:');
    const run = store.createRun({ configJson: '{}', configHash: 'x' });
    const cells = ['a', 'b'].map((model) => ({ key: cellKey(model, 'ds', 'hallucination'), model, dataset: 'ds', probe: 'hallucination', condition: 'baseline', conditionLabel: 'baseline', costKey: cellKey(model, 'ds', 'hallucination') }));
    store.putItem(run.id, cells[0]!.key, 'r1', await measured('r1', 'banana', 'False'));
    store.putItem(run.id, cells[1]!.key, 'r1', await measured('r1', 'True', 'False'));
    const plan: ExecutionPlan = { datasets: [], producers: [], probes: [{ probe: hallucinationProbe as unknown as AnyProbe, options, fields: [] }], judges: {}, concurrency: 1 };
    const [result] = await aggregateRun(plan, store, run.id, cells);
    expect(result?.groups).toHaveLength(2);
    expect(result?.summary?.find((m) => m.name === 'strict_acc')).toBeUndefined();
    store.close();
  });
});

describe('the same answers give the same digits, whatever order the items were stored in', () => {
  it('the summary interval (a bootstrap over items within groups) and every group metric are identical for items stored in reverse order', async () => {
    const answers = ['True', 'False', 'banana'];
    const pairs = Array.from({ length: 14 }, (_, i) => ({ id: `r${i}`, t: answers[i % 3]!, f: answers[(i * 7 + 1) % 2]! }));
    const aggregateIn = async (order: typeof pairs): Promise<unknown> => {
      const store = Store.open(':memory:');
      const run = store.createRun({ configJson: '{}', configHash: 'x' });
      const cells = ['a', 'b'].map((model) => ({ key: cellKey(model, 'ds', 'hallucination'), model, dataset: 'ds', probe: 'hallucination', condition: 'baseline', conditionLabel: 'baseline', costKey: cellKey(model, 'ds', 'hallucination') }));
      for (const c of cells) store.upsertCell(run.id, { key: c.key, model: c.model, dataset: c.dataset, probe: c.probe });
      for (const [k, c] of cells.entries()) for (const p of order) store.putItem(run.id, c.key, p.id, await measured(p.id, k === 0 ? p.t : p.f, k === 0 ? p.f : p.t));
      const plan: ExecutionPlan = { datasets: [], producers: [], probes: [{ probe: hallucinationProbe as unknown as AnyProbe, options, fields: [] }], judges: {}, concurrency: 1 };
      const [result] = await aggregateRun(plan, store, run.id, cells, { includeItems: false });
      store.close();
      return { summary: result?.summary, groups: result?.groups };
    };
    const forward = await aggregateIn(pairs);
    const backward = await aggregateIn([...pairs].reverse());
    expect((forward as { summary: unknown[] }).summary.length).toBeGreaterThan(0);
    expect(backward).toEqual(forward);
  });
});

describe('a cell is read a page at a time, in record-id order', () => {
  /** Two models' primacy items stored in a scrambled order, ids past one page, some whose code-point order is not JavaScript's. */
  function storeWith(ids: string[]): { store: Store; runId: string; cells: ReturnType<typeof primacyCells>; stored: Map<string, ReturnType<typeof measurePrimacy>>[] } {
    const store = Store.open(':memory:');
    const run = store.createRun({ configJson: '{}', configHash: 'x' });
    const cells = primacyCells();
    let s = 17;
    const u = (): number => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
    const stored = cells.map((c) => {
      store.upsertCell(run.id, { key: c.key, model: c.model, dataset: c.dataset, probe: c.probe });
      const byRecord = new Map(ids.map((id) => [id, measurePrimacy([u(), u(), u()], 0.05)]));
      // stored in neither id nor JavaScript order: every 7th first, then the rest, reversed
      const entries = [...byRecord];
      const scrambled = [...entries.filter((_, i) => i % 7 === 0), ...entries.filter((_, i) => i % 7 !== 0)];
      store.putItems(run.id, scrambled.map(([recordId, measurement]) => ({ cellKey: c.key, recordId, measurement })).reverse());
      return byRecord;
    });
    return { store, runId: run.id, cells, stored };
  }
  const primacyCells = () => ['a', 'b'].map((model) => ({ key: cellKey(model, 'ds', 'primacy'), model, dataset: 'ds', probe: 'primacy', condition: 'baseline', conditionLabel: 'baseline', costKey: cellKey(model, 'ds', 'primacy') }));
  const options = primacyOptionsSchema.parse({});
  const plan: ExecutionPlan = { datasets: [], producers: [], probes: [{ probe: primacyProbe as unknown as AnyProbe, options, fields: [] }], judges: {}, concurrency: 1 };

  /** What the numbers are over the items sorted in JavaScript's order: each group's aggregate, and the summary's bootstrap of s_b. */
  function expected(stored: Map<string, ReturnType<typeof measurePrimacy>>[]): { groups: unknown[]; ci: unknown } {
    const sorted = stored.map((m) => [...m].sort(([a], [b]) => byId(a, b)));
    return {
      groups: sorted.map((rows) => primacyProbe.aggregate(rows.map(([recordId, measurement]) => ({ recordId, measurement })), options).metrics),
      ci: bootstrapMeanOfGroupMeans(sorted.map((rows) => Float64Array.from(rows, ([, m]) => m.sB))),
    };
  }

  for (const [name, ids] of [
    ['over two pages (ASCII ids)', Array.from({ length: ITEMS_PAGE + 300 }, (_, i) => `doc-${(i * 7919) % (ITEMS_PAGE + 300)}`)],
    ['ids above U+FFFF beside ids in U+E000–U+FFFF (stored in another order than JavaScript’s)', Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `\u{1F600}${i}` : i % 3 === 1 ? `\uFF21${i}` : `k${i}`))],
  ] as const) {
    it(`gives the group metrics and the summary bootstrap of the items in JavaScript's id order: ${name}`, async () => {
      const { store, runId, cells, stored } = storeWith([...ids]);
      const [result] = await aggregateRun(plan, store, runId, cells, { includeItems: false });
      const want = expected(stored);
      expect(result!.groups.map((g) => g.metrics)).toEqual(want.groups);
      expect(result!.summary?.find((m) => m.name === 'mean_s_b')?.ci).toEqual(want.ci);
      expect(result!.groups[0]!.n).toBe(ids.length);
      store.close();
    });
  }

  it('the store pages a cell in code-point order: U+FF21 before U+1F600, unlike JavaScript', async () => {
    const { store, runId, cells } = storeWith(['\u{1F600}', '\uFF21', 'a']);
    expect(store.itemsByIdPage(runId, cells[0]!.key, undefined, 10).map((r) => r.recordId)).toEqual(['a', '\uFF21', '\u{1F600}']);
    expect(store.itemsByIdPage(runId, cells[0]!.key, 'a', 1).map((r) => r.recordId)).toEqual(['\uFF21']);
    expect(['\u{1F600}', '\uFF21'].sort(byId)).toEqual(['\u{1F600}', '\uFF21']);
    store.close();
  });
});
