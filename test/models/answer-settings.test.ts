/**
 * Every option a provider reads either changes the request-cache key or is listed with the reason
 * it cannot change an answer. The walk goes over PROVIDER_OPTION_KEYS, so an option added there
 * without a value below, or one that reaches the model but not the key, fails here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSettings, UNKEYED_OPTIONS, unkeyedReason } from '../../src/models/answer-settings.js';
import { createGgufModel } from '../../src/models/gguf/index.js';
import { PROVIDER_OPTION_KEYS } from '../../src/models/provider-options.js';
import { createModel } from '../../src/models/registry.js';
import type { GenerateRequest, LanguageModel } from '../../src/models/types.js';
import { RequestCache } from '../../src/runtime/cache.js';
import { requestCacheParts, withRequestCache } from '../../src/runtime/model-context.js';
import { Scheduler } from '../../src/runtime/scheduler.js';
import { Store } from '../../src/runtime/store.js';
import { writeTinyGguf, type TinyGguf } from '../helpers/tiny-gguf.js';

process.env.NODE_LLAMA_CPP_SKIP_DOWNLOAD = 'true';

/** Two different values of every option any provider reads. */
const VALUES: Record<string, [unknown, unknown]> = {
  baseURL: ['http://127.0.0.1:1/v1', 'http://127.0.0.1:2/v1'],
  timeoutMs: [1_000, 2_000],
  headers: [{ 'x-feature': 'a' }, { 'x-feature': 'b' }],
  organization: ['org-a', 'org-b'],
  project: ['proj-a', 'proj-b'],
  stream: [false, true],
  strictJsonSchema: [false, true],
  keepAlive: ['1m', '5m'],
  // llama.cpp rounds a context up to a multiple of 256: the key holds the size used
  contextSize: [256, 512],
  threads: [1, 2],
  seed: [1, 2],
  chatTemplate: ['plain', 'guess'],
  gpu: [false, true],
  versionFrom: ['sha256', 'stat'],
  // reasoning models (docs/providers.md, "Reasoning models")
  reasoningEffort: ['low', 'high'],
  think: [false, true],
  thinkingBudget: [1024, 2048],
  rawText: [false, true],
};

/** A model id per provider (a base URL in the id for those that carry one: then options.baseURL is not read). */
const IDS: Record<string, string> = {
  openai: 'openai:gpt-4o-mini',
  'openai-compatible': 'openai-compatible:m',
  anthropic: 'anthropic:claude-x',
  gemini: 'gemini:gemini-x',
  ollama: 'ollama:llama3.2',
  llamacpp: 'llamacpp:',
  replay: 'replay:x.jsonl',
  builtin: 'builtin:lead-3',
};

const req: GenerateRequest = { messages: [{ role: 'user', content: 'Classify: good' }], params: { temperature: 0, maxTokens: 5 } };
const store = Store.open(':memory:');
const cache = new RequestCache(store);
const keyOf = (m: LanguageModel): string => cache.key(requestCacheParts(m, { messages: req.messages, params: req.params ?? {} }));

const dir = mkdtempSync(join(tmpdir(), 'slant-keys-'));
let tiny: TinyGguf;
const loaded: { dispose(): Promise<void> }[] = [];
beforeAll(() => {
  tiny = writeTinyGguf(join(dir, 'tiny.gguf'));
});
afterAll(async () => {
  for (const m of loaded) await m.dispose();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function make(provider: string, options: Record<string, unknown>): Promise<LanguageModel> {
  if (provider === 'gguf') {
    const m = await createGgufModel(tiny.path, { contextSize: 256, ...options });
    loaded.push(m);
    return m;
  }
  return createModel(IDS[provider] as string, { apiKey: 'sk-test-key-000000', ...options, scheduler: new Scheduler() });
}

describe('request-cache key over every provider option', () => {
  it('every option of every provider has two values to try, and every unkeyed option a reason', () => {
    for (const [provider, keys] of Object.entries(PROVIDER_OPTION_KEYS)) for (const k of keys) expect(VALUES[k], `${provider}.${k}: add two values to VALUES`).toBeDefined();
    for (const reasons of Object.values(UNKEYED_OPTIONS)) for (const why of Object.values(reasons)) expect(why.length).toBeGreaterThan(20);
  });

  for (const [provider, keys] of Object.entries(PROVIDER_OPTION_KEYS))
    for (const k of keys)
      it(`${provider}.${k}: ${unkeyedReason(provider, k) === undefined ? 'two values give two keys' : 'not keyed, with a reason'}`, async () => {
        const [a, b] = VALUES[k] as [unknown, unknown];
        // llamacpp and openai-compatible read options.baseURL only when the id has none
        const id = (p: string, v: Record<string, unknown>) => (p === 'openai-compatible' && v.baseURL === undefined ? { baseURL: 'http://127.0.0.1:3/v1', ...v } : v);
        const ma = await make(provider, id(provider, { [k]: a }));
        const mb = await make(provider, id(provider, { [k]: b }));
        if (unkeyedReason(provider, k) === undefined) expect(keyOf(ma), `${provider}.${k} reaches the model but not the cache key`).not.toBe(keyOf(mb));
        // an unkeyed option changes nothing in the key, unless it changes the model version (versionFrom)
        else if (ma.version === mb.version) expect(keyOf(ma)).toBe(keyOf(mb));
      });

  it('no options: the key is the one made before settings were keyed (stored answers stay valid)', async () => {
    const m = await make('openai', {});
    expect(m.settings).toEqual({});
    expect(requestCacheParts(m, { messages: req.messages, params: req.params ?? {} }).request).toEqual({ version: m.version, messages: req.messages, params: req.params });
  });

  it('a base URL from the environment is keyed; the default is not', async () => {
    const viaEnv = await createModel('openai:gpt-4o-mini', { apiKey: 'sk-test-key-000000', env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } });
    expect(viaEnv.settings).toEqual({ baseURL: 'http://127.0.0.1:9/v1' });
    const byDefault = await createModel('openai:gpt-4o-mini', { apiKey: 'sk-test-key-000000', env: {} });
    expect(byDefault.settings).toEqual({});
  });

  it('credential headers are not keyed, other headers only by their digest: no header value is stored with a request', () => {
    const s = answerSettings('openai', { headers: { 'x-portkey-api-key': 'pk-1234567890', 'x-feature': 'beta-7' } });
    expect(s.headers).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(s)).not.toMatch(/beta-7|pk-1234567890/);
    expect(answerSettings('openai', { headers: { 'x-portkey-api-key': 'pk-other-99999' , 'x-feature': 'beta-7' } }).headers).toBe(s.headers);
    expect(answerSettings('openai', { headers: { authorization: 'Bearer x' } })).toEqual({});
  });

  it('gguf: an answer made with one context size is not served for another (nor for another chat template)', async () => {
    const run = async (o: Record<string, unknown>) => withRequestCache(await make('gguf', o), cache).generate({ messages: req.messages, params: { temperature: 0, maxTokens: 4, seed: 1 } });
    expect((await run({ contextSize: 256 })).cached).toBe(false);
    expect((await run({ contextSize: 256 })).cached).toBe(true);
    expect((await run({ contextSize: 512 })).cached).toBe(false);
    expect((await run({ contextSize: 256, chatTemplate: 'plain' })).cached).toBe(false);
  });
});
