import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import type { AnyProbe } from '../../src/probes/manifest.js';
import { asksModel, checkOutput, outputOf, producedFields } from '../../src/probes/output.js';
import { getProbe } from '../../src/probes/registry.js';

describe('where a probe output comes from (Probe.output, one union)', () => {
  it('each built-in probe says it once: summary, its own task, or asking the model under test', () => {
    const from = Object.fromEntries(['framing', 'primacy', 'position', 'wildframe', 'certainty', 'hallucination'].map((n) => [n, outputOf(getProbe(n)).from]));
    expect(from).toEqual({ framing: 'summary', primacy: 'summary', position: 'task', wildframe: 'asks-model', certainty: 'task', hallucination: 'asks-model' });
  });

  it('the fields a run writes before measuring: output for the summary, the task own fields, none when the probe asks the model', () => {
    expect(producedFields(getProbe('framing'))).toEqual(['output']);
    expect(producedFields(getProbe('position'))).toEqual(['output']);
    expect(producedFields(getProbe('certainty'))).toEqual(['rewrite']);
    expect(producedFields(getProbe('hallucination'))).toEqual([]);
    expect(asksModel(getProbe('wildframe'))).toBe(true);
    expect(asksModel(getProbe('certainty'))).toBe(false);
  });

  it('the task of a probe with its own task is the one its options pick (certainty: the rewrite task)', () => {
    const out = outputOf(getProbe('certainty'));
    if (out.from !== 'task') throw new Error('certainty has its own task');
    expect(out.task({ task: 'spiced-news', intervention: 'none', decoding: 'greedy' }).task.kind).toBe('certainty-rewrite');
    expect(out.key({ task: 'spiced-news', intervention: 'none', decoding: 'greedy' })).toBe('spiced-news/none/greedy');
  });

  it('a plugin probe with the replaced members (task, generation, asksModel) or a bad output is refused by name', () => {
    const base = { name: 'mine' } as AnyProbe;
    expect(() => checkOutput({ ...base, asksModel: true } as AnyProbe, 'p.js')).toThrow(UserError);
    expect(() => checkOutput({ ...base, asksModel: true } as AnyProbe, 'p.js')).toThrow(/p\.js: probe "mine" has asksModel; say where its output comes from/);
    expect(() => checkOutput({ ...base, output: { from: 'model' } } as unknown as AnyProbe, 'p.js')).toThrow(/output\.from must be one of summary, task, asks-model \(got "model"\)/);
    expect(() => checkOutput({ ...base, output: { from: 'task', task: () => ({}) } } as unknown as AnyProbe, 'p.js')).toThrow(/produces/);
    expect(() => checkOutput({ ...base, output: { from: 'summary' } } as AnyProbe, 'p.js')).not.toThrow();
    expect(() => checkOutput(base, 'p.js')).not.toThrow();
  });
});
