import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { FileBatchState, MemoryBatchState, runOpenAIBatch, type BatchItem } from '../../src/models/openai/batch.js';
import { Scheduler, type SleepFn } from '../../src/runtime/scheduler.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

const KEY = 'sk-batch-test-key-000';
let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scheduler = (): Scheduler => new Scheduler({ sleep: () => Promise.resolve() });
const items = (...prompts: string[]): BatchItem[] =>
  prompts.map((p, i) => ({ customId: `c${i}`, request: { messages: [{ role: 'user', content: p }], params: { temperature: 0, topK: 3 } } }));

describe('OpenAI Batch API run mode', () => {
  it('uploads the JSONL, creates the batch, polls, and collects results with warnings', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 3 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: `${server.url}/v1` }, scheduler());
    const polls: number[] = [];
    const sleep: SleepFn = (ms) => {
      polls.push(ms);
      return Promise.resolve();
    };
    const statuses: string[] = [];
    const out = await runOpenAIBatch(model, items('a', 'b'), { sleep, pollIntervalMs: 1234, onProgress: (p) => statuses.push(p.status) });
    expect(out.get('c0')?.result?.text).toBe('echo: a');
    expect(out.get('c1')?.result).toMatchObject({ text: 'echo: b', usage: { inputTokens: 1, outputTokens: 2 }, cached: false, finishReason: 'stop' });
    expect(out.get('c0')?.result?.warnings.map((w) => w.setting)).toEqual(['topK']);
    expect(statuses).toEqual(['in_progress', 'in_progress', 'completed']);
    expect(polls).toEqual([1234, 1234]);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/files',
      'POST /v1/batches',
      'GET /v1/batches/batch_1',
      'GET /v1/batches/batch_1',
      'GET /v1/batches/batch_1',
      'GET /v1/files/file-out-batch_1/content',
    ]);
    // the uploaded line carries exactly the body a live request would send
    const upload = String(server.requests[0]?.body);
    expect(upload).toContain('{"custom_id":"c0","method":"POST","url":"/v1/chat/completions","body":{"model":"gpt-4o-mini","messages":[{"role":"user","content":"a"}],"temperature":0}}');
    expect(server.requests[1]?.body).toMatchObject({ input_file_id: 'file-in-1', endpoint: '/v1/chat/completions', completion_window: '24h' });
  });

  it('resumes the same batch after an interruption instead of submitting again', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 3 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    const state = new FileBatchState(join(mkdtempSync(join(tmpdir(), 'slant-batch-')), 'batches.json'));
    const ctrl = new AbortController();
    const interrupting: SleepFn = () => {
      ctrl.abort(new Error('Ctrl-C'));
      return Promise.reject(new Error('Ctrl-C'));
    };
    await expect(runOpenAIBatch(model, items('x', 'y'), { state, sleep: interrupting, signal: ctrl.signal })).rejects.toThrow('Ctrl-C');
    expect(server.count('/files')).toBe(1);
    const out = await runOpenAIBatch(model, items('x', 'y'), { state, sleep: () => Promise.resolve() });
    expect([...out.values()].map((o) => o.result?.text)).toEqual(['echo: x', 'echo: y']);
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/files', '/batches']); // submitted once
    // finished batches are forgotten: a new run with the same requests submits anew
    await runOpenAIBatch(model, items('x', 'y'), { state, sleep: () => Promise.resolve() });
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/batches')).toHaveLength(2);
  });

  it('reports per-request errors from the error file and unanswered requests of an expired batch', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 1 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    const out = await runOpenAIBatch(model, items('ok', 'FAIL me'), { state: new MemoryBatchState() });
    expect(out.get('c0')?.result?.text).toBe('echo: ok');
    expect(out.get('c1')?.error).toMatch(/bad request in batch/);
    await server.close();
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 1, batchFinal: 'expired' });
    const m2 = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    const out2 = await runOpenAIBatch(m2, items('p', 'q'));
    expect(out2.get('c0')?.result?.text).toBe('echo: p');
    expect(out2.get('c1')?.error).toMatch(/ended "expired"/);
  });

  it('a batch that fails validation is a UserError; duplicate custom ids are rejected', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 1, batchFinal: 'failed' });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    await expect(runOpenAIBatch(model, items('a'))).rejects.toThrow(/failed validation: invalid model \(line 1\)/);
    await expect(runOpenAIBatch(model, [...items('a'), ...items('b')])).rejects.toThrow(/duplicate customId "c0"/);
  });

  it('splits large runs into several batches', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 1 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    const out = await runOpenAIBatch(model, items('a', 'b', 'c'), { maxPerBatch: 2 });
    expect(out.size).toBe(3);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/batches')).toHaveLength(2);
  });

  it('under a state key: a call with fewer items finishes the earlier batch (found by its intent when its id was never saved) and submits nothing new', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 2 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    const state = new MemoryBatchState();
    const ctrl = new AbortController();
    const interrupting: SleepFn = () => {
      ctrl.abort(new Error('Ctrl-C'));
      return Promise.reject(new Error('Ctrl-C'));
    };
    await expect(runOpenAIBatch(model, items('x', 'y', 'z'), { state, stateKey: 'run-1', sleep: interrupting, signal: ctrl.signal })).rejects.toThrow('Ctrl-C');
    // as if killed after creating the batch, before its id was saved: only the intent is left
    const [key] = state.keys('run-1#');
    const saved = JSON.parse(state.get(key as string) as string) as { intent: string; batchId?: string };
    expect(saved.batchId).toBe('batch_1');
    delete saved.batchId;
    state.set(key as string, JSON.stringify(saved));
    const handed: string[] = [];
    const out = await runOpenAIBatch(model, items('x', 'y', 'z').slice(1), { state, stateKey: 'run-1', sleep: () => Promise.resolve(), onOutcomes: (g) => void handed.push(...g.map((o) => o.customId)) });
    expect([...out.keys()]).toEqual(['c1', 'c2']);
    expect(out.get('c2')?.result?.text).toBe('echo: z');
    // every answer of the earlier batch is handed over, also the one no longer asked for
    expect(handed.sort()).toEqual(['c0', 'c1', 'c2']);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/batches')).toHaveLength(1);
    expect(server.requests.some((r) => r.method === 'GET' && r.path.startsWith('/batches?limit='))).toBe(true);
    expect(state.keys('')).toEqual([]);
  });

  it('an intent that never became a batch is dropped and its items are submitted once', async () => {
    server = await startOpenAIServer({ apiKey: KEY, batchPolls: 1 });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: KEY, baseURL: server.url }, scheduler());
    const state = new MemoryBatchState();
    state.set('run-2#dead', JSON.stringify({ intent: 'dead', since: Math.floor(Date.now() / 1000) }));
    const out = await runOpenAIBatch(model, items('a', 'b'), { state, stateKey: 'run-2', sleep: () => Promise.resolve() });
    expect([...out.values()].map((o) => o.result?.text)).toEqual(['echo: a', 'echo: b']);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === '/batches')).toHaveLength(1);
    expect((server.requests.find((r) => r.method === 'POST' && r.path === '/batches')?.body as { metadata?: unknown }).metadata).toMatchObject({ source: 'slant' });
    expect(state.keys('')).toEqual([]);
  });
});
