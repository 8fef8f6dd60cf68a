import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../../../src/models/types.js';
import { NO_CAPABILITIES } from '../../../src/models/types.js';
import {
  hallucinationOptionsSchema,
  hallucinationProbe,
  hallucinationRecordSchema,
  periodOf,
  resolveCutoff,
  cutoffLastDay,
  type HallucinationOptions,
} from '../../../src/probes/hallucination/index.js';
import { FACTCHECK_PROMPTS, formatCutoff, parseFactcheckStrategy, renderFactcheckPrompt } from '../../../src/tasks/factcheck-prompts.js';

/** Answers by a rule over the statement; records every request. */
class FakeModel implements LanguageModel {
  readonly provider = 'fake';
  readonly version = '1';
  readonly capabilities = NO_CAPABILITIES;
  readonly requests: GenerateRequest[] = [];
  constructor(readonly id: string, private readonly answer: (statement: string) => string) {}
  async generate(req: GenerateRequest): Promise<GenerateResult> {
    this.requests.push(req);
    const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
    return { text: this.answer(user.replace(/^Statement: /, '')), warnings: [], cached: false };
  }
}

const opts = (o: Record<string, unknown> = {}): HallucinationOptions => hallucinationOptionsSchema.parse(o);
const rec = (o: Record<string, unknown>) => hallucinationRecordSchema.parse({ id: 'r1', date: '2025-05-02', true_text: 'The senate passed the bill.', false_text: 'The senate did not pass the bill.', ...o });

describe('cutoffs', () => {
  it('resolves built-in cutoffs from provider ids, longest key first', () => {
    expect(resolveCutoff('openai:gpt-4o-mini')?.cutoff).toBe('2023-10');
    expect(resolveCutoff('openai:gpt-3.5-turbo-0125')?.cutoff).toBe('2021-09');
    expect(resolveCutoff('ollama:llama3:8b-instruct-q4_0')?.cutoff).toBe('2023-03');
    expect(resolveCutoff('openai-compatible:http://127.0.0.1:8000/v1#meta-llama/Llama-3.2-3B-Instruct')?.cutoff).toBe('2024-10');
    expect(resolveCutoff('ollama:phi3:mini')?.cutoff).toBe('2023-10');
    expect(resolveCutoff('ollama:mystery-model')).toBeUndefined();
  });
  it('user entries win: exact id, then by name fragment', () => {
    expect(resolveCutoff('openai:gpt-4o-mini', { 'openai:gpt-4o-mini': '2024-06' })).toEqual({ cutoff: '2024-06', source: 'config' });
    expect(resolveCutoff('ollama:mystery-model:7b', { 'mystery-model': '2024-12-15' })?.cutoff).toBe('2024-12-15');
    expect(() => resolveCutoff('x:y', { 'x:y': '2024-13' })).toThrow(UserError);
  });
  it('a month cutoff includes the whole month', () => {
    expect(cutoffLastDay('2023-03')).toBe('2023-03-31');
    expect(cutoffLastDay('2024-02')).toBe('2024-02-29');
    expect(periodOf('2023-03-31', '2023-03')).toBe('pre');
    expect(periodOf('2023-04-01', '2023-03')).toBe('post');
    expect(periodOf('2023-04-01T00:30:00+02:00', '2023-03')).toBe('pre'); // 2023-03-31T22:30Z
    expect(periodOf('2024-12-15', '2024-12-15')).toBe('pre');
    expect(periodOf('2024-12-16', '2024-12-15')).toBe('post');
  });
});

describe('prompts (Table A7)', () => {
  it('fills the knowledge cutoff in the boundary prompt, everywhere', () => {
    const msgs = renderFactcheckPrompt('boundary', 'X happened.', '2023-03');
    expect(msgs[0]?.content).toContain('knowledge up to March 2023.');
    expect(msgs[0]?.content.match(/March 2023/g)).toHaveLength(3);
    expect(msgs[0]?.content).not.toContain('{knowledge_cutoff}');
    expect(msgs[1]).toEqual({ role: 'user', content: 'Statement: X happened.' });
    expect(() => renderFactcheckPrompt('boundary', 'X')).toThrow(UserError);
  });
  it('keeps the paper’s wording', () => {
    expect(FACTCHECK_PROMPTS.baseline.startsWith('You are a fact-checking AI. For each statement, predict if the event has occurred or not')).toBe(true);
    expect(FACTCHECK_PROMPTS.epistemic).toContain('‘True [High Confidence]’ or ‘True [Low Confidence]’');
    expect(formatCutoff('2024-10-01')).toBe('October 2024');
    expect(parseFactcheckStrategy('Epistemic Tagging')).toBe('epistemic');
    expect(parseFactcheckStrategy('Prompt Calibration (CoT)')).toBe('calibration');
    expect(() => parseFactcheckStrategy('magic')).toThrow(UserError);
  });
});

describe('measure', () => {
  it('asks the model about both items with the chosen strategy and splits by its cutoff', async () => {
    const model = new FakeModel('openai:gpt-4o-mini', (s) => (s.includes('did not') ? 'False [High Confidence]' : 'True [Low Confidence]'));
    const m = await hallucinationProbe.measure(rec({}), { judges: { llm: model }, options: opts({ strategy: 'epistemic' }) });
    expect(m).toMatchObject({ model: 'openai:gpt-4o-mini', cutoff: '2023-10', period: 'post', evaluator: 'llm', strategy: 'epistemic' });
    expect(m.actual).toMatchObject({ verdict: true, confidence: 'low' });
    expect(m.falsified).toMatchObject({ verdict: false, confidence: 'high' });
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]?.messages[0]?.content).toBe(FACTCHECK_PROMPTS.epistemic);
    expect(model.requests[1]?.task?.recordId).toBe('r1#false');
  });
  it('an unknown cutoff is a user error naming the model', async () => {
    const model = new FakeModel('ollama:mystery', () => 'True');
    await expect(hallucinationProbe.measure(rec({}), { judges: { llm: model }, options: opts() })).rejects.toThrow(/mystery/);
    const ok = await hallucinationProbe.measure(rec({}), { judges: { llm: model }, options: opts({ cutoffs: { mystery: '2025-06' } }) });
    expect(ok.period).toBe('pre');
  });
  it('reads recorded answers without calling a model; unparseable stays null', async () => {
    const m = await hallucinationProbe.measure(rec({ true_answer: 'True', false_answer: 'I am not sure.', model: 'phi-3-mini-4k-instruct' }), {
      judges: {},
      options: opts(),
    });
    expect(m).toMatchObject({ evaluator: 'recorded', period: 'post', cutoff: '2023-10' });
    expect(m.actual.verdict).toBe(true);
    expect(m.falsified).toMatchObject({ verdict: null, via: 'unreadable', unreadable: 'states none of true, false' });
  });
  it('rejects bad options and records', () => {
    expect(() => opts({ strategy: 'nope' })).toThrow();
    expect(() => opts({ cutoffs: { a: 'March 2023' } })).toThrow();
    expect(() => rec({ date: 'yesterday' })).toThrow();
    expect(() => rec({ false_text: '' })).toThrow();
  });
});
