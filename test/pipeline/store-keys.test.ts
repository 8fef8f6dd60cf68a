import { describe, expect, it } from 'vitest';
import type { AnyProbe } from '../../src/probes/manifest.js';
import { batchStateKey, cellKey, costStoreKey, inputKey, outputKey, outputKeyParts, outputStoreKey } from '../../src/pipeline/store-keys.js';

// The keys are the store's format: a run stored by an earlier version resumes only while each of
// these strings stays exactly as it is, so they are pinned here character for character.

/** A probe measuring seed 000's shared summary, and one with its own generation keyed by its options. */
const summaryProbe = { name: 'framing' } as unknown as AnyProbe;
const ownTaskProbe = { name: 'position', output: { from: 'task', key: (o: Record<string, unknown>) => JSON.stringify([o.style, o.seed]) } } as unknown as AnyProbe;
const asksModelProbe = { name: 'hallucination', output: { from: 'asks-model' } } as unknown as AnyProbe;

describe('store keys', () => {
  it('cells: model|dataset|probe under the baseline (the key from before conditions), the condition appended otherwise', () => {
    expect(cellKey('openai:gpt-4o', 'news', 'framing')).toBe('openai:gpt-4o|news|framing');
    expect(cellKey('openai:gpt-4o', 'news', 'framing', 'baseline')).toBe('openai:gpt-4o|news|framing');
    expect(cellKey('openai:gpt-4o', 'news', 'framing', 'cot{"k":1}')).toBe('openai:gpt-4o|news|framing|cot{"k":1}');
  });

  it("outputs: seed 000's summary shared per model and dataset, a probe's own generation keyed by its options, the condition appended", () => {
    expect(outputKey('m', 'd')).toBe('m|d');
    expect(outputStoreKey('m', 'd', summaryProbe, {}, 'baseline')).toBe('m|d');
    expect(outputStoreKey('m', 'd', summaryProbe, {}, 'self-awareness')).toBe('m|d|self-awareness');
    expect(outputStoreKey('m', 'd', ownTaskProbe, { style: 'plain', seed: 7 }, 'baseline')).toBe('m|d|position:["plain",7]');
    expect(outputStoreKey('m', 'd', ownTaskProbe, { style: 'plain', seed: 7 }, 'cot')).toBe('m|d|position:["plain",7]|cot');
    // a probe that asks the model keeps no generation of its own: the shared key
    expect(outputStoreKey('m', 'd', asksModelProbe, {}, 'baseline')).toBe('m|d');
  });

  it("costs: under the output measured (paid once, shared by the probes measuring it); a probe that asks the model under its cell", () => {
    expect(costStoreKey('m|d|framing', summaryProbe, 'm|d')).toBe('m|d');
    expect(costStoreKey('m|d|position', ownTaskProbe, 'm|d|position:["plain",7]')).toBe('m|d|position:["plain",7]');
    expect(costStoreKey('m|d|hallucination', asksModelProbe, 'm|d')).toBe('m|d|hallucination');
  });

  it('records as read: per dataset, or per model for recorded outputs', () => {
    expect(inputKey('news')).toBe('#input|news');
    expect(inputKey('news', 'm')).toBe('#input|m|news');
  });

  it("Batch API state: under the run and the output key; the run's prefix with an empty key", () => {
    expect(batchStateKey('2026-11-22T18-05-03-ab12', 'm|d')).toBe('openai-batch:2026-11-22T18-05-03-ab12|m|d');
    expect(batchStateKey('r1', '')).toBe('openai-batch:r1|');
    expect(batchStateKey('r1', 'm|d').startsWith(batchStateKey('r1', ''))).toBe(true);
  });

  it('an output key read back into model, dataset and generation', () => {
    expect(outputKeyParts('m|d')).toEqual({ model: 'm', dataset: 'd', generation: undefined });
    expect(outputKeyParts(outputStoreKey('m', 'd', ownTaskProbe, { style: 's', seed: 1 }, 'baseline'))).toEqual({ model: 'm', dataset: 'd', generation: 'position:["s",1]' });
  });
});
