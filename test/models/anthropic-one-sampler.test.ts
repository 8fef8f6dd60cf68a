import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/models/anthropic/index.js';
import { takesOneSampler } from '../../src/models/anthropic/one-sampler.js';
import { Scheduler } from '../../src/runtime/scheduler.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

const KEY = 'sk-ant-one-sampler-1234';
let server: LoopbackServer;
beforeAll(async () => {
  server = await startAnthropicServer({ apiKey: KEY });
});
afterAll(async () => server.close());

const chat = [{ role: 'user' as const, content: 'summarize this' }];
const model = (id: string) => createAnthropicModel(id, { apiKey: KEY, baseURL: server.url }, new Scheduler({ maxRetries: 0 }));
const lastBody = (): Record<string, unknown> => server.requests.at(-1)?.body as Record<string, unknown>;

describe('Claude models that take temperature or top_p, not both', () => {
  it('knows which models: Opus 4.1, the 4.5 models and later, dated or not; not Sonnet 4 or Claude 3.x', () => {
    for (const id of ['claude-opus-4-1-20250805', 'claude-opus-4-1', 'claude-sonnet-4-5', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001', 'claude-opus-4-5', 'claude-sonnet-4-6', 'claude-opus-5']) expect(takesOneSampler(id), id).toBe(true);
    for (const id of ['claude-sonnet-4-20250514', 'claude-opus-4-20250514', 'claude-3-7-sonnet-20250219', 'claude-3-5-haiku-latest', 'claude-sonnet-4-0']) expect(takesOneSampler(id), id).toBe(false);
  });

  it("certainty's top-p setting (temperature 1, top_p 0.9) sends top_p alone: the same sampling, with a warning", async () => {
    const r = await model('claude-sonnet-4-5').generate({ messages: chat, params: { temperature: 1, topP: 0.9, maxTokens: 50 } });
    expect(lastBody()).toMatchObject({ top_p: 0.9 });
    expect(lastBody()).not.toHaveProperty('temperature');
    expect(r.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported-setting', setting: 'temperature', message: expect.stringMatching(/sent top_p 0\.9 alone \(temperature 1 is the API's default/) }));
  });

  it('top_p 1 sends temperature alone; two non-default values send temperature and say top_p was not applied', async () => {
    const a = await model('claude-haiku-4-5-20251001').generate({ messages: chat, params: { temperature: 0.2, topP: 1 } });
    expect(lastBody()).toMatchObject({ temperature: 0.2 });
    expect(lastBody()).not.toHaveProperty('top_p');
    expect(a.warnings.map((w) => w.message).join('\n')).toMatch(/top_p 1 keeps every token/);
    const b = await model('claude-opus-4-1').generate({ messages: chat, params: { temperature: 0.7, topP: 0.5 } });
    expect(lastBody()).toMatchObject({ temperature: 0.7 });
    expect(lastBody()).not.toHaveProperty('top_p');
    expect(b.warnings).toContainEqual(expect.objectContaining({ setting: 'topP', message: expect.stringMatching(/top_p 0\.5 NOT applied/) }));
  });

  it('older models still get both, without a warning', async () => {
    const r = await model('claude-sonnet-4-20250514').generate({ messages: chat, params: { temperature: 0.7, topP: 0.5 } });
    expect(lastBody()).toMatchObject({ temperature: 0.7, top_p: 0.5 });
    expect(r.warnings.filter((w) => w.type === 'unsupported-setting')).toEqual([]);
  });
});
