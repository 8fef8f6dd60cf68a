import { afterEach, describe, expect, it } from 'vitest';
import { createOllamaEmbedder } from '../../../src/judges/embedders/ollama-embedder.js';
import { createOpenAICompatibleEmbedder } from '../../../src/judges/embedders/openai-compatible-embedder.js';
import { createOpenAIEmbedder, resolvePrefixes } from '../../../src/judges/embedders/openai-embedder.js';
import { Scheduler } from '../../../src/runtime/scheduler.js';
import { startOllamaServer } from '../../helpers/loopback/ollama-server.js';
import { startOpenAIServer, toyEmbedding } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';

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
});
