/**
 * The executor's cell bookkeeping alone: cells made once (row stored, done records read) however
 * many records ask at once, their keys, cells of other workers left alone, invalid answers
 * counted once per answer, and the errors a cell records and goes on from. Real SQLite store and
 * a plan made from a config.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { planRun } from '../../src/pipeline/plan.js';
import { planUnits } from '../../src/pipeline/units.js';
import { CellBook } from '../../src/pipeline/cell-book.js';
import { WarningLog } from '../../src/pipeline/warnings.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { Store } from '../../src/runtime/store.js';
import { ResponseTooLargeError } from '../../src/models/http.js';
import { MitigationNotApplicableError } from '../../src/mitigations/types.js';
import { CONTEXT_OVERFLOW_REASON } from '../../src/models/context-overflow.js';

const rows = [
  { id: 'a', source: 'The first record opens here. The middle says little. It ends with a closing line.' },
  { id: 'b', source: 'The second record opens here. Its middle says less. It also ends.' },
];

async function setup(mitigations?: string[]) {
  const config = parseConfig({
    models: [{ id: 'builtin:lead-3' }],
    datasets: [{ name: 'd', path: 'rows' }],
    probes: [{ name: 'framing' }, { name: 'primacy' }],
    ...(mitigations ? { mitigations } : {}),
  });
  const plan = await planRun(config, { rows });
  const warnings = new WarningLog();
  const units = planUnits(plan.probes, plan.conditions, plan.template, warnings);
  const store = sqliteRunStore(Store.open(':memory:'));
  const run = await store.createRun({ configJson: '{}', configHash: 'h' });
  const producer = plan.producers[0]!;
  const record = { id: 'a', fields: rows[0]!, location: { file: 'rows', row: 1 } };
  return { plan, units, store, runId: run.id, warnings, producer, label: producer.label(record) };
}

describe('CellBook', () => {
  it('makes a cell once however many ask at once: one row, its done records read from the store, keys as stored by earlier versions', async () => {
    const { units, store, runId, warnings, producer, label } = await setup();
    const framing = units.find((u) => u.probe.probe.name === 'framing')!;
    // an item measured by an earlier run of the same cell
    await store.putItem(runId, 'builtin:lead-3|d|framing', 'a', { x: 1 });
    let upserts = 0;
    const counted = { ...store, upsertCell: (...args: Parameters<typeof store.upsertCell>) => (upserts++, store.upsertCell(...args)), completedRecordIds: store.completedRecordIds.bind(store), putInvalidOutput: store.putInvalidOutput.bind(store) };
    const book = new CellBook(counted, runId, { warnings });
    const cells = await Promise.all([1, 2, 3].map(() => book.ensure(producer, label, 'd', framing)));
    expect(upserts).toBe(1);
    expect(new Set(cells).size).toBe(1);
    const cell = cells[0]!;
    expect(cell.key).toBe('builtin:lead-3|d|framing');
    // framing measures seed 000's shared summary: its costs live under the output key
    expect(cell.costKey).toBe('builtin:lead-3|d');
    expect([cell.condition, cell.conditionLabel, cell.notApplicable, cell.skipped]).toEqual(['baseline', 'baseline', undefined, undefined]);
    expect((await store.listCells(runId)).map((c) => c.key)).toEqual(['builtin:lead-3|d|framing']);
    expect(book.isDone(cell, 'a')).toBe(true);
    expect(book.isDone(cell, 'b')).toBe(false);
    book.markDone(cell, 'b');
    expect(book.isDone(cell, 'b')).toBe(true);
    expect(book.list()).toEqual([cell]);
    await store.close();
  });

  it('a unit asks the store about its own records only', async () => {
    const { units, store, runId, warnings, producer, label } = await setup();
    for (const id of ['a', 'b']) await store.putItem(runId, 'builtin:lead-3|d|primacy', id, { x: 1 });
    const book = new CellBook(store, runId, { warnings });
    book.restrictTo(['b']);
    const cell = await book.ensure(producer, label, 'd', units.find((u) => u.probe.probe.name === 'primacy')!);
    expect([book.isDone(cell, 'a'), book.isDone(cell, 'b')]).toEqual([false, true]);
    await store.close();
  });

  it('another worker\'s cell is marked skipped, not stored and not listed', async () => {
    const { units, store, runId, warnings, producer, label } = await setup();
    const book = new CellBook(store, runId, { warnings, include: (c) => c.probe === 'primacy' });
    const framing = await book.ensure(producer, label, 'd', units.find((u) => u.probe.probe.name === 'framing')!);
    const primacy = await book.ensure(producer, label, 'd', units.find((u) => u.probe.probe.name === 'primacy')!);
    expect([framing.skipped, primacy.skipped]).toEqual([true, undefined]);
    expect((await store.listCells(runId)).map((c) => c.key)).toEqual(['builtin:lead-3|d|primacy']);
    expect(book.list().map((c) => c.key)).toEqual(['builtin:lead-3|d|primacy']);
    await store.close();
  });

  it('a condition the model cannot run: the cell is made not applicable with the reason, its key carries the condition', async () => {
    const { units, store, runId, warnings, producer, label } = await setup(['cloze-style']);
    const book = new CellBook(store, runId, { warnings });
    const cloze = units.find((u) => u.condition.key === 'cloze-style' && u.probe.probe.name === 'framing')!;
    const cell = await book.ensure(producer, label, 'd', cloze);
    expect(cell.key).toBe('builtin:lead-3|d|framing|cloze-style');
    expect(cell.costKey).toBe('builtin:lead-3|d|cloze-style');
    expect(cell.notApplicable).toMatch(/does not read prompts/);
    await store.close();
  });

  it('an invalid answer is recorded in each cell that reads it and counted once; listed for a coordinator', async () => {
    const { units, store, runId, warnings, producer, label } = await setup();
    const book = new CellBook(store, runId, { warnings, listInvalidAnswers: true });
    const [framing, primacy] = await Promise.all(['framing', 'primacy'].map((p) => book.ensure(producer, label, 'd', units.find((u) => u.probe.probe.name === p)!)));
    await book.recordInvalid(framing!, 'a', 'filtered');
    await book.recordInvalid(primacy!, 'a', 'filtered');
    await book.recordInvalid(primacy!, 'b', 'refused');
    expect(book.invalid).toBe(2);
    expect(book.invalidAnswers).toEqual(['builtin:lead-3|d\u0000a', 'builtin:lead-3|d\u0000b']);
    expect(await store.getInvalidOutputs(runId, framing!.key)).toEqual([{ recordId: 'a', reason: 'filtered' }]);
    expect((await store.getInvalidOutputs(runId, primacy!.key)).map((r) => r.recordId).sort()).toEqual(['a', 'b']);
    expect([book.isDone(framing!, 'a'), book.isDone(framing!, 'b'), book.isDone(primacy!, 'b')]).toEqual([true, false, true]);
    // without a coordinator nothing is listed
    expect(new CellBook(store, runId, { warnings }).invalidAnswers).toBeUndefined();
    await store.close();
  });

  it('records the errors a cell goes on from (not applicable once, too large, longer than the context); any other is the caller\'s', async () => {
    const { units, store, runId, warnings, producer, label } = await setup();
    const book = new CellBook(store, runId, { warnings });
    const cell = await book.ensure(producer, label, 'd', units.find((u) => u.probe.probe.name === 'framing')!);
    expect(await book.recordCellError(cell, 'a', new ResponseTooLargeError('openai', 'http://127.0.0.1:9/v1/chat/completions', 1024))).toBe(true);
    const overflow = Object.assign(new Error('prompt is too long'), { contextOverflow: true });
    expect(await book.recordCellError(cell, 'b', overflow)).toBe(true);
    expect(await store.getInvalidOutputs(runId, cell.key)).toEqual([
      { recordId: 'a', reason: 'answer too large: over 1024 bytes (SLANT_MAX_RESPONSE_BYTES)' },
      { recordId: 'b', reason: CONTEXT_OVERFLOW_REASON },
    ]);
    expect(book.invalid).toBe(2);
    expect(await book.recordCellError(cell, 'a', new MitigationNotApplicableError('prefix too long'))).toBe(true);
    expect(await book.recordCellError(cell, 'b', new MitigationNotApplicableError('prefix too long'))).toBe(true);
    expect(cell.notApplicable).toBe('prefix too long');
    expect(warnings.list().filter((w) => w.message.includes('not applicable on this model: prefix too long'))).toHaveLength(1);
    expect(await book.recordCellError(cell, 'a', new Error('disk on fire'))).toBe(false);
    await store.close();
  });
});
