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
