/**
 * Model middleware keeps abilities: a gguf model wrapped by a run's ModelContext (request cache +
 * usage tracking) still decodes step-wise, and step-wise calls are cached under a key that holds
 * the controller's id and parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepController } from '../../src/models/stepwise.js';
import type { ChatMessage } from '../../src/models/types.js';
import { RequestCache } from '../../src/runtime/cache.js';
import { ModelContext } from '../../src/runtime/model-context.js';
import { Store } from '../../src/runtime/store.js';
import { weightedTokenDecoding, weightedTokenOptions } from '../../src/mitigations/decode/weighted-token-decoding.js';
import { context } from '../helpers/summary-task.js';
import { loadTinyModel, type LoadedTiny } from '../helpers/tiny-gguf-model.js';

let t: LoadedTiny;
let store: Store;
const ask: ChatMessage[] = [{ role: 'user', content: 'hello the good news' }];

beforeAll(async () => {
  t = await loadTinyModel({}, 256);
  store = Store.open(':memory:');
});
afterAll(async () => {
  store?.close();
  await t?.dispose();
});

/** forbids the top token at every step with probability `params.every`-th step; counts its calls */
function forbidTop(every: number): StepController & { calls: number } {
  return {
    id: 'test-forbid-top',
    params: { every },
    calls: 0,
    onStep(s) {
      this.calls++;
      return s.step % every === 0 ? { kind: 'forbid', tokens: [s.topK[0]?.token as number], note: { forbade: s.topK[0]?.token } } : { kind: 'sample' };
    },
  };
}

describe('ModelContext keeps the step-wise ability', () => {
  it('a wrapped gguf model still decodes step-wise, with the same tokens as the bare model', async () => {
    const ctx = new ModelContext(new RequestCache(store));
    const wrapped = ctx.wrap(t.model);
    expect(typeof wrapped.stepwise).toBe('function');
    const bare = await t.model.stepwise({ messages: ask, maxTokens: 8, seed: 3, temperature: 0.7, controller: forbidTop(2) });
    const c = forbidTop(2);
    const viaWrapper = await wrapped.stepwise?.({ messages: ask, maxTokens: 8, seed: 3, temperature: 0.7, controller: c });
    expect(viaWrapper?.tokens).toEqual(bare.tokens);
    expect(viaWrapper?.cached).toBe(false);
    expect(c.calls).toBe(8);
    expect(viaWrapper?.steps[0]?.note).toEqual({ forbade: bare.steps[0]?.top[0]?.token });
  });

  it('a second identical call is a cache hit (the controller is not run); other params are another key', async () => {
    const ctx = new ModelContext(new RequestCache(store));
    const wrapped = ctx.wrap(t.model);
    const opts = { messages: ask, maxTokens: 6, seed: 11, temperature: 0.9 };
    const first = await wrapped.stepwise?.({ ...opts, controller: forbidTop(3) });
    const again = forbidTop(3);
    const second = await wrapped.stepwise?.({ ...opts, controller: again });
    expect(first?.cached).toBe(false);
    expect(second?.cached).toBe(true);
    expect(again.calls).toBe(0);
    expect(second?.tokens).toEqual(first?.tokens);
    expect(second?.steps.map((s) => s.note)).toEqual(first?.steps.map((s) => s.note));
    const other = forbidTop(1);
    const third = await wrapped.stepwise?.({ ...opts, controller: other });
    expect(third?.cached).toBe(false);
    expect(other.calls).toBe(6);
    // a different controller id with the same params is another key too
    const renamed = { ...forbidTop(3), id: 'test-forbid-top-v2' };
    expect((await wrapped.stepwise?.({ ...opts, controller: renamed }))?.cached).toBe(false);
    // usage: 4 requests, 1 from the cache; the live ones' prompt and answer tokens are counted
    const u = ctx.usage.get(t.model.id);
    expect(u?.requests).toBe(4);
    expect(u?.cachedRequests).toBe(1);
    expect(u?.outputTokens).toBe(18);
  });

  it('a controller without an id is never cached; usage counts the aux prompt of a two-sequence call', async () => {
    const ctx = new ModelContext(new RequestCache(store));
    const wrapped = ctx.wrap(t.model);
    const anon: StepController = { onStep: () => ({ kind: 'sample' }) };
    const a = await wrapped.stepwise?.({ messages: ask, maxTokens: 4, seed: 1, controller: anon });
    const b = await wrapped.stepwise?.({ messages: ask, maxTokens: 4, seed: 1, controller: anon });
    expect(a?.cached).toBe(false);
    expect(b?.cached).toBe(false);
    const aux: ChatMessage[] = [{ role: 'user', content: 'be very sad and terrible. hello the good news' }];
    const before = ctx.usage.get(t.model.id)?.inputTokens ?? 0;
    const r = await wrapped.stepwise?.({ messages: ask, auxMessages: aux, maxTokens: 4, seed: 1, controller: { ...forbidTop(2), id: 'aux-test' } });
    const after = ctx.usage.get(t.model.id)?.inputTokens ?? 0;
    expect(r?.usage.auxInputTokens).toBeGreaterThan(r?.usage.inputTokens as number);
    expect(after - before).toBe((r?.usage.inputTokens as number) + (r?.usage.auxInputTokens as number));
  });

  it('a decoding mitigation through the wrapped model: repeated → served from the cache; other options → computed', async () => {
    const ctx = new ModelContext(new RequestCache(store));
    const wrapped = ctx.wrap(t.model);
    const run = (wNeg: number) => weightedTokenDecoding.run(context(wrapped, weightedTokenOptions.parse({ wNeg }), { temperature: 0.8, maxTokens: 8, seed: 3 }));
    const a = await run(0.3);
    const b = await run(0.3);
    const c = await run(0.1);
    expect([a.cached, b.cached, c.cached]).toEqual([false, true, false]);
    expect(b.fields).toEqual(a.fields);
    expect(b.steps).toEqual(a.steps);
  });

  it('a model without the ability stays without it after wrapping', () => {
    const ctx = new ModelContext(new RequestCache(store));
    const plain = ctx.wrap({ id: 'x:y', version: '1', provider: 'ollama', capabilities: t.model.capabilities, generate: () => Promise.reject(new Error('unused')) });
    expect(plain.stepwise).toBeUndefined();
  });
});
