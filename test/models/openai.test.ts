import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { ProviderHttpError } from '../../src/models/http.js';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { createOpenAICompatibleModel } from '../../src/models/openai-compatible/index.js';
import { tokenIdBias } from '../../src/models/openai/tokenizer.js';
import { Scheduler, type SleepFn } from '../../src/runtime/scheduler.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

const KEY = 'sk-test-SECRET-0123456789';
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function sched(waits: number[] = [], extra: ConstructorParameters<typeof Scheduler>[0] = {}): Scheduler {
  const sleep: SleepFn = (ms) => {
    waits.push(ms);
    return Promise.resolve();
  };
  return new Scheduler({ sleep, random: () => 0, ...extra });
}

const user = (content: string) => [{ role: 'user' as const, content }];

describe('openai provider against a loopback Chat Completions server', () => {
  it('sends the request body the protocol expects and maps the answer', async () => {
    server = await startOpenAIServer({
      apiKey: KEY,
      respond: (prompt) => ({
        text: `hi ${prompt}`,
        finish: 'length',
        inputTokens: 7,
        outputTokens: 3,
        logprobs: [{ token: 'hi', logprob: -0.25, top: [{ token: 'hi', logprob: -0.25 }, { token: 'hey', logprob: -1.5 }] }],
      }),
    });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: `${server.url}/v1` }, sched());
    const r = await model.generate({
      messages: [{ role: 'system', content: 'be brief' }, ...user('there')],
      params: { temperature: 0, topP: 0.9, maxTokens: 5, seed: 42, stop: ['\n'], logprobs: 2, jsonSchema: { name: 'x', schema: { type: 'object' } } },
    });
    expect(r).toEqual({
      text: 'hi there',
      finishReason: 'length',
      usage: { inputTokens: 7, outputTokens: 3 },
      logprobs: [{ token: 'hi', logprob: -0.25, top: [{ token: 'hi', logprob: -0.25 }, { token: 'hey', logprob: -1.5 }] }],
      warnings: [],
      cached: false,
    });
    const req = server.requests[0];
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'there' },
      ],
      temperature: 0,
      top_p: 0.9,
      max_completion_tokens: 5,
      seed: 42,
      stop: ['\n'],
      logprobs: true,
      top_logprobs: 2,
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' }, strict: false } },
    });
    expect(model.id).toBe('openai:gpt-4o-mini');
  });

  it('warns about settings OpenAI cannot honour and does not send them; clamps logprobs to 20', async () => {
    server = await startOpenAIServer();
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched());
    const r = await model.generate({ messages: user('x'), params: { topK: 40, mirostat: { mode: 2, tau: 5, eta: 0.1 }, logprobs: 25 } });
    expect(r.warnings.map((w) => [w.type, w.setting])).toEqual([
      ['unsupported-setting', 'topK'],
      ['unsupported-setting', 'logprobs'],
      ['unsupported-setting', 'mirostat'],
    ]);
    expect(r.warnings[1]?.message).toMatch(/clamped to 20/);
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(body.top_k).toBeUndefined();
    expect(body.mirostat).toBeUndefined();
    expect(body.top_logprobs).toBe(20);
  });

  it('turns string logit bias into token ids of the model tokenizer', async () => {
    server = await startOpenAIServer();
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched());
    await model.generate({ messages: user('x'), params: { logitBias: { byString: { world: -5 }, byTokenId: { '13225': 3 } } } });
    const bias = (server.requests[0]?.body as { logit_bias: Record<string, number> }).logit_bias;
    // o200k_base encodes "Hello world" as [13225, 2375] (tiktoken), so " world" is token 2375
    expect(bias['2375']).toBe(-5);
    expect(bias['13225']).toBe(3);
    expect(Object.values(bias).filter((b) => b === -5)).toHaveLength(2); // "world" and " world"
  });

  it('tokenIdBias uses cl100k_base for gpt-4 and clamps to ±100', async () => {
    // cl100k_base encodes "Hello world" as [9906, 1917]
    const { bias, warnings } = await tokenIdBias('gpt-4', { ' world': 500 }, undefined);
    expect(bias).toEqual({ '1917': 100 });
    expect(warnings.map((w) => w.message).join()).toMatch(/clamped to 100/);
    const unknown = await tokenIdBias('my-finetune', { word: 1 }, { '5': 2 });
    expect(unknown.bias).toEqual({ '5': 2 });
    expect(unknown.warnings[0]?.setting).toBe('logitBias.byString');
  });

  it('reasoning models: sampling settings, logprobs and logit bias are warned and not sent', async () => {
    server = await startOpenAIServer();
    const model = createOpenAIModel('o3-mini', { apiKey: KEY, baseURL: server.url }, sched());
    const r = await model.generate({ messages: user('x'), params: { temperature: 0.2, logprobs: 1, logitBias: { byTokenId: { '1': 1 } }, maxTokens: 9 } });
    expect(r.warnings.map((w) => w.setting).sort()).toEqual(['logitBias.byTokenId', 'logprobs', 'temperature']);
    const body = server.requests[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['max_completion_tokens', 'messages', 'model']);
  });

  it('streams server-sent events when asked', async () => {
    server = await startOpenAIServer({ respond: () => ({ text: 'one two three', inputTokens: 2, outputTokens: 3 }) });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url, stream: true }, sched());
    const r = await model.generate({ messages: user('x') });
    expect(r).toMatchObject({ text: 'one two three', finishReason: 'stop', usage: { inputTokens: 2, outputTokens: 3 } });
    expect(server.requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('retries a truncated event stream', async () => {
    server = await startOpenAIServer({ respond: () => ({ text: 'one two three four' }) });
    server.faults.push({ kind: 'truncate' });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url, stream: true }, sched());
    expect((await model.generate({ messages: user('x') })).text).toBe('one two three four');
    expect(server.count()).toBe(2);
  });
});

describe('openai provider: failures', () => {
  it('a missing key is a UserError naming OPENAI_API_KEY', () => {
    expect(() => createOpenAIModel('gpt-4o-mini', { env: {} }, sched())).toThrow(UserError);
    expect(() => createOpenAIModel('gpt-4o-mini', { env: {} }, sched())).toThrow(/OPENAI_API_KEY/);
  });

  it('reads key and base URL from the environment; explicit options win', async () => {
    server = await startOpenAIServer({ apiKey: KEY });
    const m1 = createOpenAIModel('gpt-4o-mini', { env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url } }, sched());
    expect((await m1.generate({ messages: user('a') })).text).toBe('echo: a');
    const m2 = createOpenAIModel('gpt-4o-mini', { apiKey: 'sk-wrong-key-000000', env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.url } }, sched());
    await expect(m2.generate({ messages: user('a') })).rejects.toThrow(UserError);
  });

  it('401 becomes a UserError naming the env var and never shows the key', async () => {
    server = await startOpenAIServer({ apiKey: 'sk-the-right-one-000' });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched());
    const err = (await model.generate({ messages: user('x') }).catch((e: unknown) => e)) as UserError;
    expect(err).toBeInstanceOf(UserError);
    expect(`${err.message} ${err.hint ?? ''}`).toMatch(/OPENAI_API_KEY/);
    expect(`${err.message} ${err.hint ?? ''} ${err.stack ?? ''}`).not.toContain(KEY);
    expect(`${err.message}`).not.toContain('SECRET');
    expect(server.count()).toBe(1); // not retried
  });

  it('honours Retry-After on 429 and then succeeds', async () => {
    server = await startOpenAIServer();
    server.faults.push({ kind: 'status', status: 429, headers: { 'retry-after': '2' } });
    const waits: number[] = [];
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched(waits));
    expect((await model.generate({ messages: user('x') })).text).toBe('echo: x');
    expect(waits).toEqual([2000]);
    expect(server.count()).toBe(2);
  });

  it('uses OpenAI rate-limit reset headers when Retry-After is absent', async () => {
    server = await startOpenAIServer();
    server.faults.push({ kind: 'status', status: 429, headers: { 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '1m30s' } });
    const waits: number[] = [];
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched(waits, { maxDelayMs: 600_000 }));
    await model.generate({ messages: user('x') });
    expect(waits).toEqual([90_000]);
  });

  it('retries 500, malformed JSON, truncated bodies and reset connections', async () => {
    server = await startOpenAIServer();
    server.faults.push({ kind: 'status', status: 500 }, { kind: 'malformed' }, { kind: 'truncate' }, { kind: 'reset' });
    const waits: number[] = [];
    const s = sched(waits);
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, s);
    expect((await model.generate({ messages: user('x') })).text).toBe('echo: x');
    expect(server.count()).toBe(5);
    expect(waits).toHaveLength(4);
    expect(s.stats().providers.openai).toMatchObject({ retries: 4, succeeded: 1 });
  });

  it('does not retry a 400 and reports it with the server message', async () => {
    server = await startOpenAIServer();
    server.faults.push({ kind: 'status', status: 400, body: JSON.stringify({ error: { message: 'Invalid value for top_logprobs' } }) });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched());
    const err = await model.generate({ messages: user('x') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as ProviderHttpError).status).toBe(400);
    expect((err as Error).message).toMatch(/Invalid value for top_logprobs/);
    expect(server.count()).toBe(1);
  });

  it('times out a slow answer and retries it', async () => {
    server = await startOpenAIServer();
    // the retried request must answer within the timeout even on a loaded machine: 2 s, against a
    // first answer held 20 s
    server.faults.push({ kind: 'delay', ms: 20_000 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url, timeoutMs: 2_000 }, sched());
    expect((await model.generate({ messages: user('x') })).text).toBe('echo: x');
    expect(server.count()).toBe(2);
  });

  it('an aborted request rejects with the abort reason and is not retried', async () => {
    server = await startOpenAIServer();
    server.faults.push({ kind: 'hang' });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, sched());
    const ctrl = new AbortController();
    const p = model.generate({ messages: user('x'), signal: ctrl.signal });
    while (server.count() === 0) await new Promise((r) => setTimeout(r, 5));
    ctrl.abort(new Error('stop now'));
    await expect(p).rejects.toThrow('stop now');
    expect(server.count()).toBe(1);
  });
});

describe('openai-compatible provider', () => {
  it('parses <baseURL>#<model>, sends max_tokens and top_k, warns on string bias', async () => {
    server = await startOpenAIServer();
    const model = createOpenAICompatibleModel(`${server.url}/v1#Qwen/Qwen2.5-7B`, {}, sched());
    expect(model.id).toBe(`openai-compatible:${server.url}/v1#Qwen/Qwen2.5-7B`);
    const r = await model.generate({ messages: user('x'), params: { maxTokens: 4, topK: 5, logitBias: { byString: { a: 1 }, byTokenId: { '7': 2 } } } });
    expect(r.warnings.map((w) => w.setting)).toEqual(['logitBias.byString']);
    expect(server.requests[0]?.body).toMatchObject({ model: 'Qwen/Qwen2.5-7B', max_tokens: 4, top_k: 5, logit_bias: { '7': 2 } });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('rejects an id without a model or URL', () => {
    expect(() => createOpenAICompatibleModel('http://127.0.0.1:1/v1#', {}, sched())).toThrow(/no model name/);
    expect(() => createOpenAICompatibleModel('just-a-model', { env: {} }, sched())).toThrow(/no base URL/);
    expect(() => createOpenAICompatibleModel('ftp://x#m', {}, sched())).toThrow(/http/);
  });
});

describe('openai provider: a streamed error event', () => {
  it('never carries the key in the error it throws', async () => {
    const plain = 'plain-key-value-0123456789';
    const { startLoopback } = await import('../helpers/loopback/server.js');
    server = await startLoopback(async (_req, reply) => {
      await reply.sse([JSON.stringify({ error: { message: `bad key Bearer ${plain}; also ${plain}` } })]);
    });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: plain, baseURL: server.url, stream: true }, sched([], { maxRetries: 0 }));
    const err = await model.generate({ messages: user('x') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as Error).message).toMatch(/error in stream: bad key (Bearer )?\[redacted\]; also \[redacted\]/);
    expect((err as Error).message).not.toContain(plain);
  });
});
