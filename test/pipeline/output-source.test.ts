/**
 * Where a cell's output comes from, alone: stored (an earlier run, another probe's cell, the batch
 * phase), generated now (stored with its cost before it is returned), unmeasured (filtered, cut off
 * under `exclude`), or stopped. Real openai-compatible model against the loopback server, real
 * SQLite store and item writer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { planRun } from '../../src/pipeline/plan.js';
import { planUnits } from '../../src/pipeline/units.js';
import { CellBook } from '../../src/pipeline/cell-book.js';
import { ItemWriter } from '../../src/pipeline/item-writer.js';
import { ModelCalls } from '../../src/pipeline/model-calls.js';
import { TaskOutputs, type ProducedOutput } from '../../src/pipeline/output-source.js';
import { WarningLog } from '../../src/pipeline/warnings.js';
import type { TruncatedPolicy } from '../../src/pipeline/unmeasured.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { Store } from '../../src/runtime/store.js';
import { UsageTracker, trackUsage } from '../../src/runtime/usage.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      if (prompt.includes('CUT')) return { text: 'FINAL_SUMMARY: The record opens and', finish: 'length', inputTokens: 12, outputTokens: 8 };
      if (prompt.includes('FILTER')) return { text: '', finish: 'filter', inputTokens: 12, outputTokens: 0 };
      return { text: 'FINAL_SUMMARY: The record opens and closes.', inputTokens: 10, outputTokens: 5 };
    },
  });
});
afterAll(() => server.close());

const record = (id: string, source: string) => ({ id, fields: { source }, location: { file: 'rows', row: 1 } });

async function setup(opts: { truncated?: TruncatedPolicy; signal?: AbortSignal; unit?: boolean } = {}) {
  const config = parseConfig({
    models: [{ id: `openai-compatible:${server.url}/v1#m` }],
    datasets: [{ name: 'd', path: 'rows' }],
    probes: [{ name: 'primacy' }],
  });
  const plan = await planRun(config, { rows: [{ id: 'a', source: 'x' }] });
  const warnings = new WarningLog();
  const unit = planUnits(plan.probes, plan.conditions, plan.template, warnings)[0]!;
  const store = sqliteRunStore(Store.open(':memory:'));
  const runId = (await store.createRun({ configJson: '{}', configHash: 'h' })).id;
  const items = new ItemWriter(store, runId);
  const book = new CellBook(store, runId, { warnings });
  // the run's models record their usage (the run's tracker), which a unit also keeps apart per output
  const planned = plan.producers[0]!;
  const producer = { ...planned, model: trackUsage(planned.model!, new UsageTracker()) };
  const label = producer.label(record('a', 'x'));
  const cell = await book.ensure(producer, label, 'd', unit);
  const produced = opts.unit ? { usage: new UsageTracker(), produced: [] as ProducedOutput[] } : undefined;
  const outputs = new TaskOutputs({ store, runId, items, book, calls: new ModelCalls(2), warnings, truncated: opts.truncated ?? 'measure', signal: opts.signal, ...(produced ? { unit: produced } : {}) });
  outputs.startDataset(undefined, false);
  const get = (id: string, source: string) => outputs.get(producer, label, record(id, source), unit, cell);
  return { store, runId, outputs, cell, get, warnings, produced };
}

describe('TaskOutputs', () => {
  it('generates an output once: stored (as text, with its cost) before it is returned; asked again, it is the stored one', async () => {
    const { store, runId, outputs, cell, get } = await setup();
    const before = server.count();
    const first = await get('a', 'The record opens. It closes.');
    expect(first).toEqual({ from: 'generated', fields: { output: 'The record opens and closes.' }, cached: false });
    expect(await store.getOutput(runId, cell.costKey, 'a')).toMatchObject({ text: 'The record opens and closes.' });
    expect((await store.getCosts(runId, cell.costKey)).get('a')).toMatchObject({ calls: 1, inputTokens: 10, outputTokens: 5 });
    const again = await get('a', 'The record opens. It closes.');
    expect(again).toEqual({ from: 'stored', fields: { output: 'The record opens and closes.' } });
    expect(server.count() - before).toBe(1);
    expect([outputs.generated, outputs.cacheHits]).toEqual([1, 0]);
    await store.close();
  });

  it('an output stored before the records are read (a resumed run, the batch phase) is used without asking; a stored invalid one is unmeasured', async () => {
    const { store, runId, outputs, cell, get } = await setup();
    await store.putOutput(runId, cell.costKey, 'b', { text: 'From the batch.' });
    await store.putOutput(runId, cell.costKey, 'c', { text: '', invalid: 'filtered' });
    // the stored ids are read when a dataset starts
    outputs.startDataset(undefined, false);
    const before = server.count();
    expect(await get('b', 'anything')).toEqual({ from: 'stored', fields: { output: 'From the batch.' } });
    expect(await get('c', 'anything')).toEqual({ from: 'unmeasured', reason: 'filtered' });
    expect(server.count()).toBe(before);
    expect(outputs.generated).toBe(0);
    await store.close();
  });

  it('a filtered answer is stored with its reason and cost and returned unmeasured (counted as generated)', async () => {
    const { store, runId, outputs, cell, get } = await setup();
    const res = await get('f', 'FILTER this record.');
    expect(res.from).toBe('unmeasured');
    const stored = (await store.getOutput(runId, cell.costKey, 'f')) as { invalid?: string };
    expect(stored.invalid).toBe((res as { reason: string }).reason);
    expect((await store.getCosts(runId, cell.costKey)).get('f')).toMatchObject({ calls: 1 });
    expect(outputs.generated).toBe(1);
    await store.close();
  });

  it('an answer cut at the token limit: measured and warned about by default, left out under `exclude`; stored either way with its finish reason', async () => {
    const measured = await setup();
    const m = await measured.get('t', 'CUT this record.');
    expect(m).toMatchObject({ from: 'generated', fields: { output: 'The record opens and' } });
    expect(await measured.store.getOutput(measured.runId, measured.cell.costKey, 't')).toMatchObject({ finishReason: 'length' });
    expect(measured.warnings.list().some((w) => w.message.includes('generation.truncated: exclude leaves them out'))).toBe(true);
    await measured.store.close();
    const excluded = await setup({ truncated: 'exclude' });
    expect(await excluded.get('t', 'CUT this record.')).toEqual({ from: 'unmeasured', reason: 'truncated' });
    expect(await excluded.store.getOutput(excluded.runId, excluded.cell.costKey, 't')).toMatchObject({ finishReason: 'length', invalid: 'truncated' });
    await excluded.store.close();
  });

  it('interrupted: stopped, nothing stored', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const { store, runId, cell, get } = await setup({ signal: ctrl.signal });
    expect(await get('s', 'The record opens. It closes.')).toEqual({ from: 'stopped' });
    expect(await store.getOutput(runId, cell.costKey, 's')).toBeUndefined();
    await store.close();
  });

  it('a distributed run\'s unit lists each output it generated with the usage of getting it', async () => {
    const { store, get, produced, cell } = await setup({ unit: true });
    await get('u', 'The record opens. It closes.');
    expect(produced?.produced).toHaveLength(1);
    expect(produced?.produced[0]).toMatchObject({ key: cell.costKey, recordId: 'u', cached: false });
    expect(Object.values(produced!.produced[0]!.usage)[0]).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    await store.close();
  });
});
