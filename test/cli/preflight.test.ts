/**
 * The preflight check before a run spends anything: a server that is down, a refused key or a
 * model id the provider does not know ends `slant run` with exit 2 and what to fix, before any
 * generation is sent (no retries: the scheduler never sees the check).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { trackServers } from '../helpers/loopback/tracked.js';
import { runCli } from '../helpers/run-cli.js';

const track = trackServers();
const KEY = 'sk-preflight-DO-NOT-PRINT-77';
const env = { ...process.env };
afterEach(() => {
  process.env = { ...env };
});

function project(models: string, extra = ''): string {
  const dir = mkdtempSync(join(tmpdir(), 'slant-preflight-'));
  writeFileSync(join(dir, 'reviews.jsonl'), ['A bright lamp that works well.', 'A kettle that broke after a week.'].map((t, i) => JSON.stringify({ id: `r${i}`, text: t })).join('\n') + '\n');
  writeFileSync(
    join(dir, 'slant.yaml'),
    `store: ${join(dir, 'slant.db')}\nreports: ${join(dir, 'reports')}\n${extra}models:\n${models}\ndatasets:\n  - name: reviews\n    path: reviews.jsonl\n    fields: { source: text }\nprobes:\n  - name: primacy\n`,
  );
  return join(dir, 'slant.yaml');
}

/** requests other than the free model lookups (generations, judge calls): the server keeps lookups apart */
const paid = (s: { requests: unknown[] }): number => s.requests.length;

describe('preflight check', () => {
  it('a server that is down: exit 2 naming the address, no retries', async () => {
    const s = await startOpenAIServer();
    const url = s.url;
    await s.close();
    const r = await runCli(['run', '-c', project(`  - id: openai-compatible:${url}/v1#my-model`)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot reach');
    expect(r.stderr).toContain(`${url}/v1/models`);
    expect(r.stderr).toMatch(/start the server, or fix the address/);
    expect(r.stderr).not.toContain('retry');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('an OpenAI model id the provider does not know: exit 2, and no generation is sent', async () => {
    const s = track(await startOpenAIServer({ apiKey: KEY, models: ['gpt-4o-mini'] }));
    process.env.OPENAI_API_KEY = KEY;
    const r = await runCli(['run', '-c', project('  - id: openai:gpt-4o-mnii', `providers:\n  openai: { baseURL: ${s.url}/v1 }\n`)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('gpt-4o-mnii');
    expect(r.stderr).toMatch(/does not know the model/);
    expect(r.stderr).not.toContain('--resume');
    expect(paid(s)).toBe(0);
    expect(s.lookups.map((q) => q.path)).toEqual(['/v1/models/gpt-4o-mnii']);
  });

  it('a compatible server that serves other models: exit 2 with the names it serves and a did-you-mean', async () => {
    const s = track(await startOpenAIServer({ models: ['qwen2.5-7b-instruct', 'llama-3.1-8b'] }));
    const r = await runCli(['run', '-c', project(`  - id: openai-compatible:${s.url}/v1#qwen2.5-7b-instruc`)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('does not serve a model "qwen2.5-7b-instruc"');
    expect(r.stderr).toContain('did you mean "qwen2.5-7b-instruct"?');
    expect(paid(s)).toBe(0);
  });

  it('a refused key: exit 2 naming the variable, the key never printed', async () => {
    const s = track(await startOpenAIServer({ apiKey: KEY }));
    process.env.OPENAI_API_KEY = 'sk-wrong-key-123456789';
    const r = await runCli(['run', '-c', project('  - id: openai:gpt-4o-mini', `providers:\n  openai: { baseURL: ${s.url}/v1 }\n`)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('OPENAI_API_KEY');
    expect(r.stderr + r.stdout).not.toContain('sk-wrong-key-123456789');
    expect(paid(s)).toBe(0);
  });

  it('Anthropic, Gemini and Ollama model lookups: unknown ids exit 2 (Ollama says to pull it)', async () => {
    const a = track(await startAnthropicServer({ apiKey: KEY, models: ['claude-haiku-4-5'] }));
    const g = track(await startGeminiServer({ apiKey: KEY, models: ['gemini-2.5-flash'] }));
    const o = track(await startOllamaServer({ models: ['llama3.2'] }));
    process.env.ANTHROPIC_API_KEY = KEY;
    process.env.GEMINI_API_KEY = KEY;
    const ra = await runCli(['run', '-c', project(`  - id: anthropic:claude-haiku-4.5\n    options: { baseURL: ${a.url} }`)]);
    expect(ra.code).toBe(2);
    expect(ra.stderr).toContain('claude-haiku-4.5');
    const rg = await runCli(['run', '-c', project(`  - id: gemini:gemini-2.5-flsh\n    options: { baseURL: ${g.url} }`)]);
    expect(rg.code).toBe(2);
    expect(rg.stderr).toContain('gemini-2.5-flsh');
    const ro = await runCli(['run', '-c', project(`  - id: ollama:llama3.1\n    options: { baseURL: ${o.url} }`)]);
    expect(ro.code).toBe(2);
    expect(ro.stderr).toContain('ollama pull llama3.1');
    for (const s of [a, g, o]) expect(paid(s)).toBe(0);
  });

  it('a good model is checked once per run, before its first request; --no-preflight skips it', async () => {
    const s = track(await startOpenAIServer({ models: ['my-model'] }));
    const first = await runCli(['run', '-c', project(`  - id: openai-compatible:${s.url}/v1#my-model`)]);
    expect(first.code).toBe(0);
    expect(s.lookups.map((r) => r.path)).toEqual(['/v1/models']);
    expect(s.requests.length).toBeGreaterThan(0);
    const second = await runCli(['run', '--no-cache', '--no-preflight', '-c', project(`  - id: openai-compatible:${s.url}/v1#my-model`)]);
    expect(second.code).toBe(0);
    expect(s.lookups).toHaveLength(1);
  });
});
