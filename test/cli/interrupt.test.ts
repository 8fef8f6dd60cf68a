import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { countRows } from '../helpers/db-count.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';

const ROOT = resolve(import.meta.dirname, '../..');


let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ latencyMs: 300, respond: (p) => ({ text: `summary: ${p.slice(38, 70)}`, inputTokens: 10, outputTokens: 5 }) });
});
afterAll(async () => server.close());

describe('Ctrl-C during a run', () => {
  it('cancels in-flight requests, keeps everything finished, exits 130 and marks the run interrupted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-sigint-'));
    writeFileSync(join(dir, 'docs.jsonl'), Array.from({ length: 200 }, (_, i) => JSON.stringify({ id: `d${i}`, text: `Document ${i} is about the battery and the screen of phone ${i}.` })).join('\n') + '\n');
    const db = join(dir, 'slant.db');
    writeFileSync(join(dir, 'slant.yaml'), `store: ${db}\nreports: ${join(dir, 'r')}\nconcurrency: 8\nproviders: { openai: { baseURL: ${server.url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-q', 'run', '-c', join(dir, 'slant.yaml')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, OPENAI_API_KEY: 'sk-loopback' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    for (let i = 0; i < 600 && countRows(db, 'SELECT count(*) AS n FROM items') < 20; i++) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const code = await exited;
    expect(code).toBe(130);
    expect(stderr).not.toMatch(/\n\s+at /);
    const items = countRows(db, 'SELECT count(*) AS n FROM items');
    expect(items).toBeGreaterThanOrEqual(20);
    expect(items).toBeLessThan(200);
    expect(countRows(db, "SELECT count(*) AS n FROM runs WHERE status = 'interrupted'")).toBe(1);
    // every stored summary has its measurement: nothing finished was lost, nothing half-written kept
    expect(countRows(db, 'SELECT count(*) AS n FROM outputs')).toBeGreaterThanOrEqual(items);
  });
});
