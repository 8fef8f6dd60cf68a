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

// Mutation-found gaps in hallucination/measure.ts (Stryker, judged by the hallucination and
// WildFrame tests): the routes, the refusals' wording and hints, options.cutoff, the run's `ask`,
// the request's task and signal, answers cut at the token limit and the measurement's fields.
describe('measure: routes, refusals and the measurement fields', () => {
  const answering = (id = 'openai:gpt-4o-mini') => new FakeModel(id, (s) => (s.includes('did not') ? 'False' : 'True'));

  it('the recorded answers need both; a named evaluator wins over what else is present', async () => {
    const llm = answering();
    // only one recorded answer: the model is asked
    expect(await hallucinationProbe.measure(rec({ true_answer: 'True' }), { judges: { llm }, options: opts() })).toMatchObject({ evaluator: 'llm' });
    // 'llm' asks the model although both answers are recorded
    expect(await hallucinationProbe.measure(rec({ true_answer: 'False', false_answer: 'True', model: 'gpt-4o' }), { judges: { llm }, options: opts({ evaluator: 'llm' }) })).toMatchObject({ evaluator: 'llm', actual: { verdict: true }, falsified: { verdict: false } });
    await expect(hallucinationProbe.measure(rec({ true_answer: 'True', model: 'gpt-4o' }), { judges: { llm }, options: opts({ evaluator: 'recorded' }) })).rejects.toThrow(new UserError('hallucination record "r1": evaluator "recorded" needs both true_answer and false_answer'));
  });

  it('says what is missing, and how to give it', async () => {
    await expect(hallucinationProbe.measure(rec({}), { judges: {}, options: opts() })).rejects.toMatchObject({
      message: 'hallucination record "r1": no recorded answers and no model to fact-check',
      hint: 'configure the model under test (judges.llm), or give records true_answer and false_answer',
    });
    await expect(hallucinationProbe.measure(rec({}), { judges: { llm: answering('ollama:mystery') }, options: opts() })).rejects.toMatchObject({
      message: 'hallucination: the knowledge cutoff of model "ollama:mystery" is unknown, so pre/post-cutoff cannot be split',
      hint: 'add it to probes.hallucination.options.cutoffs, e.g. "ollama:mystery": "2024-06"',
    });
    await expect(hallucinationProbe.measure(rec({ true_answer: 'True', false_answer: 'False' }), { judges: {}, options: opts() })).rejects.toThrow(
      new UserError('hallucination record "r1": recorded answers without a "model" field and no options.cutoff'),
    );
    // an empty "model" field names no model either
    await expect(hallucinationProbe.measure(rec({ true_answer: 'True', false_answer: 'False', model: '' }), { judges: {}, options: opts() })).rejects.toThrow(
      new UserError('hallucination record "r1": recorded answers without a "model" field and no options.cutoff'),
    );
  });

  it('options.cutoff splits every model, named as the source; recorded answers without a model are "recorded"', async () => {
    const m = await hallucinationProbe.measure(rec({ true_answer: 'True', false_answer: 'False' }), { judges: {}, options: opts({ cutoff: '2025-06' }) });
    expect(m).toStrictEqual({
      model: 'recorded',
      strategy: 'baseline',
      date: '2025-05-02',
      cutoff: '2025-06',
      cutoffSource: 'options.cutoff',
      period: 'pre',
      evaluator: 'recorded',
      actual: { verdict: true, confidence: null, via: expect.any(String) },
      falsified: { verdict: false, confidence: null, via: expect.any(String) },
    });
    const asked = await hallucinationProbe.measure(rec({}), { judges: { llm: answering('ollama:mystery') }, options: opts({ cutoff: '2024-01' }) });
    expect(asked).toMatchObject({ model: 'ollama:mystery', cutoff: '2024-01', cutoffSource: 'options.cutoff', period: 'post' });
  });

  it('asks with a fact-check task per item and the run signal; an answer cut at the token limit is counted as cut', async () => {
    const signal = new AbortController().signal;
    const llm = answering();
    await hallucinationProbe.measure(rec({}), { judges: { llm }, options: opts(), signal });
    expect(llm.requests.map((r) => r.task)).toEqual([
      { kind: 'fact-check', input: 'The senate passed the bill.', recordId: 'r1#true' },
      { kind: 'fact-check', input: 'The senate did not pass the bill.', recordId: 'r1#false' },
    ]);
    expect(llm.requests[0]?.signal).toBe(signal);
    // the first answer is cut before any verdict, the second is read although cut
    let n = 0;
    const cut: LanguageModel = { ...answering(), generate: async () => ({ text: n++ === 0 ? 'Let me think about' : 'False', finishReason: 'length', warnings: [], cached: false }) };
    const m = await hallucinationProbe.measure(rec({}), { judges: { llm: cut }, options: opts() });
    expect(m.actual).toMatchObject({ verdict: null, exclusion: 'truncated', answer: 'Let me think about' });
    expect(m.falsified).toStrictEqual({ verdict: false, confidence: null, via: expect.any(String), answer: 'False' });
  });

  it("`slant run`: each item goes through the cell's ask, not the model", async () => {
    const llm = answering();
    const seen: unknown[] = [];
    const ask = (async (r: { fields: { statement: string } }) => (seen.push(r), { fields: { answer: r.fields.statement.includes('did not') ? 'False' : 'True' } })) as never;
    const m = await hallucinationProbe.measure(rec({}), { judges: { llm }, options: opts(), ask });
    expect(llm.requests).toHaveLength(0);
    expect(seen).toEqual([
      { id: 'r1#true', fields: { statement: 'The senate passed the bill.', cutoff: '2023-10' } },
      { id: 'r1#false', fields: { statement: 'The senate did not pass the bill.', cutoff: '2023-10' } },
    ]);
    expect(m.actual).toStrictEqual({ verdict: true, confidence: null, via: expect.any(String), answer: 'True' });
    const empty = await hallucinationProbe.measure(rec({}), { judges: { llm }, options: opts(), ask: (async () => ({ fields: {} })) as never });
    expect(empty.actual).toMatchObject({ verdict: null, answer: '' });
  });

  it('a record with only its falsified answer recorded is asked; an unreadable recorded answer is not counted as cut', async () => {
    const llm = answering();
    expect(await hallucinationProbe.measure(rec({ false_answer: 'False' }), { judges: { llm }, options: opts() })).toMatchObject({ evaluator: 'llm' });
    const m = await hallucinationProbe.measure(rec({ true_answer: 'True', false_answer: 'I am not sure.', model: 'gpt-4o' }), { judges: {}, options: opts() });
    expect(m.falsified).toStrictEqual({ verdict: null, confidence: null, via: 'unreadable', unreadable: 'states none of true, false' });
  });
});

