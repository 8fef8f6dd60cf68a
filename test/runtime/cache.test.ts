import { afterEach, describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/runtime/store.js';
import { RequestCache, stripSecrets } from '../../src/runtime/cache.js';
import { canonicalJson, sha256Hex } from '../../src/runtime/canonical-json.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});
function fileStore(): { store: Store; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-cache-'));
  const path = join(dir, 'slant.db');
  const store = Store.open(path);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  return { store, path };
}
function memCache(): { cache: RequestCache; store: Store } {
  const store = Store.open(':memory:');
  cleanups.push(() => store.close());
  return { cache: new RequestCache(store), store };
}

const base = {
  provider: 'openai',
  model: 'gpt-x',
  request: { messages: [{ role: 'user', content: 'hi' }], params: { temperature: 0, maxTokens: 50, logprobs: 2 } },
};

describe('stripSecrets', () => {
  it('removes credential keys at any depth and keeps decoding parameters', () => {
    const v = {
      apiKey: 's1',
      api_key: 's2',
      headers: { Authorization: 'Bearer s3', 'x-api-key': 's4', 'content-type': 'json' },
      auth: [{ accessToken: 's5', password: 's6', clientSecret: 's7', bearer: 's8' }],
      params: { maxTokens: 5, max_tokens: 6, logprobs: 1, topLogprobs: 2 },
      logitBias: { byString: { token: -5 } },
    };
    expect(stripSecrets(v)).toEqual({
      headers: { 'content-type': 'json' },
      auth: [{}],
      params: { maxTokens: 5, max_tokens: 6, logprobs: 1, topLogprobs: 2 },
      logitBias: { byString: { token: -5 } },
    });
    expect(v.apiKey).toBe('s1'); // input untouched
  });
});

describe('RequestCache.key', () => {
  it('is the sha256 of the canonical JSON of provider, model and request', () => {
    const { cache } = memCache();
    expect(cache.key(base)).toBe(sha256Hex(canonicalJson(base)));
    expect(cache.key(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same string canonicalJson writes for the whole, whatever the provider, model and request hold', () => {
    const { cache } = memCache();
    const awkward = [
      { provider: 'p"q', model: 'm\\n\u2028é😀', request: { z: [1, undefined, { b: null, a: 'x' }], a: { toJSON: () => 'when' }, '': 0, é: -0 } },
      { provider: 'openai', model: 'gpt-x', request: undefined },
      { provider: 'openai', model: 'gpt-x', request: 'a bare string' },
      { provider: '', model: '', request: [] },
    ];
    for (const parts of awkward) expect(cache.key(parts)).toBe(sha256Hex(canonicalJson({ provider: parts.provider, model: parts.model, request: parts.request })));
    // what JSON cannot hold is named by its place in the whole
    expect(() => cache.key({ provider: 'p', model: 'm', request: { seed: NaN } })).toThrow(/\$\.request\.seed/);
  });

  it('stores the request as its canonical JSON, stripped of credentials', async () => {
    const { store, cache } = memCache();
    const parts = { provider: 'openai', model: 'gpt-x', request: { b: 2, a: 1, apiKey: 'sk-abcdefgh12345678', nested: { token: 'secret-token-value', keep: true } } };
    const { value } = await cache.getOrCompute(parts, async () => 'fresh');
    expect(value).toBe('fresh');
    expect(store.cacheGet(cache.key(parts))?.request_json).toBe('{"a":1,"b":2,"nested":{"keep":true}}');
  });

  it('ignores key order, secrets and abort signals, but not what changes the answer', () => {
    const { cache } = memCache();
    const k = cache.key(base);
    const reordered = { request: { params: { logprobs: 2, maxTokens: 50, temperature: 0 }, messages: base.request.messages }, model: 'gpt-x', provider: 'openai' };
    expect(cache.key(reordered)).toBe(k);
    const withSecrets = {
      ...base,
      request: { ...base.request, apiKey: 'sk-1', headers: { authorization: 'Bearer x', 'x-api-key': 'y' }, signal: new AbortController().signal },
    };
    expect(cache.key({ ...withSecrets, request: { ...withSecrets.request, headers: {} } })).toBe(cache.key({ ...base, request: { ...base.request, headers: {} } }));
    expect(cache.key({ ...base, request: { ...base.request, apiKey: 'sk-2' } })).toBe(k);
    expect(cache.key({ ...base, model: 'gpt-y' })).not.toBe(k);
    expect(cache.key({ ...base, provider: 'vllm' })).not.toBe(k);
    expect(cache.key({ ...base, request: { ...base.request, params: { ...base.request.params, maxTokens: 51 } } })).not.toBe(k);
    expect(cache.key({ ...base, request: { ...base.request, params: { ...base.request.params, logprobs: 3 } } })).not.toBe(k);
  });
});

describe('RequestCache get/put/stats/clear', () => {
  it('counts hits, stores the stripped request, and reports stats', async () => {
    const { cache } = memCache();
    const k = cache.key(base);
    expect(await cache.get(k)).toBeUndefined();
    await cache.put(k, { ...base, request: { ...base.request, apiKey: 'sk-secret' }, response: { text: 'ok' } });
    const first = await cache.get(k);
    expect(first).toMatchObject({ key: k, provider: 'openai', model: 'gpt-x', response: { text: 'ok' }, hits: 1 });
    expect(first?.request).toEqual(base.request);
    expect((await cache.get(k))?.hits).toBe(2);

    const k2 = cache.key({ ...base, model: 'other' });
    await cache.put(k2, { ...base, model: 'other', response: 'y' });
    const reqBytes = Buffer.byteLength(canonicalJson(base.request));
    // responses: '{"text":"ok"}' is 13 bytes, '"y"' is 3 bytes
    expect(await cache.stats()).toEqual({
      entries: 2,
      hits: 2,
      bytes: 2 * reqBytes + 13 + 3,
      byProvider: [
        { provider: 'openai', model: 'gpt-x', entries: 1, hits: 2 },
        { provider: 'openai', model: 'other', entries: 1, hits: 0 },
      ],
    });
  });

  it('clears by provider and by age', async () => {
    const { cache, store } = memCache();
    for (const [provider, model] of [['a', 'm1'], ['a', 'm2'], ['b', 'm1']] as const) {
      await cache.put(cache.key({ provider, model, request: 1 }), { provider, model, request: 1, response: 1 });
    }
    store.db.prepare("UPDATE cache SET created_at = ? WHERE model = 'm2'").run(new Date(Date.now() - 10 * 86_400_000).toISOString());
    expect(await cache.clear({ olderThanDays: 30 })).toBe(0);
    expect(await cache.clear({ olderThanDays: 7 })).toBe(1);
    expect(await cache.clear({ provider: 'b' })).toBe(1);
    expect((await cache.stats()).byProvider).toEqual([{ provider: 'a', model: 'm1', entries: 1, hits: 0 }]);
    expect(await cache.clear()).toBe(1);
    expect((await cache.stats()).entries).toBe(0);
  });
});

describe('RequestCache.getOrCompute', () => {
  it('computes once, then serves from the cache', async () => {
    const { cache } = memCache();
    let calls = 0;
    const compute = async () => ({ text: `answer ${++calls}`, lp: [-Infinity] });
    expect(await cache.getOrCompute(base, compute)).toEqual({ value: { text: 'answer 1', lp: [-Infinity] }, cached: false });
    expect(await cache.getOrCompute(base, compute)).toEqual({ value: { text: 'answer 1', lp: [-Infinity] }, cached: true });
    expect(calls).toBe(1);
  });

  it('does not cache errors', async () => {
    const { cache } = memCache();
    await expect(cache.getOrCompute(base, async () => Promise.reject(new Error('429')))).rejects.toThrow('429');
    expect((await cache.stats()).entries).toBe(0);
    expect(await cache.getOrCompute(base, async () => 'ok')).toEqual({ value: 'ok', cached: false });
  });

  it('honours isCacheable and noCache', async () => {
    const { cache } = memCache();
    const r1 = await cache.getOrCompute(base, async () => '', { isCacheable: (v) => v !== '' });
    expect(r1).toEqual({ value: '', cached: false });
    expect((await cache.stats()).entries).toBe(0);
    await cache.getOrCompute(base, async () => 'stored');
    let ran = false;
    const r2 = await cache.getOrCompute(base, async () => ((ran = true), 'fresh'), { noCache: true });
    expect(r2).toEqual({ value: 'fresh', cached: false });
    expect(ran).toBe(true);
    expect((await cache.get(cache.key(base)))?.response).toBe('stored');
  });

  it('returns but does not cache a value JSON cannot hold', async () => {
    const { cache } = memCache();
    expect(await cache.getOrCompute(base, async () => undefined)).toEqual({ value: undefined, cached: false });
    expect((await cache.stats()).entries).toBe(0);
  });

  it('deduplicates identical requests in flight', async () => {
    const { cache } = memCache();
    let calls = 0;
    let release: (v: string) => void = () => {};
    const compute = () => {
      calls++;
      return new Promise<string>((r) => (release = r));
    };
    const p1 = cache.getOrCompute(base, compute);
    const p2 = cache.getOrCompute({ ...base, request: { ...base.request, apiKey: 'other' } }, compute);
    const p3 = cache.getOrCompute({ ...base, model: 'different' }, async () => 'separate');
    release('shared');
    expect(await p1).toEqual({ value: 'shared', cached: false });
    expect(await p2).toEqual({ value: 'shared', cached: true });
    expect(await p3).toEqual({ value: 'separate', cached: false });
    expect(calls).toBe(1);
  });

  it('shares an in-flight failure and leaves nothing behind', async () => {
    const { cache } = memCache();
    let fail: (e: Error) => void = () => {};
    const compute = () => new Promise<string>((_r, j) => (fail = j));
    const p1 = cache.getOrCompute(base, compute);
    const p2 = cache.getOrCompute(base, compute);
    fail(new Error('down'));
    await expect(p1).rejects.toThrow('down');
    await expect(p2).rejects.toThrow('down');
    expect(await cache.getOrCompute(base, async () => 'later')).toEqual({ value: 'later', cached: false });
  });
});

describe('secrets never reach the database file', () => {
  it('finds neither the API key nor the bearer token in the .db or -wal bytes', async () => {
    const { store, path } = fileStore();
    const cache = new RequestCache(store);
    const SECRET = 'sk-SECRET-7f3a9c';
    const BEARER = 'tok-BEARER-2b8e11';
    const MARKER = 'visible-marker-5d1c';
    const request = {
      ...base.request,
      messages: [{ role: 'user', content: MARKER }],
      apiKey: SECRET,
      headers: { Authorization: `Bearer ${BEARER}`, 'x-api-key': SECRET },
      nested: { deeper: { api_key: SECRET, password: SECRET } },
    };
    await cache.getOrCompute({ provider: 'openai', model: 'm', request }, async () => ({ text: 'fine' }));
    const bytes = (): string =>
      [path, `${path}-wal`].filter(existsSync).map((p) => readFileSync(p).toString('latin1')).join('');
    // the marker proves the search sees what was written (WAL before checkpoint)
    expect(bytes()).toContain(MARKER);
    expect(bytes()).not.toContain(SECRET);
    expect(bytes()).not.toContain(BEARER);
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(bytes()).toContain(MARKER);
    expect(bytes()).not.toContain(SECRET);
    expect(bytes()).not.toContain(BEARER);
  });
});

describe('RequestCache checked again when a scheduler slot frees', () => {
  it('a queued request whose answer another process stored meanwhile is not sent', async () => {
    const { Scheduler } = await import('../../src/runtime/scheduler.js');
    const { path, store: storeA } = fileStore();
    const storeB = Store.open(path); // a second process on the same store file
    cleanups.push(() => storeB.close());
    const cacheA = new RequestCache(storeA);
    const cacheB = new RequestCache(storeB);
    const scheduler = new Scheduler({ concurrency: { p: 1 } });
    let release!: () => void;
    const blocker = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    /** a provider call through the scheduler, as the HTTP models make it */
    const send = (body: string, wait?: Promise<void>) => () =>
      scheduler.run('p', async () => {
        sent.push(body);
        if (wait) await wait;
        return { text: `answer to ${body}` };
      });
    const parts = (body: string) => ({ provider: 'p', model: 'm', request: { body } });
    const first = cacheA.getOrCompute(parts('x'), send('x', blocker));
    const queued = cacheA.getOrCompute(parts('y'), send('y'));
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(['x']); // y waits for the only slot
    // meanwhile the other process gets y answered and stored
    await cacheB.getOrCompute(parts('y'), async () => ({ text: 'answer to y (process B)' }));
    release();
    await first;
    const y = await queued;
    expect(sent).toEqual(['x']); // y was never sent by process A
    expect(y).toEqual({ value: { text: 'answer to y (process B)' }, cached: true });
    expect(scheduler.stats().providers.p?.servedWhileQueued).toBe(1);
    expect(scheduler.stats().providers.p?.inFlight).toBe(0);
  });

  it('a request that takes a free slot at once is looked up once; one that waited, and a retry after its back-off, again', async () => {
    const { Scheduler } = await import('../../src/runtime/scheduler.js');
    const { store } = fileStore();
    const lookups: string[] = [];
    const cacheGet = store.cacheGet.bind(store);
    store.cacheGet = (key: string) => {
      lookups.push(key);
      return cacheGet(key);
    };
    const cache = new RequestCache(store);
    const scheduler = new Scheduler({ concurrency: { p: 1 }, baseDelayMs: 1, minDelayMs: 1, maxRetries: 2 });
    let release!: () => void;
    const blocker = new Promise<void>((r) => (release = r));
    let failures = 1;
    const send = (body: string, wait?: Promise<void>) => () =>
      scheduler.run('p', async () => {
        if (wait) await wait;
        if (body === 'z' && failures-- > 0) throw Object.assign(new Error('busy'), { status: 503, retryable: true });
        return { text: `answer to ${body}` };
      });
    const parts = (body: string) => ({ provider: 'p', model: 'm', request: { body } });
    const keyOf = (body: string) => cache.key(parts(body));
    const first = cache.getOrCompute(parts('x'), send('x', blocker));
    const queued = cache.getOrCompute(parts('y'), send('y'));
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([first, queued]);
    // x took the free slot: its caller's look-up only; y waited for the slot: looked up again before sending
    expect(lookups.filter((k) => k === keyOf('x'))).toHaveLength(1);
    expect(lookups.filter((k) => k === keyOf('y'))).toHaveLength(2);
    // z failed once and was sent again after its back-off: looked up again before the retry
    expect(await cache.getOrCompute(parts('z'), send('z'))).toEqual({ value: { text: 'answer to z' }, cached: false });
    expect(lookups.filter((k) => k === keyOf('z'))).toHaveLength(2);
  });
});
