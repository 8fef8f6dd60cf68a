/** Fact-check requests carry seed 000 A.2's decoding (greedy, 500 new tokens, a fixed seed), on a loopback OpenAI server. */
import { describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { hallucinationOptionsSchema, hallucinationProbe, hallucinationRecordSchema } from '../../src/probes/hallucination/index.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { bodies, quickScheduler, trackServers } from '../helpers/loopback/tracked.js';

const track = trackServers();
const sched = quickScheduler;

describe('fact-check decoding (seed 000 A.2)', () => {
  const record = hallucinationRecordSchema.parse({ id: 'r1', date: '2025-05-02', true_text: 'The senate passed the bill.', false_text: 'The senate did not pass the bill.' });

  it('OpenAI gets temperature 0, 500 completion tokens and seed 42; the probe options change them', async () => {
    const s = track(await startOpenAIServer({ respond: () => ({ text: 'True', finish: 'stop' }) }));
    const llm = createOpenAIModel('gpt-3.5-turbo', { apiKey: 'sk-test', baseURL: `${s.url}/v1` }, sched());
    await hallucinationProbe.measure(record, { judges: { llm }, options: hallucinationOptionsSchema.parse({ cutoff: '2024-01' }) });
    const sent = bodies(s, '/chat/completions');
    expect(sent).toHaveLength(2);
    for (const b of sent) expect(b).toMatchObject({ temperature: 0, max_completion_tokens: 500, seed: 42 });
    await hallucinationProbe.measure(record, { judges: { llm }, options: hallucinationOptionsSchema.parse({ cutoff: '2024-01', temperature: 0.5, maxTokens: 40, seed: 7 }) });
    expect(bodies(s, '/chat/completions')[2]).toMatchObject({ temperature: 0.5, max_completion_tokens: 40, seed: 7 });
  });
});
