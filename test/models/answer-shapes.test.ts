/**
 * Every provider's answer shapes, as its API reference documents them, replayed from loopback
 * servers (test/helpers/loopback): what the model layer makes of each — the answer text, the
 * reasoning kept beside it, the finish reason, and why an answer cannot be measured.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { INVALID } from '../../src/models/answer.js';
import { createAnthropicModel } from '../../src/models/anthropic/index.js';
import { createGeminiModel } from '../../src/models/gemini/index.js';
import { createLlamaCppModel } from '../../src/models/llamacpp/index.js';
import { createOllamaModel } from '../../src/models/ollama/index.js';
import { createOpenAICompatibleModel } from '../../src/models/openai-compatible/index.js';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import type { GenerateResult, LanguageModel } from '../../src/models/types.js';
import { Scheduler } from '../../src/runtime/scheduler.js';
import type { Answer } from '../helpers/loopback/answer.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
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
const SUMMARY = 'The council approved the budget.';
const THOUGHT = 'The article is about a budget vote; the council approved it.';

type Provider = 'openai' | 'openai-stream' | 'openai-compatible' | 'anthropic' | 'gemini' | 'ollama' | 'llamacpp';

async function ask(provider: Provider, answer: Answer, opts: Record<string, unknown> = {}, serverOpts: { prefillThink?: boolean } = {}): Promise<GenerateResult> {
  const respond = (): Answer => answer;
  let model: LanguageModel;
  switch (provider) {
    case 'openai':
    case 'openai-stream':
      server = await startOpenAIServer({ respond });
      model = createOpenAIModel('gpt-5-mini', { apiKey: KEY, baseURL: server.url, ...(provider === 'openai-stream' ? { stream: true } : {}), ...opts }, sched());
      break;
    case 'openai-compatible':
      server = await startOpenAIServer({ respond });
      model = createOpenAICompatibleModel(`${server.url}#Qwen/Qwen3-8B`, { env: {}, ...opts }, sched());
      break;
    case 'anthropic':
      server = await startAnthropicServer({ respond });
      model = createAnthropicModel('claude-sonnet-4-5', { apiKey: KEY, baseURL: server.url, ...opts }, sched());
      break;
    case 'gemini':
      server = await startGeminiServer({ respond });
      model = createGeminiModel('gemini-2.5-flash', { apiKey: KEY, baseURL: server.url, ...opts }, sched());
      break;
    case 'ollama':
      server = await startOllamaServer({ respond });
      model = createOllamaModel('qwen3:8b', { baseURL: server.url, ...opts }, sched());
      break;
    case 'llamacpp':
      server = await startLlamaCppServer({ respond, ...serverOpts });
      model = createLlamaCppModel(server.url, { env: {}, ...opts }, sched());
      break;
  }
  return model.generate({ messages: [{ role: 'user', content: 'Summarize the article.' }], params: { maxTokens: 500 } });
}

const ALL: Provider[] = ['openai', 'openai-stream', 'openai-compatible', 'anthropic', 'gemini', 'ollama', 'llamacpp'];

describe('a plain answer', () => {
  it.each(ALL)('%s: the text, finish stop, nothing invalid', async (p) => {
    const r = await ask(p, { text: SUMMARY, finish: 'stop', inputTokens: 20, outputTokens: 7 });
    expect(r.text).toBe(SUMMARY);
    expect(r.finishReason).toBe('stop');
    expect(r.invalid).toBeUndefined();
    expect(r.reasoning).toBeUndefined();
    expect(r.usage).toEqual({ inputTokens: 20, outputTokens: 7 });
  });
});

describe('reasoning in the provider\'s own field is kept beside the answer', () => {
  // llama.cpp's native /completion has no field: the server writes the reasoning as a <think> block
  it.each(['openai-stream', 'openai-compatible', 'anthropic', 'gemini', 'ollama', 'llamacpp'] as Provider[])('%s', async (p) => {
    const r = await ask(p, { text: SUMMARY, reasoning: THOUGHT, finish: 'stop', inputTokens: 20, outputTokens: 30 });
    expect(r.text).toBe(SUMMARY);
    expect(r.reasoning).toBe(THOUGHT);
    expect(r.invalid).toBeUndefined();
  });

  it('vLLM ≥ 0.10 names the field `reasoning` (non-streamed and streamed)', async () => {
    for (const stream of [false, true]) {
      const r = await ask('openai-compatible', { text: SUMMARY, reasoning: THOUGHT, reasoningField: 'reasoning' }, stream ? { stream: true } : {});
      expect([r.text, r.reasoning]).toEqual([SUMMARY, THOUGHT]);
      await server?.close();
    }
  });

  it('anthropic: a redacted_thinking block is counted as reasoning, its content unknown', async () => {
    const r = await ask('anthropic', { text: SUMMARY, reasoning: THOUGHT, redactedThinking: true });
    expect(r.text).toBe(SUMMARY);
    expect(r.reasoning).toBe(`${THOUGHT}\n\n[redacted thinking]`);
  });

  it('openai and gemini report reasoning tokens; they are part of the output tokens', async () => {
    const o = await ask('openai', { text: SUMMARY, inputTokens: 20, outputTokens: 300, reasoningTokens: 290 });
    expect(o.usage).toEqual({ inputTokens: 20, outputTokens: 300, reasoningTokens: 290 });
    await server?.close();
    const g = await ask('gemini', { text: SUMMARY, inputTokens: 20, outputTokens: 10, reasoningTokens: 290 });
    expect(g.usage).toEqual({ inputTokens: 20, outputTokens: 300, reasoningTokens: 290 });
  });
});

describe('reasoning written in the content is taken out of the answer', () => {
  const CONTENT_PROVIDERS: Provider[] = ['openai-stream', 'openai-compatible', 'anthropic', 'gemini', 'ollama', 'llamacpp'];
  it.each(CONTENT_PROVIDERS)('%s: a <think> block (Qwen3 / R1 served without a reasoning parser)', async (p) => {
    const r = await ask(p, { text: `<think>\n${THOUGHT}\n</think>\n\n${SUMMARY}` });
    expect(r.text).toBe(SUMMARY);
    expect(r.reasoning).toBe(THOUGHT);
    expect(r.invalid).toBeUndefined();
  });

  it.each(CONTENT_PROVIDERS)('%s: a lone closing tag after the opening tag the template pre-filled (DeepSeek-R1)', async (p) => {
    const r = await ask(p, { text: `${THOUGHT}\n</think>\n\n${SUMMARY}` });
    expect([r.text, r.reasoning]).toEqual([SUMMARY, THOUGHT]);
  });

  it('<thinking> and <reasoning> blocks too', async () => {
    const r = await ask('openai-compatible', { text: `<thinking>${THOUGHT}</thinking>${SUMMARY}<reasoning>checked</reasoning>` });
    expect([r.text, r.reasoning]).toEqual([SUMMARY, `${THOUGHT}\n\nchecked`]);
  });

  it('llamacpp: the template pre-fills <think>, the completion starts inside the block', async () => {
    const r = await ask('llamacpp', { text: `${THOUGHT}\n</think>\n\n${SUMMARY}` }, {}, { prefillThink: true });
    expect([r.text, r.reasoning]).toEqual([SUMMARY, THOUGHT]);
  });

  it('rawText keeps the text as sent (a reasoning field still stays apart)', async () => {
    const raw = `<think>${THOUGHT}</think>\n${SUMMARY}`;
    const r = await ask('openai-compatible', { text: raw, reasoning: 'field' }, { rawText: true });
    expect(r.text).toBe(raw);
    expect(r.reasoning).toBe('field');
  });

  it('an answer that is only reasoning is invalid', async () => {
    const r = await ask('openai-compatible', { text: `<think>${THOUGHT}</think>\n` });
    expect(r.text).toBe('');
    expect(r.invalid).toBe(INVALID.onlyReasoning);
    await server?.close();
    const f = await ask('ollama', { text: '', reasoning: THOUGHT, finish: 'stop' });
    expect(f.invalid).toBe(INVALID.onlyReasoning);
  });

  it('a block that never closes is invalid (the text after it is reasoning, not an answer)', async () => {
    const r = await ask('openai-compatible', { text: `<think>${THOUGHT} ${SUMMARY}`, finish: 'stop' });
    expect(r.text).toBe('');
    expect(r.reasoning).toBe(`${THOUGHT} ${SUMMARY}`);
    expect(r.invalid).toBe(INVALID.unclosed);
  });
});

describe('refused and filtered answers are invalid with their reason', () => {
  it('openai: message.refusal (content null)', async () => {
    for (const p of ['openai', 'openai-stream'] as Provider[]) {
      const r = await ask(p, { text: '', refusal: "I'm sorry, I can't help with that." });
      expect(r.invalid).toBe(INVALID.refused);
      expect(r.finishReason).toBe('refusal');
      await server?.close();
    }
  });

  it('openai: finish_reason content_filter after half a sentence', async () => {
    for (const p of ['openai', 'openai-stream'] as Provider[]) {
      const r = await ask(p, { text: 'The council approved the', finish: 'filter' });
      expect(r.text).toBe('The council approved the');
      expect(r.finishReason).toBe('content-filter');
      expect(r.invalid).toBe('filtered (content_filter)');
      await server?.close();
    }
  });

  it('anthropic: stop_reason refusal after "I cannot help"', async () => {
    const r = await ask('anthropic', { text: 'I cannot help', finish: 'refusal' });
    expect(r.finishReason).toBe('refusal');
    expect(r.invalid).toBe(INVALID.refused);
    expect(r.warnings).toEqual([]);
  });

  it('gemini: finishReason SAFETY with the partial text "No"', async () => {
    const r = await ask('gemini', { text: 'No', finish: 'filter' });
    expect(r.text).toBe('No');
    expect(r.finishReason).toBe('content-filter');
    expect(r.invalid).toBe('filtered (SAFETY)');
  });
});

describe('answers cut at the token limit are marked (the run decides whether they are measured)', () => {
  it.each(ALL)('%s', async (p) => {
    const r = await ask(p, { text: 'The council approved the budget after a long', finish: 'length' });
    expect(r.finishReason).toBe('length');
    expect(r.text).toBe('The council approved the budget after a long');
    expect(r.invalid).toBeUndefined();
  });
});

describe('a budget spent entirely on reasoning says so and names the setting that fixes it', () => {
  const cases: [Provider, Answer, RegExp, Record<string, unknown>?, { prefillThink?: boolean }?][] = [
    // gpt-5: reasoning_tokens = the limit, empty content, no reasoning text
    ['openai', { text: '', finish: 'length', outputTokens: 500, reasoningTokens: 500 }, /reasoningEffort/],
    ['openai-compatible', { text: `<think>${THOUGHT} and more`, finish: 'length' }, /think: false/],
    ['anthropic', { text: '', reasoning: THOUGHT, finish: 'length' }, /thinkingBudget/],
    // Gemini: only a thought part, or no parts at all, with MAX_TOKENS
    ['gemini', { text: '', reasoning: THOUGHT, finish: 'length', reasoningTokens: 500 }, /thinkingBudget/],
    ['gemini', { text: '', noParts: true, finish: 'length', reasoningTokens: 500 }, /thinkingBudget/],
    ['ollama', { text: '', reasoning: THOUGHT, finish: 'length' }, /think: false/],
    ['llamacpp', { text: `${THOUGHT} and more`, finish: 'length' }, /maxTokens/, {}, { prefillThink: true }],
  ];
  it.each(cases)('%s', async (p, answer, fix, opts, serverOpts) => {
    const r = await ask(p, answer, opts ?? {}, serverOpts ?? {});
    expect(r.text).toBe('');
    expect(r.finishReason).toBe('length');
    expect(r.invalid).toBe(INVALID.budgetOnReasoning);
    expect(r.warnings.map((w) => w.message)).toEqual([expect.stringMatching(fix)]);
    expect(r.warnings[0]?.message).toMatch(/whole token budget on reasoning/);
  });
});

describe('usage not reported stays unknown (never 0 tokens)', () => {
  it('openai stream without the usage chunk; gemini without usageMetadata', async () => {
    const o = await ask('openai-stream', { text: SUMMARY, noUsage: true });
    expect(o.usage).toBeUndefined();
    await server?.close();
    const g = await ask('gemini', { text: SUMMARY, noUsage: true });
    expect(g.usage).toBeUndefined();
  });
});
