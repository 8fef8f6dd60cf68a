/** The reasoning options of each provider reach the request as its API documents them; bad values are refused. */
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { createAnthropicModel } from '../../src/models/anthropic/index.js';
import { createGeminiModel } from '../../src/models/gemini/index.js';
import { createOllamaModel } from '../../src/models/ollama/index.js';
import { createOpenAICompatibleModel } from '../../src/models/openai-compatible/index.js';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { PROVIDER_OPTION_KEYS } from '../../src/models/provider-options.js';
import { Scheduler } from '../../src/runtime/scheduler.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const sched = (): Scheduler => new Scheduler({ sleep: () => Promise.resolve(), random: () => 0 });
const KEY = 'sk-test-KEY-abcdef123456';
const msgs = [{ role: 'user' as const, content: 'hi' }];
const body = (): Record<string, unknown> => server?.requests[0]?.body as Record<string, unknown>;

describe('reasoning options on the wire', () => {
  it('openai: reasoningEffort → reasoning_effort', async () => {
    server = await startOpenAIServer();
    await createOpenAIModel('gpt-5-mini', { apiKey: KEY, baseURL: server.url, reasoningEffort: 'low' }, sched()).generate({ messages: msgs });
    expect(body().reasoning_effort).toBe('low');
  });

  it('openai-compatible: think → chat_template_kwargs.enable_thinking (Qwen3 on vLLM)', async () => {
    server = await startOpenAIServer();
    await createOpenAICompatibleModel(`${server.url}#Qwen/Qwen3-8B`, { env: {}, think: false }, sched()).generate({ messages: msgs });
    expect(body().chat_template_kwargs).toEqual({ enable_thinking: false });
  });

  it('ollama: think (true, false or an effort) → think', async () => {
    server = await startOllamaServer();
    await createOllamaModel('qwen3', { baseURL: server.url, think: false }, sched()).generate({ messages: msgs });
    expect(body().think).toBe(false);
    await createOllamaModel('gpt-oss', { baseURL: server.url, think: 'high' }, sched()).generate({ messages: msgs });
    expect((server.requests[1]?.body as Record<string, unknown>).think).toBe('high');
  });

  it('ollama sends no think unless set (the model\'s default)', async () => {
    server = await startOllamaServer();
    await createOllamaModel('qwen3', { baseURL: server.url }, sched()).generate({ messages: msgs });
    expect(body()).not.toHaveProperty('think');
  });

  it('anthropic: thinkingBudget → thinking.budget_tokens; max_tokens raised above it; temperature not sent', async () => {
    server = await startAnthropicServer();
    const r = await createAnthropicModel('claude-sonnet-4-5', { apiKey: KEY, baseURL: server.url, thinkingBudget: 2048 }, sched()).generate({ messages: msgs, params: { maxTokens: 500, temperature: 0 } });
    expect(body().thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(body().max_tokens).toBe(2548);
    expect(body()).not.toHaveProperty('temperature');
    expect(r.warnings.map((w) => w.message).join('\n')).toMatch(/accepts no temperature[\s\S]*max_tokens was raised to 2548/);
  });

  it('gemini: thinkingBudget → generationConfig.thinkingConfig.thinkingBudget (0 switches thinking off)', async () => {
    server = await startGeminiServer();
    await createGeminiModel('gemini-2.5-flash', { apiKey: KEY, baseURL: server.url, thinkingBudget: 0 }, sched()).generate({ messages: msgs });
    expect((body().generationConfig as Record<string, unknown>).thinkingConfig).toEqual({ thinkingBudget: 0 });
  });

  it('bad values are a UserError naming the option and what it takes', () => {
    const bad: [() => unknown, RegExp][] = [
      [() => createOpenAIModel('gpt-5', { apiKey: KEY, reasoningEffort: 'max' }, sched()), /reasoningEffort is "max"; expected one of none, minimal, low, medium, high/],
      [() => createOllamaModel('qwen3', { think: 'yes' }, sched()), /think is "yes"; expected true or false or one of low, medium, high/],
      [() => createAnthropicModel('claude-x', { apiKey: KEY, thinkingBudget: 500 }, sched()), /thinkingBudget is 500; expected an integer ≥ 1024/],
      [() => createGeminiModel('gemini-x', { apiKey: KEY, thinkingBudget: -2 }, sched()), /thinkingBudget is -2; expected an integer ≥ 0 \(or -1\)/],
      [() => createOpenAICompatibleModel('http://127.0.0.1:1/v1#m', { env: {}, rawText: 'yes' }, sched()), /rawText is "yes"; expected true or false/],
    ];
    for (const [make, msg] of bad) {
      expect(make).toThrow(UserError);
      expect(make).toThrow(msg);
    }
  });

  it('every reasoning option is one the config accepts for its provider (and so keyed in the request cache)', () => {
    expect(PROVIDER_OPTION_KEYS.openai).toEqual(expect.arrayContaining(['reasoningEffort', 'rawText']));
    expect(PROVIDER_OPTION_KEYS['openai-compatible']).toEqual(expect.arrayContaining(['reasoningEffort', 'think', 'rawText']));
    expect(PROVIDER_OPTION_KEYS.anthropic).toEqual(expect.arrayContaining(['thinkingBudget', 'rawText']));
    expect(PROVIDER_OPTION_KEYS.gemini).toEqual(expect.arrayContaining(['thinkingBudget', 'rawText']));
    expect(PROVIDER_OPTION_KEYS.ollama).toEqual(expect.arrayContaining(['think', 'rawText']));
    expect(PROVIDER_OPTION_KEYS.llamacpp).toEqual(expect.arrayContaining(['rawText']));
    expect(PROVIDER_OPTION_KEYS.gguf).toEqual(expect.arrayContaining(['rawText']));
  });
});
