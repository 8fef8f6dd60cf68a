/** Fact-check requests carry seed 000 A.2's decoding (greedy, 500 new tokens, a fixed seed), on a loopback OpenAI server. */
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { hallucinationOptionsSchema, hallucinationProbe, hallucinationRecordSchema } from '../../src/probes/hallucination/index.js';
import { Scheduler } from '../../src/runtime/scheduler.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let servers: LoopbackServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.close();
  servers = [];
});
const sched = (): Scheduler => new Scheduler({ sleep: () => Promise.resolve(), random: () => 0 });
const bodies = (s: LoopbackServer, path: string): Record<string, unknown>[] => s.requests.filter((r) => r.path.endsWith(path)).map((r) => r.body as Record<string, unknown>);

describe('fact-check decoding (seed 000 A.2)', () => {
  const record = hallucinationRecordSchema.parse({ id: 'r1', date: '2025-05-02', true_text: 'The senate passed the bill.', false_text: 'The senate did not pass the bill.' });

  it('OpenAI gets temperature 0, 500 completion tokens and seed 42; the probe options change them', async () => {
    const s = await startOpenAIServer({ respond: () => ({ text: 'True', finish: 'stop' }) });
    servers.push(s);
    const llm = createOpenAIModel('gpt-3.5-turbo', { apiKey: 'sk-test', baseURL: `${s.url}/v1` }, sched());
    await hallucinationProbe.measure(record, { judges: { llm }, options: hallucinationOptionsSchema.parse({ cutoff: '2024-01' }) });
    const sent = bodies(s, '/chat/completions');
    expect(sent).toHaveLength(2);
    for (const b of sent) expect(b).toMatchObject({ temperature: 0, max_completion_tokens: 500, seed: 42 });
    await hallucinationProbe.measure(record, { judges: { llm }, options: hallucinationOptionsSchema.parse({ cutoff: '2024-01', temperature: 0.5, maxTokens: 40, seed: 7 }) });
    expect(bodies(s, '/chat/completions')[2]).toMatchObject({ temperature: 0.5, max_completion_tokens: 40, seed: 7 });
  });
});
