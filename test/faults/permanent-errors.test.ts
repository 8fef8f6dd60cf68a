/**
 * Provider answers that retrying cannot fix end the run at once, with the provider's message, a
 * hint that fits and a documented exit code; what was answered before stays stored. The error
 * bodies are the shapes the providers document (OpenAI error codes, Gemini google.rpc details).
 * The retry budget is set small in slant.yaml, so nothing here waits for real minutes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-count.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { Fault, LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { chatBodies, makeProject } from './project.js';

let openai: LoopbackServer;
let gemini: LoopbackServer;
const env = { ...process.env };

beforeAll(async () => {
  openai = await startOpenAIServer();
  gemini = await startGeminiServer();
  process.env.OPENAI_API_KEY = 'sk-loopback-permanent';
  process.env.GEMINI_API_KEY = 'loopback-gemini-permanent';
});
afterAll(async () => {
  await openai.close();
  await gemini.close();
  process.env = env;
});

const json = (body: unknown): string => JSON.stringify(body);

/** The first document is answered; every request after it gets `fault`. `providers` and `model` replace the project's. */
async function runAgainst(server: LoopbackServer, fault: Fault, opts: { providers?: string; model?: string; quiet?: boolean } = {}): Promise<{ code: number; stderr: string; sent: number; stored: number; perDoc: number[] }> {
  const p = makeProject(server, { n: 3, concurrency: 1 });
  let config = readFileSync(p.config, 'utf8');
  if (opts.providers !== undefined) config = config.replace(/^providers: .*$/m, `providers: ${opts.providers}`);
  if (opts.model !== undefined) config = config.replace(/^models: .*$/m, `models: [{ id: '${opts.model}' }]`);
  writeFileSync(p.config, config);
  server.faults.length = 0;
  server.faults.push({ kind: 'delay', ms: 0 });
  for (let i = 0; i < 200; i++) server.faults.push(fault);
  const since = server.requests.length;
  const r = await runCli([...(opts.quiet === false ? [] : ['-q']), 'run', '-c', p.config]);
  const sent = server.requests.length - since;
  server.faults.length = 0;
  return { code: r.code, stderr: r.stderr, sent, stored: countRows(p.db, "SELECT count(*) AS n FROM outputs WHERE cell_key NOT LIKE '#input%'"), perDoc: [0, 1, 2].map((i) => chatBodies(server, since).count(`Document ${i} says`)) };
}

describe('a 429 that never clears', () => {
  it('Retry-After: 0 is retried with growing waits only within the retry budget, then exit 4 with the answered document stored', async () => {
    // 100 + 200 + 400 ms of back-off fit in 1000 ms; the 4th wait (800 ms) would end past it
    const r = await runAgainst(openai, { kind: 'status', status: 429, headers: { 'retry-after': '0' }, body: json({ error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } }) }, { providers: `{ openai: { baseURL: ${openai.url}/v1, retryBudgetMs: 1000 } }` });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/HTTP 429/);
    expect(r.stderr).toMatch(/retry budget of 1 s per request is spent/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    // each refused document: at most 1 attempt + 3 retries (waits 100, 200, 400 ms), and retried at least once
    expect(Math.max(...r.perDoc)).toBeLessThanOrEqual(4);
    expect(Math.max(...r.perDoc)).toBeGreaterThanOrEqual(2);
    expect(r.stored).toBe(1);
  });

  it.each([
    ['Retry-After of 11 days', '950400', /asks to wait 11 days/],
    ['Retry-After as a date in 2099', 'Thu, 01 Jan 2099 00:00:00 GMT', /asks to wait \d+ days/],
  ])('%s ends after one attempt (exit 4), without waiting a capped minute and asking again', async (_name, retryAfter, message) => {
    const r = await runAgainst(openai, { kind: 'status', status: 429, headers: { 'retry-after': retryAfter }, body: json({ error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } }) });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/retry budget \(5 min/);
    expect(r.sent).toBe(3); // each of the 3 documents once: nothing retried
    expect(r.stored).toBe(1);
  });

  it('a wait of seconds is said on stderr (not minutes of silence), once per provider', async () => {
    // 2 s asked, a 3 s budget: one retry after 2 s, then the next would end past the budget
    const r = await runAgainst(openai, { kind: 'status', status: 429, headers: { 'retry-after': '2' }, body: json({ error: { message: 'Rate limit reached for requests', code: 'rate_limit_exceeded' } }) }, { providers: `{ openai: { baseURL: ${openai.url}/v1, retryBudgetMs: 3000 } }`, quiet: false });
    expect(r.code).toBe(4);
    expect(r.stderr.match(/^slant: openai rate limited \(openai: HTTP 429 from \S+: Rate limit reached for requests\); retrying in 2 s \(retry 1;/gm)).toHaveLength(1);
  });
});

describe('a quota that cannot clear during the run', () => {
  it('OpenAI 429 insufficient_quota ends at once with the provider message (exit 4)', async () => {
    const body = json({ error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
    const r = await runAgainst(openai, { kind: 'status', status: 429, body });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/You exceeded your current quota/);
    expect(r.stderr).toMatch(/hint: the account has no quota left \(insufficient_quota\)/);
    expect(r.stderr).not.toMatch(/kept failing after retries/);
    expect(r.sent).toBe(3); // each of the 3 documents once: nothing retried
    expect(r.stored).toBe(1);
  });

  it('Gemini 429 whose QuotaFailure is per day ends at once (exit 4); its retryDelay is not waited on', async () => {
    const body = json({
      error: {
        code: 429,
        message: 'You exceeded your current quota, please check your plan and billing details. * Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 50',
        status: 'RESOURCE_EXHAUSTED',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier', quotaDimensions: { location: 'global', model: 'gemini-2.0-flash' }, quotaValue: '50' }] },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '39s' },
        ],
      },
    });
    const r = await runAgainst(gemini, { kind: 'status', status: 429, body }, { model: 'gemini:gemini-2.0-flash', providers: `{ gemini: { baseURL: ${gemini.url} } }` });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/You exceeded your current quota/);
    expect(r.stderr).toMatch(/daily quota is used up \(GenerateRequestsPerDayPerProjectPerModel-FreeTier, limit 50\)/);
    expect(r.sent).toBe(3); // each of the 3 documents once: nothing retried
    expect(r.stored).toBe(1);
  });
});

describe('a request the provider refuses as invalid', () => {
  it('404 model_not_found says to fix the model id (exit 2), not that the provider kept failing', async () => {
    const body = json({ error: { message: 'The model `gpt-4o-mini` does not exist or you do not have access to it.', type: 'invalid_request_error', param: null, code: 'model_not_found' } });
    const r = await runAgainst(openai, { kind: 'status', status: 404, body });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/does not exist/);
    expect(r.stderr).toMatch(/hint: openai does not know the model "gpt-4o-mini": check the model id in slant.yaml/);
    expect(r.stderr).not.toMatch(/kept failing after retries/);
    expect(r.sent).toBe(3); // each of the 3 documents once: nothing retried
  });

  it('400 unsupported_value names the setting the model refuses (exit 2)', async () => {
    const body = json({ error: { message: "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.", type: 'invalid_request_error', param: 'temperature', code: 'unsupported_value' } });
    const r = await runAgainst(openai, { kind: 'status', status: 400, body });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/hint: the model refuses the setting `temperature`/);
    expect(r.stderr).not.toMatch(/kept failing after retries/);
  });
});
