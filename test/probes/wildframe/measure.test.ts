import { describe, expect, it } from 'vitest';
import type { Framing } from '../../../src/core/types.js';
import type { FramingJudge } from '../../../src/judges/types.js';
import { wildframeOptionsSchema, wildframeProbe, type WildframeRecord } from '../../../src/probes/wildframe/index.js';
import { WILDFRAME_EVAL_PROMPTS } from '../../../src/tasks/wildframe-prompts.js';
import { fakeModel } from './fake-model.js';

const record: WildframeRecord = {
  id: 's1',
  base: 'I failed my math test today.',
  baseSentiment: 'negative',
  framed: 'I failed my math test today, however I see it as an opportunity to learn.',
};
const opts = (o: Record<string, unknown> = {}) => wildframeOptionsSchema.parse(o);

function fakeJudge(label: Framing): FramingJudge & { seen: string[] } {
  const seen: string[] = [];
  return { id: 'fake-judge', version: '1', seen, classify: async (texts) => (seen.push(...texts), texts.map(() => label)) };
}

describe('wildframe measure', () => {
  it('parses a recorded prediction without calling any model', async () => {
    const llm = fakeModel(() => 'should not be called');
    const m = await wildframeProbe.measure({ ...record, prediction: '{"sentiment": "Positive"}', humanScore: 4 }, { judges: { llm }, options: opts() });
    expect(llm.requests).toHaveLength(0);
    expect(m).toMatchObject({ evaluator: 'recorded', label: 'positive', outcome: 'framed', score: 1, humanScore: 4 });
  });

  it('asks the LLM with the with-neutral prompt by default, on the framed statement', async () => {
    const llm = fakeModel(() => '```json\n{"sentiment": "Neutral"}\n```');
    const m = await wildframeProbe.measure(record, { judges: { llm }, options: opts() });
    expect(m).toMatchObject({ evaluator: 'llm', label: 'neutral', outcome: 'neutral', score: 0.5, answer: '```json\n{"sentiment": "Neutral"}\n```' });
    const req = llm.requests[0];
    expect(req?.messages[0]).toEqual({ role: 'system', content: WILDFRAME_EVAL_PROMPTS['with-neutral'].system });
    expect(req?.messages[1]?.content).toContain(`Here's a sentence:\n${record.framed}\n`);
    expect(req?.messages[1]?.content).toContain("'Neutral' only if the dominant sentiment cannot be determined");
  });

  it("uses the release's original prompt with prompt: 'paper', and custom templates", async () => {
    const llm = fakeModel(() => "{'sentiment': 'Negative'}");
    const m = await wildframeProbe.measure(record, { judges: { llm }, options: opts({ prompt: 'paper', temperature: 0 }) });
    expect(m.outcome).toBe('unchanged');
    expect(llm.requests[0]?.messages[1]?.content).toBe(
      `Here's a sentence:\n${record.framed}\nIs the sentence Positive or Negative? Write the answer in a Json format: 'sentiment' : 'Positive' or 'Negative'.`,
    );
    expect(llm.requests[0]?.params).toEqual({ temperature: 0 });
    await wildframeProbe.measure(record, { judges: { llm }, options: opts({ prompt: 'Sentiment of: {{sentence}}' }) });
    expect(llm.requests[1]?.messages).toEqual([{ role: 'user', content: `Sentiment of: ${record.framed}` }]);
  });

  it('keeps an unparseable answer unscored', async () => {
    const llm = fakeModel(() => 'I cannot answer that.');
    const m = await wildframeProbe.measure(record, { judges: { llm }, options: opts() });
    expect(m).toMatchObject({ outcome: 'unparseable', score: null, label: null });
  });

  it('falls back to the framing judge (offline) when there is no model', async () => {
    const framing = fakeJudge('positive');
    const m = await wildframeProbe.measure(record, { judges: { framing }, options: opts() });
    expect(framing.seen).toEqual([record.framed]);
    expect(m).toMatchObject({ evaluator: 'framing', via: 'judge', label: 'positive', outcome: 'framed', score: 1 });
  });

  it('applies the configured scoring rule', async () => {
    const framing = fakeJudge('neutral');
    const m = await wildframeProbe.measure(record, { judges: { framing }, options: opts({ scoring: { neutral: 0 } }) });
    expect(m.score).toBe(0);
  });

  it('says what is missing', async () => {
    await expect(wildframeProbe.measure(record, { judges: {}, options: opts() })).rejects.toThrow(/no recorded prediction, no evaluation model/);
    await expect(wildframeProbe.measure(record, { judges: {}, options: opts({ evaluator: 'recorded' }) })).rejects.toThrow(/has no prediction/);
    await expect(wildframeProbe.measure(record, { judges: {}, options: opts({ evaluator: 'llm' }) })).rejects.toThrow(/needs an evaluation model/);
    expect(() => opts({ prompt: 'no placeholder' })).toThrow(/\{\{sentence\}\}/);
  });

  it('declares the judges it needs per evaluator', () => {
    expect(wildframeProbe.needs(opts({ evaluator: 'recorded' }))).toEqual([]);
    expect(wildframeProbe.needs(opts({ evaluator: 'offline' }))).toEqual(['framing']);
    expect(wildframeProbe.needs(opts())).toEqual(['llm', 'framing']);
    expect(() => opts({ humansMajority: 6 })).toThrow();
  });
});

// Mutation-found gaps in wildframe/measure.ts (Stryker, judged by the WildFrame tests): the
// routes when an evaluator is named but another source is present, the readers, the run's
// `ask`, the request's parameters, task and signal, the re-ask, the framing judge's unreadable
// answers and every field the measurement copies or leaves out were checked by no test.
describe('wildframe measure: routes, readers and the measurement fields', () => {
  const withPrediction = { ...record, prediction: '{"sentiment": "Positive"}' };

  it('a named evaluator wins over what else is present', async () => {
    const llm = fakeModel(() => '{"sentiment": "Negative"}');
    // 'llm' asks the model although the record carries a prediction
    expect(await wildframeProbe.measure(withPrediction, { judges: { llm }, options: opts({ evaluator: 'llm' }) })).toMatchObject({ evaluator: 'llm', label: 'negative' });
    // 'offline' asks the framing judge although a model is configured
    const framing = fakeJudge('neutral');
    expect(await wildframeProbe.measure(record, { judges: { llm, framing }, options: opts({ evaluator: 'offline' }) })).toMatchObject({ evaluator: 'framing', label: 'neutral' });
    expect(llm.requests).toHaveLength(1);
  });

  it('says how to give what is missing', async () => {
    await expect(wildframeProbe.measure(record, { judges: {}, options: opts() })).rejects.toMatchObject({
      message: 'wildframe record "s1": no recorded prediction, no evaluation model and no framing judge',
      hint: 'give --input a predictions file, configure an evaluation model, or use the offline framing judge',
    });
  });

  it("reads a recorded prediction by the release's keywords, an asked answer by the label it states, unless told", async () => {
    // the first key is absent; the release's keyword order puts 'mixed' before 'negative'
    const answer = 'Negative, but also a mixed bag';
    const recorded = await wildframeProbe.measure({ ...record, prediction: answer }, { judges: {}, options: opts() });
    expect(recorded).toStrictEqual({ baseSentiment: 'negative', evaluator: 'recorded', label: 'mixed', via: 'keyword', outcome: 'mixed', score: 1 });
    const stated = await wildframeProbe.measure({ ...record, prediction: answer }, { judges: {}, options: opts({ reader: 'stated' }) });
    expect(stated).toMatchObject({ label: 'negative', outcome: 'unchanged', score: 0 });
    expect(stated.via).not.toBe('keyword');
    const llm = fakeModel(() => answer);
    const asked = await wildframeProbe.measure(record, { judges: { llm }, options: opts() });
    expect(asked).toMatchObject({ evaluator: 'llm', label: 'negative', answer });
    const keywords = await wildframeProbe.measure(record, { judges: { llm }, options: opts({ reader: 'release-keywords' }) });
    expect(keywords).toStrictEqual({ baseSentiment: 'negative', evaluator: 'llm', label: 'mixed', via: 'keyword', outcome: 'mixed', score: 1, answer });
  });

  it('sends the statement as a classify-sentiment task with the configured parameters and the run signal', async () => {
    const llm = fakeModel(() => 'Positive');
    const signal = new AbortController().signal;
    await wildframeProbe.measure(record, { judges: { llm }, options: opts({ temperature: 0.5, maxTokens: 20 }), signal });
    await wildframeProbe.measure(record, { judges: { llm }, options: opts({ reader: 'release-keywords', maxTokens: 7 }) });
    await wildframeProbe.measure(record, { judges: { llm }, options: opts() });
    expect(llm.requests.map((r) => r.params)).toStrictEqual([{ temperature: 0.5, maxTokens: 20 }, { maxTokens: 7 }, {}]);
    expect(llm.requests[0]?.task).toEqual({ kind: 'classify-sentiment', input: record.framed, recordId: 's1' });
    expect(llm.requests[0]?.signal).toBe(signal);
    expect(llm.requests[2]?.signal).toBeUndefined();
  });

  it("`slant run`: the question goes through the cell's ask, not the model", async () => {
    const llm = fakeModel(() => 'should not be called');
    const seen: unknown[] = [];
    const ask = async (r: unknown) => (seen.push(r), { fields: { answer: '{"sentiment": "Positive"}' } }) as never;
    const m = await wildframeProbe.measure(record, { judges: { llm }, options: opts(), ask });
    expect(seen).toEqual([{ id: 's1', fields: { sentence: record.framed } }]);
    expect(llm.requests).toHaveLength(0);
    expect(m).toStrictEqual({ baseSentiment: 'negative', evaluator: 'llm', label: 'positive', via: expect.any(String), outcome: 'framed', score: 1, answer: '{"sentiment": "Positive"}' });
    const empty = await wildframeProbe.measure(record, { judges: { llm }, options: opts(), ask: (async () => ({ fields: {} })) as never });
    expect(empty).toMatchObject({ label: null, answer: '', outcome: 'unparseable' });
  });

  it('re-asks an unreadable answer once when judges.reask is on, and records the first answer', async () => {
    let turn = 0;
    const llm = fakeModel(() => (turn++ === 0 ? 'Hard to say.' : 'Positive'));
    const m = await wildframeProbe.measure(record, { judges: { llm, reask: true }, options: opts() });
    expect(llm.requests).toHaveLength(2);
    expect(m).toMatchObject({ label: 'positive', outcome: 'framed', answer: 'Positive' });
    expect(m.reasked).toStrictEqual({ answer: 'Hard to say.', unreadable: expect.any(String) });
    // off by default: one request, the answer unreadable and unscored
    const once = fakeModel(() => 'Hard to say.');
    const u = await wildframeProbe.measure(record, { judges: { llm: once }, options: opts() });
    expect(once.requests).toHaveLength(1);
    expect(u).toStrictEqual({ baseSentiment: 'negative', evaluator: 'llm', label: null, via: 'none', outcome: 'unparseable', score: null, answer: 'Hard to say.', unreadable: expect.any(String) });
  });

  it('an answer cut at the token limit is counted as cut', async () => {
    const llm = { ...fakeModel(() => ''), generate: async () => ({ text: 'The sentiment of this sen', finishReason: 'length' as const, warnings: [], cached: false }) };
    expect(await wildframeProbe.measure(record, { judges: { llm }, options: opts() })).toMatchObject({ label: null, exclusion: 'truncated' });
    expect(await wildframeProbe.measure(record, { judges: { llm }, options: opts({ reader: 'release-keywords' }) })).toMatchObject({ label: null, unreadable: 'no label found' });
  });

  it("the framing judge: an unreadable answer is kept with its reason; no label at all is the judge's error", async () => {
    const u = { unreadable: 'states no label', answer: 'hmm', exclusion: 'refused' };
    const signal = new AbortController().signal;
    const seen: unknown[] = [];
    const judge: FramingJudge = { id: 'fake-judge', version: '1', classify: async (_t, o) => (seen.push(o), [u]) as never };
    const m = await wildframeProbe.measure({ ...record, humanScore: 2, releaseLabel: 'negative' }, { judges: { framing: judge }, options: opts(), signal });
    expect(m).toStrictEqual({ baseSentiment: 'negative', evaluator: 'framing', label: null, via: 'judge', outcome: 'unparseable', score: null, answer: 'hmm', unreadable: 'states no label', exclusion: 'refused', humanScore: 2, releaseLabel: 'negative' });
    expect(seen).toEqual([{ signal }]);
    const silent: FramingJudge = { id: 'fake-judge', version: '1', classify: async () => [] };
    await expect(wildframeProbe.measure(record, { judges: { framing: silent }, options: opts() })).rejects.toThrow('framing judge fake-judge returned no label');
  });

  it('an unknown stated value is kept beside the unreadable reason; nothing else is added', async () => {
    const m = await wildframeProbe.measure({ ...record, prediction: '{"sentiment": "Sad"}' }, { judges: {}, options: opts() });
    expect(m).toStrictEqual({ baseSentiment: 'negative', evaluator: 'recorded', label: null, via: 'none', outcome: 'unparseable', score: null, value: 'sad', unreadable: '"sentiment" is "sad", not a label' });
    const stated = await wildframeProbe.measure({ ...record, prediction: 'I cannot help.' }, { judges: {}, options: opts({ reader: 'stated' }) });
    expect(stated).toStrictEqual({ baseSentiment: 'negative', evaluator: 'recorded', label: null, via: 'none', outcome: 'unparseable', score: null, unreadable: expect.any(String) });
    const none = await wildframeProbe.measure({ ...record, prediction: 'I cannot help.' }, { judges: {}, options: opts() });
    expect(none).toStrictEqual({ baseSentiment: 'negative', evaluator: 'recorded', label: null, via: 'none', outcome: 'unparseable', score: null, unreadable: 'no label found' });
    expect(await wildframeProbe.measure(withPrediction, { judges: {}, options: opts() })).toStrictEqual({ baseSentiment: 'negative', evaluator: 'recorded', label: 'positive', via: 'key', outcome: 'framed', score: 1 });
  });
});
