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
});
