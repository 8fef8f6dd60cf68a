import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../../src/models/openai/index.js';
import { Scheduler, type RetryInfo } from '../../src/runtime/scheduler.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { chatBodies } from './project.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(async () => server.close());

describe('a server answering 429 with Retry-After: 0', () => {
  it('is retried after the minimum back-off (doubling), exactly the configured number of times', async () => {
    const since = server.requests.length;
    for (let i = 0; i < 50; i++) server.faults.push({ kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    const retries: RetryInfo[] = [];
    const waits: number[] = [];
    // the scheduler's waits are recorded (and shortened), never timed: attempts are counted by the server
    const scheduler = new Scheduler({ maxRateLimitRetries: 4, minDelayMs: 100, onRetry: (r) => retries.push(r), sleep: async (ms) => void waits.push(ms) });
    const model = createOpenAIModel('gpt-4o-mini', { apiKey: 'sk-loopback-retry', baseURL: `${server.url}/v1` }, scheduler);
    await expect(model.generate({ messages: [{ role: 'user', content: 'retry-after zero' }] })).rejects.toThrow(/HTTP 429/);
    server.faults.length = 0;
    expect(chatBodies(server, since).count('retry-after zero')).toBe(5); // 1 attempt + 4 rate-limit retries
    expect(retries.map((r) => r.delayMs)).toEqual([100, 200, 400, 800]);
    expect(waits).toEqual([100, 200, 400, 800]);
  });
});
