import { mkdtempSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import type { Answer } from '../helpers/loopback/answer.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const SECRET = 'sk-test-DO-NOT-STORE-4f2a9c';

/** Summaries: the first 12 words of the document; framing judge: "Positive" or "Negative". */
function respond(prompt: string): Answer {
  if (prompt.includes('Classify the framing of the text')) {
    return { text: /terrible|broke|awful/.test(prompt.split('\n')[0] ?? '') ? 'Negative' : 'Positive', inputTokens: 20, outputTokens: 1 };
  }
  const doc = prompt.replace(/^Please summarize the following text: /, '').replace(/ FINAL_SUMMARY:$/, '');
  return { text: `FINAL_SUMMARY: ${doc.split(/\s+/).slice(0, 12).join(' ')}`, inputTokens: 100, outputTokens: 12 };
}

const servers: Record<string, LoopbackServer> = {};
const env = { ...process.env };

beforeAll(async () => {
  servers.openai = await startOpenAIServer({ respond, apiKey: SECRET });
  servers.anthropic = await startAnthropicServer({ respond, apiKey: SECRET });
  servers.gemini = await startGeminiServer({ respond, apiKey: SECRET });
  servers.ollama = await startOllamaServer({ respond });
  servers.llamacpp = await startLlamaCppServer({ respond });
  servers.compatible = await startOpenAIServer({ respond });
  process.env.OPENAI_API_KEY = SECRET;
  process.env.ANTHROPIC_API_KEY = SECRET;
  process.env.GEMINI_API_KEY = SECRET;
});

afterAll(async () => {
  for (const s of Object.values(servers)) await s.close();
  process.env = env;
});

const REVIEWS = [
  'I love this lamp. It is bright, warm and beautiful, and it looks great on my desk every evening. '.repeat(4),
  'This kettle is terrible. It broke after a week and leaked everywhere, an awful purchase. '.repeat(4),
  'The chair is comfortable and sturdy. Assembly took ten minutes and the fabric feels great. '.repeat(4),
];

describe('slant run with every HTTP provider (loopback)', () => {
  it('generates, judges with an LLM, caches, and a second run sends nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-providers-'));
    writeFileSync(join(dir, 'reviews.jsonl'), REVIEWS.map((t, i) => JSON.stringify({ id: `r${i}`, text: t })).join('\n') + '\n');
    const config = `
store: ${join(dir, 'slant.db')}
reports: ${join(dir, 'reports')}
concurrency: 2
providers:
  openai: { baseURL: ${servers.openai!.url}/v1 }
prices:
  'ollama:llama3.2': { input: 1, output: 2 }
models:
  - id: openai:gpt-4o-mini
  - id: anthropic:claude-3-5-haiku-latest
    options: { baseURL: ${servers.anthropic!.url} }
  - id: gemini:gemini-2.0-flash
    options: { baseURL: ${servers.gemini!.url} }
  - id: ollama:llama3.2
    options: { baseURL: ${servers.ollama!.url} }
  - id: llamacpp:${servers.llamacpp!.url}
  - id: openai-compatible:${servers.compatible!.url}/v1#my-vllm-model
datasets:
  - name: reviews
    path: reviews.jsonl
    fields: { source: text }
probes:
  - name: framing
  - name: primacy
judges:
  framing: openai:o4-mini
`;
    writeFileSync(join(dir, 'slant.yaml'), config);
    const first = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout) as { results: unknown };
    const results = resultsSchema.parse(out.results);
    const framing = results.probes.find((p) => p.probe === 'framing')!;
    expect(framing.groups).toHaveLength(6);
    expect(framing.judges[0]?.id).toBe('llm-framing:openai:o4-mini');
    for (const g of framing.groups) expect(g.n).toBe(3);
    // the negative review keeps its framing: its 12-word summary still says "terrible"
    const items = framing.items.filter((i) => i.recordId === 'r1');
    expect(items.every((i) => (i.measurement as { fC: string; fS: string }).fC === 'negative')).toBe(true);
    // every generator received 3 summarization requests
    // (llama.cpp also posts the messages to /apply-template first: count generation endpoints only)
    const generations = (s: LoopbackServer) => s.requests.filter((r) => !r.path.includes('apply-template') && JSON.stringify(r.body ?? '').includes('Please summarize')).length;
    for (const name of ['anthropic', 'gemini', 'ollama', 'llamacpp', 'compatible']) expect(generations(servers[name]!)).toBe(3);
    expect(generations(servers.openai!)).toBe(3);
    // framing judge: 3 distinct sources + 6 models x 3 summaries, less identical summaries (deduplicated by the cache)
    expect(results.usage?.rows.find((r) => r.model === 'openai:o4-mini')?.requests).toBeGreaterThan(3);
    // a price from the config overrides the built-in table (local ollama is otherwise free):
    // 3 summaries × (100 input × $1 + 12 output × $2) per 1M tokens
    expect(results.usage?.rows.find((r) => r.model === 'ollama:llama3.2')?.cost).toBeCloseTo((3 * (100 * 1 + 12 * 2)) / 1e6, 12);

    // the same run again: everything comes from the request cache, no server sees a request
    const before = Object.fromEntries(Object.entries(servers).map(([k, s]) => [k, s.requests.length]));
    const second = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(second.code).toBe(0);
    for (const [k, s] of Object.entries(servers)) expect(s.requests.length, k).toBe(before[k]);
    const again = resultsSchema.parse((JSON.parse(second.stdout) as { results: unknown }).results);
    expect(again.usage?.rows.every((r) => r.cachedRequests === r.requests)).toBe(true);

    // `slant cache stats` sees the paid answers per provider; `slant cache clear --provider` drops them
    const stats = JSON.parse((await runCli(['--json', 'cache', 'stats', '--store', join(dir, 'slant.db')])).stdout) as { entries: number; byProvider: { provider: string }[] };
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.byProvider.map((p) => p.provider)).toEqual(expect.arrayContaining(['openai', 'anthropic', 'gemini', 'ollama']));
    const cleared = await runCli(['cache', 'clear', '--provider', 'anthropic', '--store', join(dir, 'slant.db')]);
    expect(cleared.stdout).toMatch(/deleted 3 cache entries/);

    // the API key never reaches the store or the reports
    for (const f of readdirSync(dir)) {
      if (f.startsWith('slant.db')) expect(readFileSync(join(dir, f)).includes(SECRET), f).toBe(false);
    }
    for (const run of readdirSync(join(dir, 'reports'))) {
      for (const f of readdirSync(join(dir, 'reports', run))) expect(readFileSync(join(dir, 'reports', run, f), 'utf8')).not.toContain(SECRET);
    }
  });

  it('a missing API key is a user error naming the variable, not a stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-nokey-'));
    writeFileSync(join(dir, 'reviews.jsonl'), JSON.stringify({ source: REVIEWS[0] }) + '\n');
    writeFileSync(join(dir, 'slant.yaml'), `store: ${join(dir, 'db')}\nmodels: [{ id: 'anthropic:claude-x' }]\ndatasets: [{ name: d, path: reviews.jsonl }]\nprobes: [{ name: primacy }]\n`);
    delete process.env.ANTHROPIC_API_KEY;
    const res = await runCli(['run', '-c', join(dir, 'slant.yaml')]);
    process.env.ANTHROPIC_API_KEY = SECRET;
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('ANTHROPIC_API_KEY');
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('slant run --batch', () => {
  it('sends generations through the OpenAI Batch API and measures them', async () => {
    const server = await startOpenAIServer({ respond, apiKey: SECRET });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'slant-batch-'));
      writeFileSync(join(dir, 'reviews.jsonl'), REVIEWS.map((t, i) => JSON.stringify({ id: `r${i}`, text: t })).join('\n') + '\n');
      writeFileSync(
        join(dir, 'slant.yaml'),
        `store: ${join(dir, 'slant.db')}\nreports: ${join(dir, 'reports')}\nproviders: { openai: { baseURL: ${server.url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: d, path: reviews.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`,
      );
      process.env.SLANT_BATCH_POLL_MS = '1';
      const res = await runCli(['--json', 'run', '--batch', '-c', join(dir, 'slant.yaml')]);
      delete process.env.SLANT_BATCH_POLL_MS;
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
      expect(results.probes[0]?.groups[0]?.n).toBe(3);
      expect(server.count('/v1/chat/completions')).toBe(0);
      expect(server.requests.some((r) => r.path.endsWith('/batches') && r.method === 'POST')).toBe(true);
      // batch usage is recorded and priced at the batch rate
      expect(results.usage?.rows[0]?.inputTokens).toBe(300);
    } finally {
      await server.close();
    }
  });
});
