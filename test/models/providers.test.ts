import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { createAnthropicModel } from '../../src/models/anthropic/index.js';
import { createGeminiModel } from '../../src/models/gemini/index.js';
import { createLlamaCppModel } from '../../src/models/llamacpp/index.js';
import { parseLlamaProbs } from '../../src/models/llamacpp/completion-model.js';
import { createOllamaModel, normalizeOllamaHost } from '../../src/models/ollama/index.js';
import { Scheduler, type SleepFn } from '../../src/runtime/scheduler.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sched(waits: number[] = []): Scheduler {
  const sleep: SleepFn = (ms) => {
    waits.push(ms);
    return Promise.resolve();
  };
  return new Scheduler({ sleep, random: () => 0 });
}

const chat = [
  { role: 'system' as const, content: 'sys' },
  { role: 'user' as const, content: 'hello' },
];

describe('anthropic provider', () => {
  const KEY = 'sk-ant-TESTKEY-123456';

  it('sends system at top level, required max_tokens and maps the answer', async () => {
    server = await startAnthropicServer({ apiKey: KEY, respond: (p) => ({ text: `re ${p}`, finish: 'length', inputTokens: 4, outputTokens: 2 }) });
    const m = createAnthropicModel('claude-x', { apiKey: KEY, baseURL: server.url }, sched());
    const r = await m.generate({ messages: chat, params: { temperature: 0.5, topK: 3, stop: ['END'] } });
    expect(r).toEqual({ text: 're hello', finishReason: 'length', usage: { inputTokens: 4, outputTokens: 2 }, warnings: [], cached: false });
    const req = server.requests[0];
    expect(req?.headers['anthropic-version']).toBe('2023-06-01');
    expect(req?.body).toEqual({
      model: 'claude-x',
      max_tokens: 4096,
      system: 'sys',
      messages: [{ role: 'user', content: 'hello' }],
      temperature: 0.5,
      top_k: 3,
      stop_sequences: ['END'],
    });
  });

  it('warns for logprobs, logit bias, seed, mirostat and JSON schema', async () => {
    server = await startAnthropicServer();
    const m = createAnthropicModel('claude-x', { apiKey: KEY, baseURL: server.url }, sched());
    const r = await m.generate({
      messages: chat,
      params: { logprobs: 1, logitBias: { byString: { a: 1 } }, seed: 1, mirostat: { mode: 1, tau: 5, eta: 0.1 }, jsonSchema: { name: 'n', schema: {} } },
    });
    expect(r.warnings.map((w) => w.setting)).toEqual(['logprobs', 'logitBias.byString', 'seed', 'mirostat', 'jsonSchema']);
    expect(r.warnings.every((w) => w.type === 'unsupported-setting')).toBe(true);
    expect(Object.keys(server.requests[0]?.body as object).sort()).toEqual(['max_tokens', 'messages', 'model', 'system']);
  });

  it('missing key names ANTHROPIC_API_KEY; a wrong key is a UserError without the key', async () => {
    expect(() => createAnthropicModel('claude-x', { env: {} }, sched())).toThrow(/ANTHROPIC_API_KEY/);
    server = await startAnthropicServer({ apiKey: 'right' });
    const m = createAnthropicModel('claude-x', { apiKey: KEY, baseURL: server.url }, sched());
    const err = (await m.generate({ messages: chat }).catch((e: unknown) => e)) as UserError;
    expect(err).toBeInstanceOf(UserError);
    expect(err.hint).toMatch(/ANTHROPIC_API_KEY/);
    expect(err.message).not.toContain(KEY);
  });

  it('retries 529 overloaded and 429 with an anthropic reset timestamp', async () => {
    server = await startAnthropicServer();
    server.faults.push({ kind: 'status', status: 529 }, { kind: 'status', status: 429, headers: { 'retry-after': '3' } });
    const waits: number[] = [];
    const m = createAnthropicModel('claude-x', { apiKey: KEY, baseURL: server.url }, sched(waits));
    expect((await m.generate({ messages: chat })).text).toBe('echo: hello');
    expect(server.count()).toBe(3);
    expect(waits[1]).toBe(3000);
  });
});

describe('gemini provider', () => {
  const KEY = 'AIzaTESTKEY-abcdefghij';

  it('maps roles, system instruction, generationConfig (seed, logprobs, JSON schema) and logprobs', async () => {
    server = await startGeminiServer({
      apiKey: KEY,
      respond: () => ({ text: '{"a":1}', inputTokens: 5, outputTokens: 6, logprobs: [{ token: '{', logprob: -0.1, top: [{ token: '{', logprob: -0.1 }] }] }),
    });
    const m = createGeminiModel('gemini-2.0-flash', { apiKey: KEY, baseURL: server.url }, sched());
    const r = await m.generate({
      messages: [...chat, { role: 'assistant', content: 'prev' }, { role: 'user', content: 'again' }],
      params: { temperature: 0, seed: 7, maxTokens: 10, logprobs: 3, jsonSchema: { name: 'n', schema: { type: 'object' } } },
    });
    expect(r).toEqual({
      text: '{"a":1}',
      finishReason: 'stop',
      usage: { inputTokens: 5, outputTokens: 6 },
      logprobs: [{ token: '{', logprob: -0.1, top: [{ token: '{', logprob: -0.1 }] }],
      warnings: [],
      cached: false,
    });
    const req = server.requests[0];
    expect(req?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(req?.headers['x-goog-api-key']).toBe(KEY);
    expect(req?.body).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'hello' }] },
        { role: 'model', parts: [{ text: 'prev' }] },
        { role: 'user', parts: [{ text: 'again' }] },
      ],
      systemInstruction: { parts: [{ text: 'sys' }] },
      generationConfig: {
        temperature: 0,
        seed: 7,
        maxOutputTokens: 10,
        responseLogprobs: true,
        logprobs: 3,
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
      },
    });
  });

  it('warns on logit bias and mirostat; reads GOOGLE_API_KEY when GEMINI_API_KEY is absent', async () => {
    server = await startGeminiServer({ apiKey: KEY });
    const m = createGeminiModel('g', { env: { GOOGLE_API_KEY: KEY, GEMINI_BASE_URL: server.url } }, sched());
    const r = await m.generate({ messages: chat, params: { logitBias: { byTokenId: { '1': 1 } }, mirostat: { mode: 2, tau: 5, eta: 0.1 } } });
    expect(r.warnings.map((w) => w.setting)).toEqual(['logitBias.byTokenId', 'mirostat']);
    expect(() => createGeminiModel('g', { env: {} }, sched())).toThrow(/GEMINI_API_KEY or GOOGLE_API_KEY/);
  });

  it('403 is a UserError; a 429 with a RetryInfo body waits that long', async () => {
    server = await startGeminiServer({ apiKey: 'other' });
    const bad = createGeminiModel('g', { apiKey: KEY, baseURL: server.url }, sched());
    const err = (await bad.generate({ messages: chat }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(UserError);
    expect(err.message).not.toContain(KEY);
    await server.close();
    server = await startGeminiServer();
    server.faults.push({
      kind: 'status',
      status: 429,
      body: JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '17s' }] } }),
    });
    const waits: number[] = [];
    const m = createGeminiModel('g', { apiKey: KEY, baseURL: server.url }, sched(waits));
    expect((await m.generate({ messages: chat })).text).toBe('echo: hello');
    expect(waits).toEqual([17_000]);
  });
});

describe('ollama provider', () => {
  it('streams NDJSON, maps options and usage', async () => {
    server = await startOllamaServer({ respond: () => ({ text: 'a b c', finish: 'length', inputTokens: 3, outputTokens: 9 }) });
    const m = createOllamaModel('llama3.2', { baseURL: server.url }, sched());
    const r = await m.generate({ messages: chat, params: { temperature: 0.1, topK: 5, seed: 3, maxTokens: 8, jsonSchema: { name: 'n', schema: { type: 'string' } } } });
    expect(r).toEqual({ text: 'a b c', finishReason: 'length', usage: { inputTokens: 3, outputTokens: 9 }, warnings: [], cached: false });
    expect(server.requests[0]?.body).toEqual({
      model: 'llama3.2',
      messages: chat,
      stream: true,
      options: { temperature: 0.1, top_k: 5, seed: 3, num_predict: 8 },
      format: { type: 'string' },
    });
  });

  it('warns that mirostat is accepted but ignored, and that logit bias and logprobs are unsupported; sends none', async () => {
    server = await startOllamaServer();
    const m = createOllamaModel('llama3.2', { baseURL: server.url }, sched());
    const r = await m.generate({ messages: chat, params: { mirostat: { mode: 2, tau: 5, eta: 0.1 }, logitBias: { byString: { x: 1 } }, logprobs: 2 } });
    expect(r.warnings.map((w) => w.setting)).toEqual(['mirostat', 'logprobs', 'logitBias.byString']);
    expect(r.warnings[0]?.message).toMatch(/no longer applies/);
    expect((server.requests[0]?.body as Record<string, unknown>).options).toBeUndefined();
  });

  it('retries a stream cut before done and a malformed line', async () => {
    server = await startOllamaServer({ respond: () => ({ text: 'one two three' }) });
    server.faults.push({ kind: 'truncate' }, { kind: 'malformed' });
    const m = createOllamaModel('llama3.2', { baseURL: server.url }, sched());
    expect((await m.generate({ messages: chat })).text).toBe('one two three');
    expect(server.count()).toBe(3);
  });

  it('reads OLLAMA_HOST in the forms the ollama CLI accepts', () => {
    expect(normalizeOllamaHost('0.0.0.0')).toBe('http://127.0.0.1:11434');
    expect(normalizeOllamaHost('example.org:8000')).toBe('http://example.org:8000');
    expect(normalizeOllamaHost('https://ollama.example.org')).toBe('https://ollama.example.org');
    const m = createOllamaModel('m', { env: { OLLAMA_HOST: '10.0.0.5:1234' } }, sched());
    expect(m.id).toBe('ollama:m');
  });
});

describe('llama.cpp server provider', () => {
  it('renders the chat with /apply-template and completes with mirostat, string+id logit bias and n_probs', async () => {
    server = await startLlamaCppServer({
      respond: (p) => ({
        text: `got ${p}`,
        inputTokens: 11,
        outputTokens: 2,
        logprobs: [{ token: 'got', logprob: -0.5, top: [{ token: 'got', logprob: -0.5 }, { token: 'have', logprob: -1 }, { token: 'x', logprob: -9 }] }],
      }),
    });
    const m = createLlamaCppModel(server.url, {}, sched());
    expect(m.id).toBe(`llamacpp:${server.url}`);
    const r = await m.generate({
      messages: chat,
      params: { mirostat: { mode: 2, tau: 4, eta: 0.2 }, logitBias: { byTokenId: { '15043': -1 }, byString: { 'Hello, World!': -0.5 } }, logprobs: 2, seed: 9 },
    });
    expect(r).toEqual({
      text: 'got hello',
      finishReason: 'stop',
      usage: { inputTokens: 11, outputTokens: 2 },
      logprobs: [{ token: 'got', logprob: -0.5, top: [{ token: 'got', logprob: -0.5 }, { token: 'have', logprob: -1 }] }],
      warnings: [],
      cached: false,
    });
    expect(server.requests.map((q) => q.path)).toEqual(['/apply-template', '/completion']);
    expect(server.requests[1]?.body).toEqual({
      cache_prompt: true,
      prompt: '<|system|>sys\n<|user|>hello\n<|assistant|>',
      seed: 9,
      mirostat: 2,
      mirostat_tau: 4,
      mirostat_eta: 0.2,
      logit_bias: [
        [15043, -1],
        ['Hello, World!', -0.5],
      ],
      n_probs: 2,
    });
  });

  it('a final assistant message is continued (prefill) for step-wise decoding', async () => {
    server = await startLlamaCppServer();
    const m = createLlamaCppModel(server.url, {}, sched());
    await m.generate({ messages: [...chat, { role: 'assistant', content: 'The answer is' }], params: { maxTokens: 1 } });
    expect((server.requests[1]?.body as { prompt: string }).prompt).toBe('<|system|>sys\n<|user|>hello\n<|assistant|>The answer is');
    expect(m.capabilities.stepwise).toBe(true);
  });

  it('parses the pre-2025 probability format', () => {
    expect(parseLlamaProbs([{ content: 'a', probs: [{ tok_str: 'a', prob: 0.5 }, { tok_str: 'b', prob: 0.25 }] }])).toEqual([
      { token: 'a', logprob: Math.log(0.5), top: [{ token: 'a', logprob: Math.log(0.5) }, { token: 'b', logprob: Math.log(0.25) }] },
    ]);
  });

  it('retries a 503 (model loading) on either call', async () => {
    server = await startLlamaCppServer();
    server.faults.push({ kind: 'status', status: 503, body: JSON.stringify({ error: { message: 'Loading model' } }) });
    const m = createLlamaCppModel('', { env: { LLAMACPP_BASE_URL: server.url } }, sched());
    expect((await m.generate({ messages: chat })).text).toBe('echo: hello');
    expect(server.count()).toBe(3);
  });
});
