/**
 * Judge calls on local models carry a token limit (a local model that does not end its turn would
 * otherwise write until its context is full); hosted ones none. On loopback servers that speak the
 * providers' protocols.
 */
import { describe, expect, it } from 'vitest';
import { createLlmFramingJudge } from '../../src/judges/framing/llm-judge.js';
import { LlmCertaintyJudge } from '../../src/judges/certainty/llm-judge.js';
import { DocumentCertaintyComparator } from '../../src/judges/certainty/document-judge.js';
import { LOCAL_JUDGE_MAX_TOKENS, withLocalTokenLimit } from '../../src/judges/local-token-limit.js';
import { createLlamaCppModel } from '../../src/models/llamacpp/index.js';
import { createOllamaModel } from '../../src/models/ollama/index.js';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { createOpenAICompatibleModel } from '../../src/models/openai-compatible/index.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { bodies, quickScheduler, trackServers } from '../helpers/loopback/tracked.js';

const track = trackServers();
const sched = quickScheduler;

describe('judge calls on local models have a token limit; hosted ones do not', () => {
  it('framing judge: n_predict on a llama.cpp server, num_predict on Ollama, none on OpenAI', async () => {
    const llama = track(await startLlamaCppServer({ respond: () => ({ text: 'Negative', finish: 'stop' }) }));
    const ollama = track(await startOllamaServer({ respond: () => ({ text: 'Negative', finish: 'stop' }) }));
    const openai = track(await startOpenAIServer({ respond: () => ({ text: 'Negative', finish: 'stop' }) }));
    await createLlmFramingJudge(createLlamaCppModel(llama.url, {}, sched())).classify(['The kettle broke.']);
    expect(bodies(llama, '/completion')[0]).toMatchObject({ n_predict: LOCAL_JUDGE_MAX_TOKENS.label, temperature: 0 });
    await createLlmFramingJudge(createOllamaModel('llama3.2', { baseURL: ollama.url }, sched())).classify(['The kettle broke.']);
    expect((bodies(ollama, '/api/chat')[0]?.options as Record<string, unknown>).num_predict).toBe(LOCAL_JUDGE_MAX_TOKENS.label);
    await createLlmFramingJudge(createOpenAIModel('o4-mini', { apiKey: 'sk-test', baseURL: `${openai.url}/v1` }, sched())).classify(['The kettle broke.']);
    expect(bodies(openai, '/chat/completions')[0]).not.toHaveProperty('max_completion_tokens');
  });

  it('an OpenAI-compatible server on this machine is local; one elsewhere is not', async () => {
    const s = track(await startOpenAIServer({ respond: () => ({ text: 'Negative', finish: 'stop' }) }));
    await createLlmFramingJudge(createOpenAICompatibleModel(`${s.url}/v1#qwen3`, {}, sched())).classify(['The kettle broke.']);
    expect(bodies(s, '/chat/completions')[0]).toMatchObject({ max_tokens: LOCAL_JUDGE_MAX_TOKENS.label });
    const remote = withLocalTokenLimit(createOpenAICompatibleModel('https://api.example.com/v1#qwen3', {}, sched()), { temperature: 0 }, 'label');
    expect(remote).toEqual({ temperature: 0 });
  });

  it('certainty judge and claim alignment: the explained limit, unless the probe sets one', async () => {
    const llama = track(await startLlamaCppServer({ respond: () => ({ text: '<final_answer>Clearly A</final_answer>', finish: 'stop' }) }));
    const m = createLlamaCppModel(llama.url, {}, sched());
    await new LlmCertaintyJudge(m).judgeOrdered('It may work.', 'It works.');
    expect(bodies(llama, '/completion')[0]).toMatchObject({ n_predict: LOCAL_JUDGE_MAX_TOKENS.explained });
    await new LlmCertaintyJudge(m, { maxTokens: 300 }).judgeOrdered('It may work.', 'It works.');
    expect(bodies(llama, '/completion')[1]).toMatchObject({ n_predict: 300 });
    await new DocumentCertaintyComparator(m, new LlmCertaintyJudge(m)).compare('Source.', 'Rewrite.');
    expect(bodies(llama, '/completion')[2]).toMatchObject({ n_predict: LOCAL_JUDGE_MAX_TOKENS.explained, temperature: 0 });
  });
});
