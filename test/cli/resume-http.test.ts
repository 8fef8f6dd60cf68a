import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { countRows } from '../helpers/db-count.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const N = 2000;


let server: LoopbackServer;
beforeAll(async () => {
  // every answer is unique to its prompt, so the server's log tells which documents were summarized
  server = await startOpenAIServer({ latencyMs: 5, respond: (p) => ({ text: `summary of ${p.slice(38, 60)}`, inputTokens: 50, outputTokens: 5 }) });
});
afterAll(async () => server.close());

describe('resume after kill -9 in the middle of a 2,000-request run', () => {
  it('finishes without re-sending any request that had succeeded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-resume-http-'));
    writeFileSync(join(dir, 'docs.jsonl'), Array.from({ length: N }, (_, i) => JSON.stringify({ id: `d${i}`, text: `Document number ${i} says the product number ${i} works well and the battery lasts.` })).join('\n') + '\n');
    const db = join(dir, 'slant.db');
    writeFileSync(
      join(dir, 'slant.yaml'),
      `store: ${db}\nreports: ${join(dir, 'reports')}\nconcurrency: 16\nproviders: { openai: { baseURL: ${server.url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-q', 'run', '-c', join(dir, 'slant.yaml')], {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...process.env, OPENAI_API_KEY: 'sk-loopback' },
    });
    const exited = new Promise((res) => child.on('exit', res));
    for (let i = 0; i < 1200 && countRows(db, 'SELECT count(*) AS n FROM cache') < 300; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await exited;
    const paidBefore = countRows(db, 'SELECT count(*) AS n FROM cache');
    expect(paidBefore).toBeGreaterThanOrEqual(300);
    expect(paidBefore).toBeLessThan(N);
    const sentBefore = server.count('/v1/chat/completions');

    process.env.OPENAI_API_KEY = 'sk-loopback';
    const res = await runCli(['--json', 'run', '--resume', '--store', db]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { status: string; results: { probes: { groups: { n: number }[] }[] } };
    expect(out.status).toBe('completed');
    expect(out.results.probes[0]?.groups[0]?.n).toBe(N);

    // each document's summarization request was answered and stored at most once: the resumed run
    // sent only requests whose answers had not been stored (those in flight at the kill included)
    const sentAfter = server.count('/v1/chat/completions') - sentBefore;
    expect(sentAfter).toBe(N - paidBefore);
    const prompts = server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.stringify((r.body as { messages: unknown }).messages));
    const resent = prompts.length - new Set(prompts).size;
    // only requests in flight when the process was killed (at most the concurrency) were sent twice
    expect(resent).toBeLessThanOrEqual(16);
    expect(countRows(db, 'SELECT count(*) AS n FROM cache')).toBe(N);
  });
});
