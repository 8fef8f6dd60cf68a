/**
 * Measuring one item, alone: the record checked against the probe's schema (a bad field the model
 * wrote is its answer's fault, recorded; a bad input field is an InputError naming where it was
 * read), the probe run (one that questions the model asks it through the cell's condition, its
 * cost stored), the measurement stored. Real probes, real openai-compatible model against the
 * loopback server, real SQLite store and item writer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { planRun } from '../../src/pipeline/plan.js';
import { planUnits } from '../../src/pipeline/units.js';
import { CellBook } from '../../src/pipeline/cell-book.js';
import { ItemWriter } from '../../src/pipeline/item-writer.js';
import { ModelCalls } from '../../src/pipeline/model-calls.js';
import { ItemMeasurer, invalidReason } from '../../src/pipeline/measure-item.js';
import { WarningLog } from '../../src/pipeline/warnings.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { Store } from '../../src/runtime/store.js';
import { InputError, UserError } from '../../src/core/errors.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => (prompt.includes('FILTERED') ? { text: '', finish: 'filter' } : { text: 'True.', inputTokens: 7, outputTokens: 2 }),
  });
});
afterAll(() => server.close());

async function setup(probes: unknown[], opts: { mitigations?: string[]; signal?: AbortSignal; countOnly?: boolean } = {}) {
  const config = parseConfig({
    models: [{ id: `openai-compatible:${server.url}/v1#m` }],
    datasets: [{ name: 'd', path: 'rows' }],
    probes,
    ...(opts.mitigations ? { mitigations: opts.mitigations } : {}),
  });
  const plan = await planRun(config, { rows: [{ id: 'x', source: 'x', date: '2025-01-01', true_text: 'a', false_text: 'b' }] });
  const warnings = new WarningLog();
  const units = planUnits(plan.probes, plan.conditions, plan.template, warnings);
  const store = sqliteRunStore(Store.open(':memory:'));
  const runId = (await store.createRun({ configJson: '{}', configHash: 'h' })).id;
  const items = new ItemWriter(store, runId);
  const book = new CellBook(store, runId, { warnings });
  const producer = plan.producers[0]!;
  const measurer = new ItemMeasurer({ store, runId, items, book, calls: new ModelCalls(2), judges: plan.judges, warnings, truncated: 'measure', signal: opts.signal, ...(opts.countOnly === true ? { countOnly: true } : {}) });
  const label = producer.label({ id: 'x', fields: {}, location: { file: 'rows', row: 1 } });
  const item = async (unitIndex: number, id: string, fields: Record<string, unknown>, fromModel: Record<string, unknown> = {}) => {
    const unit = units[unitIndex]!;
    const cell = await book.ensure(producer, label, 'd', unit);
    const record = { id, fields, location: { file: 'rows.jsonl', row: 7 } };
    return { cell, run: () => measurer.measure({ cell, unit, producer, label, record, fields: { ...fields, ...fromModel }, fromModel }) };
  };
  return { store, runId, items, book, measurer, item, units };
}

const source = 'The first sentence opens the record. A middle sentence follows it. The last sentence closes the record.';

describe('ItemMeasurer', () => {
  it('measures a record with its generated output and stores the measurement', async () => {
    const { store, runId, items, book, measurer, item } = await setup([{ name: 'primacy' }]);
    const { cell, run } = await item(0, 'r1', { source }, { output: 'The first sentence opens the record.' });
    expect(await run()).toBe('measured');
    await items.flush();
    const stored = await store.getItems(runId, cell.key);
    expect(stored.map((i) => i.recordId)).toEqual(['r1']);
    expect(stored[0]!.measurement).toBeTypeOf('object');
    expect(book.isDone(cell, 'r1')).toBe(true);
    expect(measurer.measured).toBe(1);
    await store.close();
  });

  it("the cost plan's dry pass (countOnly) measures a local probe's first record per cell only; a probe that asks the model is always measured", async () => {
    const { store, runId, items, book, item } = await setup([{ name: 'primacy' }], { countOnly: true });
    const first = await item(0, 'r1', { source }, { output: 'The first sentence opens the record.' });
    expect(await first.run()).toBe('measured');
    // a second record of the same cell is marked done without a measurement
    const second = await item(0, 'r2', { source }, { output: 'The first sentence opens the record.' });
    expect(await second.run()).toBe('measured');
    await items.flush();
    expect((await store.getItems(runId, first.cell.key)).map((i) => i.recordId)).toEqual(['r1']);
    expect([book.isDone(first.cell, 'r1'), book.isDone(first.cell, 'r2')]).toEqual([true, true]);
    // its fields are still checked: a bad field the model wrote is recorded as before
    const empty = await item(0, 'r3', { source }, { output: '' });
    expect(await empty.run()).toBe('recorded');
    await store.close();

    const asks = await setup([{ name: 'hallucination', options: { cutoff: '2024-01' } }], { countOnly: true });
    const before = server.count();
    for (const id of ['h1', 'h2']) expect(await (await asks.item(0, id, { date: '2025-03-01', true_text: 'The council approved the budget.', false_text: 'The council rejected the budget.' })).run()).toBe('measured');
    // two questions per record, both records
    expect(server.count() - before).toBe(4);
    expect(asks.measurer.measured).toBe(2);
    await asks.store.close();
  });

  it('an empty output the model wrote is its answer\'s fault: recorded as invalid, counted, done; nothing measured', async () => {
    const { store, runId, items, book, measurer, item } = await setup([{ name: 'primacy' }]);
    const { cell, run } = await item(0, 'r2', { source }, { output: '' });
    expect(await run()).toBe('recorded');
    await items.flush();
    expect(await store.getInvalidOutputs(runId, cell.key)).toEqual([{ recordId: 'r2', reason: 'empty answer (output)' }]);
    expect(await store.getItems(runId, cell.key)).toEqual([]);
    expect([book.invalid, measurer.measured, book.isDone(cell, 'r2')]).toEqual([1, 0, true]);
    await store.close();
  });

  it('a record missing a field the probe needs is the input\'s fault: an InputError naming the file, row and field', async () => {
    const { store, item } = await setup([{ name: 'primacy' }]);
    const { run } = await item(0, 'r3', {}, { output: 'A summary.' });
    const err = await run().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(String((err as Error).message)).toMatch(/probe primacy/);
    expect((err as InputError).location).toMatchObject({ file: 'rows.jsonl', row: 7, field: 'source' });
    await store.close();
  });

  it('a probe that questions the model asks it (each question a call of the run) and stores the cost under its cell', async () => {
    const { store, runId, items, item } = await setup([{ name: 'hallucination', options: { cutoff: '2024-01' } }]);
    const before = server.count();
    const { cell, run } = await item(0, 'h1', { date: '2025-03-01', true_text: 'The council approved the budget.', false_text: 'The council rejected the budget.' });
    expect(cell.costKey).toBe(cell.key);
    expect(await run()).toBe('measured');
    await items.flush();
    expect(server.count() - before).toBe(2);
    expect((await store.getCosts(runId, cell.key)).get('h1')).toMatchObject({ calls: 2, inputTokens: 14, outputTokens: 4 });
    expect(await store.getItems(runId, cell.key)).toHaveLength(1);
    await store.close();
  });

  it('a filtered answer to the probe\'s question: recorded as invalid with what asking cost', async () => {
    const { store, runId, items, book, item } = await setup([{ name: 'hallucination', options: { cutoff: '2024-01' } }]);
    const { cell, run } = await item(0, 'h2', { date: '2025-03-01', true_text: 'FILTERED item.', false_text: 'Another item.' });
    expect(await run()).toBe('recorded');
    await items.flush();
    expect((await store.getInvalidOutputs(runId, cell.key)).map((r) => r.recordId)).toEqual(['h2']);
    expect((await store.getCosts(runId, cell.key)).get('h2')?.calls).toBeGreaterThanOrEqual(1);
    expect(book.invalid).toBe(1);
    await store.close();
  });

  it('a mitigated cell whose probe read the record\'s recorded answers would equal the baseline: a UserError with the fix', async () => {
    const { store, units, item } = await setup([{ name: 'hallucination', options: { cutoff: '2024-01' } }], { mitigations: ['prompt-calibration'] });
    const mitigated = units.findIndex((u) => u.condition.key === 'prompt-calibration');
    const { run } = await item(mitigated, 'h3', { date: '2025-03-01', true_text: 'a', false_text: 'b', true_answer: 'True', false_answer: 'False' });
    await expect(run()).rejects.toThrow(UserError);
    await expect(run()).rejects.toThrow(/options\.evaluator|prompt-calibration/);
    await store.close();
  });

  it('interrupted while asking: stopped, nothing stored', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const { store, runId, items, item } = await setup([{ name: 'hallucination', options: { cutoff: '2024-01' } }], { signal: ctrl.signal });
    const { cell, run } = await item(0, 'h4', { date: '2025-03-01', true_text: 'a', false_text: 'b' });
    expect(await run()).toBe('stopped');
    await items.flush();
    expect(await store.getItems(runId, cell.key)).toEqual([]);
    expect(await store.getInvalidOutputs(runId, cell.key)).toEqual([]);
    await store.close();
  });
});

describe('invalidReason', () => {
  it('names an empty answer apart from an unusable one', () => {
    expect(invalidReason('output', '', 'too short')).toBe('empty answer (output)');
    expect(invalidReason('labels', [], undefined)).toBe('empty answer (labels)');
    expect(invalidReason('output', null, undefined)).toBe('empty answer (output)');
    expect(invalidReason('score', 'x', 'expected number')).toBe('unusable answer (score: expected number)');
    expect(invalidReason('score', 'x', undefined)).toBe('unusable answer (score: invalid)');
  });
});
