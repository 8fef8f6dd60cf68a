import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { createEmbedder } from '../../src/judges/registry.js';
import { resolvePrefixes } from '../../src/models/embedder.js';
import { createOllamaEmbedder } from '../../src/models/ollama/embedder.js';
import { createOpenAICompatibleEmbedder } from '../../src/models/openai-compatible/embedder.js';
import { createOpenAIEmbedder } from '../../src/models/openai/embedder.js';
import { Scheduler } from '../../src/runtime/scheduler.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import { startOpenAIServer, toyEmbedding } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const sched = (): Scheduler => new Scheduler({ sleep: () => Promise.resolve() });

describe('HTTP embedders', () => {
  it('openai: batches, keeps order by index, sends dimensions', async () => {
    server = await startOpenAIServer({ apiKey: 'k-123456' });
    const e = createOpenAIEmbedder('text-embedding-3-small', { apiKey: 'k-123456', baseURL: server.url, batchSize: 2, dimensions: 3, scheduler: sched() });
    const v = await e.embed(['a', 'bb', 'ccc']);
    expect(v.map((x) => Array.from(x))).toEqual([toyEmbedding('a'), toyEmbedding('bb'), toyEmbedding('ccc')]);
    expect(server.count('/embeddings')).toBe(2);
    expect(server.requests[0]?.body).toEqual({ model: 'text-embedding-3-small', input: ['a', 'bb'], encoding_format: 'float', dimensions: 3 });
    expect(e.mode).toBe('independent');
    expect(e.version).toBe('embeddings/1+dim3');
  });

  it('openai-compatible (TEI): e5 prefixes by kind, recorded in the version', async () => {
    server = await startOpenAIServer();
    const e = createOpenAICompatibleEmbedder(`${server.url}/v1#intfloat/e5-small-v2`, { prefixes: 'e5', scheduler: sched() });
    await e.embed(['find me'], { kind: 'query' });
    await e.embed(['a doc'], { kind: 'passage' });
    await e.embed(['plain']);
    expect(server.requests.map((r) => (r.body as { input: string[] }).input[0])).toEqual(['query: find me', 'passage: a doc', 'plain']);
    expect(e.version).toBe('embeddings/1+prefix("query: ","passage: ")');
    expect(e.id).toBe(`openai-compatible:${server.url}/v1#intfloat/e5-small-v2`);
  });

  it('ollama: /api/embed with a batch input; retries a 500', async () => {
    server = await startOllamaServer();
    server.faults.push({ kind: 'status', status: 500 });
    const e = createOllamaEmbedder('nomic-embed-text', { baseURL: server.url, prefixes: { query: 'search_query: ' }, scheduler: sched() });
    const v = await e.embed(['x', 'yy'], { kind: 'query' });
    expect(v.map((x) => Array.from(x))).toEqual([toyEmbedding('search_query: x'), toyEmbedding('search_query: yy')]);
    expect(server.requests[1]?.body).toEqual({ model: 'nomic-embed-text', input: ['search_query: x', 'search_query: yy'] });
  });

  it('validates prefixes', () => {
    expect(resolvePrefixes('e5')).toEqual({ query: 'query: ', passage: 'passage: ' });
    expect(() => resolvePrefixes({ doc: 'x' })).toThrow(/prefixes/);
  });

  it("judges get a provider's embedder through the provider registry, with the config's provider options", async () => {
    server = await startOpenAIServer({ apiKey: 'k-654321' });
    const e = await createEmbedder('openai:text-embedding-3-small', { openai: { apiKey: 'k-654321', baseURL: server.url, dimensions: 2 } });
    expect(e.id).toBe('openai:text-embedding-3-small');
    expect(e.version).toBe('embeddings/1+dim2');
    await e.embed(['one']);
    expect(server.requests[0]?.body).toMatchObject({ model: 'text-embedding-3-small', input: ['one'], dimensions: 2 });
  });

  it('a provider without embeddings, or an unknown one, is a UserError naming the ids that embed', async () => {
    const err = (await createEmbedder('anthropic:claude-haiku-4-5').catch((x: unknown) => x)) as UserError;
    expect(err).toBeInstanceOf(UserError);
    expect(err.message).toBe('no embeddings for provider "anthropic"; use tfidf, openai:<model>, ollama:<model>, openai-compatible:<baseURL>#<model>');
    await expect(createEmbedder('nosuch:model')).rejects.toThrow(/no embeddings for provider "nosuch"/);
    await expect(createEmbedder('openai:')).rejects.toThrow(/unknown embedder|expected "<provider>:<model>"/);
  });
});
