import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { ItemWriter, offlineOnly } from '../../src/pipeline/item-writer.js';
import { getProbe } from '../../src/probes/registry.js';
import { createFramingJudge } from '../../src/judges/registry.js';
import { TfidfEmbedder } from '../../src/judges/embedders/tfidf-embedder.js';
import type { LanguageModel } from '../../src/models/types.js';

function setup(): { store: Store; runId: string } {
  const store = Store.open(':memory:');
  const runId = store.createRun({ configJson: '{}', configHash: 'h' }).id;
  store.upsertCell(runId, { key: 'c', model: 'm', probe: 'framing', dataset: 'd', options: {} });
  return { store, runId };
}

describe('ItemWriter', () => {
  it('commits deferrable measurements in batches of maxItems, and the rest on flush', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 3, maxDelayMs: 60_000 });
    await w.put('c', 'r1', { v: 1 }, true);
    await w.put('c', 'r2', { v: 2 }, true);
    expect(store.completedRecordIds(runId, 'c').size).toBe(0);
    await w.put('c', 'r3', { v: 3 }, true);
    expect(store.completedRecordIds(runId, 'c').size).toBe(3);
    await w.put('c', 'r4', { v: 4 }, true);
    expect(store.completedRecordIds(runId, 'c').size).toBe(3);
    await w.flush();
    expect([...store.completedRecordIds(runId, 'c')].sort()).toEqual(['r1', 'r2', 'r3', 'r4']);
    store.close();
  });

  it('commits the records as read once their text passes maxChars, however few they are', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 60_000, maxChars: 1000 });
    await w.putInput('input:d', 'r1', { source: 'a'.repeat(400), output: 'b'.repeat(100), n: 12 });
    await w.put('c', 'r1', { v: 1 }, true);
    await w.putInput('input:d', 'r2', { source: 'c'.repeat(400) });
    expect(store.getOutput(runId, 'input:d', 'r1')).toBeUndefined();
    await w.putInput('input:d', 'r3', { source: 'd'.repeat(100) });
    expect(store.getOutput(runId, 'input:d', 'r3')).toEqual({ source: 'd'.repeat(100) });
    expect(store.completedRecordIds(runId, 'c').has('r1')).toBe(true);
    // the count starts again after a commit
    await w.putInput('input:d', 'r4', { source: 'e'.repeat(900) });
    expect(store.getOutput(runId, 'input:d', 'r4')).toBeUndefined();
    await w.flush();
    expect(store.getOutput(runId, 'input:d', 'r4')).toEqual({ source: 'e'.repeat(900) });
    store.close();
  });

  it('commits a measurement that involved a model at once', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 60_000 });
    await w.put('c', 'paid', { v: 1 }, false);
    expect(store.completedRecordIds(runId, 'c').has('paid')).toBe(true);
    store.close();
  });

  it("commits a model's answer and its cost together with the records as read queued before them, settling once stored; the free work queued waits for its batch", async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 60_000 });
    const cost = { calls: 1, inputTokens: 10, outputTokens: 5, wallMs: 50 };
    await w.putInput('input:d', 'r1', { source: 'a' });
    await w.put('c', 'r0', { v: 0 }, true);
    expect(store.getOutput(runId, 'input:d', 'r1')).toBeUndefined();
    const a = w.putPaid('out', 'r1', { text: 'one' }, cost);
    const b = w.putPaid('out', 'r2', { text: 'two' }, cost);
    expect(store.getOutput(runId, 'out', 'r1')).toBeUndefined();
    await Promise.all([a, b]);
    expect(store.getOutput(runId, 'out', 'r1')).toEqual({ text: 'one' });
    expect(store.getOutput(runId, 'out', 'r2')).toEqual({ text: 'two' });
    expect(store.getCosts(runId, 'out').get('r1')).toMatchObject({ calls: 1, inputTokens: 10, outputTokens: 5 });
    expect(store.getOutput(runId, 'input:d', 'r1')).toEqual({ source: 'a' });
    // a measurement by local instruments is free to make again: it waits for its own batch
    expect(store.completedRecordIds(runId, 'c').has('r0')).toBe(false);
    await w.flush();
    expect(store.completedRecordIds(runId, 'c').has('r0')).toBe(true);
    store.close();
  });

  it('commits the free work waiting in one batch once maxItems are waiting, answers committed in between or not', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 3, maxDelayMs: 60_000 });
    const cost = { calls: 1, inputTokens: 1, outputTokens: 1, wallMs: 1 };
    await w.put('c', 'r1', { v: 1 }, true);
    await w.putPaid('out', 'r2', { text: 'two' }, cost);
    await w.putDeferred('#marks|c', 'r1', { m: 1 });
    expect(store.completedRecordIds(runId, 'c').size).toBe(0);
    expect(store.getOutput(runId, '#marks|c', 'r1')).toBeUndefined();
    await w.put('c', 'r2', { v: 2 }, true);
    expect([...store.completedRecordIds(runId, 'c')].sort()).toEqual(['r1', 'r2']);
    expect(store.getOutput(runId, '#marks|c', 'r1')).toEqual({ m: 1 });
    store.close();
  });

  it("in the cost plan's dry pass, holds each answer as the store would give it back until its record ends, and writes neither it, the records as read nor the costs", async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 60_000 }, true);
    await w.putInput('input:d', 'r1', { source: 'a' });
    await w.putPaid('out', 'r1', { text: 'one', score: Number.NaN, gone: undefined }, { calls: 1, inputTokens: 10, outputTokens: 5, wallMs: 50 });
    await w.put('c', 'r1', { v: 1 }, true);
    await w.flush();
    // stored JSON keeps NaN and drops undefined fields
    expect(w.held('out', 'r1')).toEqual({ text: 'one', score: Number.NaN });
    expect(Object.keys(w.held('out', 'r1') as object)).toEqual(['text', 'score']);
    expect(w.held('out', 'r2')).toBeUndefined();
    expect(w.held('other', 'r1')).toBeUndefined();
    expect(store.getOutput(runId, 'out', 'r1')).toBeUndefined();
    expect(store.getOutput(runId, 'input:d', 'r1')).toBeUndefined();
    expect(store.getCosts(runId, 'out').size).toBe(0);
    // a local measurement still goes to the store (the plan measures a cell's first record)
    expect(store.completedRecordIds(runId, 'c').has('r1')).toBe(true);
    w.forget('r1');
    expect(w.held('out', 'r1')).toBeUndefined();
    store.close();
  });

  it('outside the dry pass, holds no answer: it is in the store', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 60_000 });
    await w.putPaid('out', 'r1', { text: 'one' }, { calls: 1, inputTokens: 1, outputTokens: 1, wallMs: 1 });
    expect(w.held('out', 'r1')).toBeUndefined();
    expect(store.getOutput(runId, 'out', 'r1')).toEqual({ text: 'one' });
    store.close();
  });

  it('rejects every waiting answer when their commit fails', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 60_000 });
    const cost = { calls: 1, inputTokens: 1, outputTokens: 1, wallMs: 1 };
    const a = w.putPaid('out', 'r1', { text: 'one' }, cost);
    const b = w.putPaid('out', 'r2', { text: 'two' }, cost);
    store.close();
    await expect(a).rejects.toThrow();
    await expect(b).rejects.toThrow();
  });

  it('flushes a partial batch after maxDelayMs', async () => {
    const { store, runId } = setup();
    const w = new ItemWriter(store, runId, { maxItems: 100, maxDelayMs: 10 });
    await w.put('c', 'r1', { v: 1 }, true);
    await new Promise((r) => setTimeout(r, 50));
    expect(store.completedRecordIds(runId, 'c').has('r1')).toBe(true);
    store.close();
  });
});

describe('offlineOnly', () => {
  const model = { id: 'openai:gpt-4o-mini', provider: 'openai' } as unknown as LanguageModel;

  it('local instruments only: the offline framing judge, TF-IDF', async () => {
    const judges = { framing: await createFramingJudge('offline'), embedder: new TfidfEmbedder() };
    expect(offlineOnly({ probe: getProbe('framing'), options: {}, fields: [] }, judges, false)).toBe(true);
    expect(offlineOnly({ probe: getProbe('primacy'), options: {}, fields: [] }, judges, true)).toBe(true);
  });

  it('an LLM judge, or a probe that asks the model under test, is not', async () => {
    const llmFraming = { id: 'llm-framing:openai:gpt-4o-mini', version: '1', classify: () => Promise.resolve([]) };
    expect(offlineOnly({ probe: getProbe('framing'), options: {}, fields: [] }, { framing: llmFraming as never }, false)).toBe(false);
    expect(offlineOnly({ probe: getProbe('hallucination'), options: {}, fields: [] }, { llm: model }, true)).toBe(false);
  });
});
