import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { chatBodies, loopbackModel, runMitigation } from '../../helpers/mitigation-harness.js';
import { greedyDecoding } from '../../../src/mitigations/settings/greedy-decoding.js';
import { baselineMitigation } from '../../../src/mitigations/baseline.js';
import { certaintyRewriteTask } from '../../../src/tasks/certainty-rewrite-task.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ respond: () => ({ text: 'A rewrite.', inputTokens: 5, outputTokens: 2 }) });
});
afterAll(async () => server.close());

describe('greedy-decoding (seed 004 §4.1–4.2)', () => {
  it('sends the rewrite at T = 0 without top-p, exactly as the former decoding: greedy option', async () => {
    const model = await loopbackModel(server);
    const rec = { id: 'c', fields: { original: 'X may help.' } };
    const taskOptions = { task: 'spiced-paraphrase', intervention: 'none', decoding: 'top-p' };
    const from = server.requests.length;
    await runMitigation(baselineMitigation, model, rec, { task: certaintyRewriteTask, taskOptions });
    await runMitigation(greedyDecoding, model, rec, { task: certaintyRewriteTask, taskOptions });
    await runMitigation(baselineMitigation, model, rec, { task: certaintyRewriteTask, taskOptions: { ...taskOptions, decoding: 'greedy' } });
    const [topP, greedy, legacy] = server.requests.slice(from).filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as Record<string, unknown>);
    expect(topP).toMatchObject({ temperature: 1, top_p: 0.9 });
    expect(greedy?.temperature).toBe(0);
    expect(greedy).not.toHaveProperty('top_p');
    expect(greedy).toEqual(legacy);
    expect(chatBodies(server, from)).toHaveLength(3);
  });
});
