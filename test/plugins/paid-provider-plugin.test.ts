/**
 * examples/plugins/cohere-provider.js, end to end: a paid provider from a plugin file, with its own
 * list prices and an embedding model, run by the CLI from a temporary project against a loopback
 * server speaking Cohere's v2 API (/v2/chat and /v2/embed, answer shapes as Cohere documents them).
 * The config names both models by role (roles.generator, roles.embedder).
 */
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startLoopback, type LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const KEY = 'co-TESTKEY-8c1f20a9';

/** A letter-count vector: texts that share words are closer, as with a real embedding model. */
const letters = (t: string): number[] => {
  const v = new Array<number>(26).fill(0);
  for (const ch of t.toLowerCase()) if (ch >= 'a' && ch <= 'z') v[ch.charCodeAt(0) - 97]! += 1;
  return v;
};

let server: LoopbackServer;
let dir: string;
beforeAll(async () => {
  server = await startLoopback((req, reply) => {
    if (req.headers.authorization !== `Bearer ${KEY}`) return reply.json(401, { message: 'invalid api token' });
    const body = req.body as { messages?: { content: string }[]; texts?: string[] };
    if (req.path === '/v2/chat') {
      // a model that summarizes with the source's first sentence
      const text = body.messages?.at(-1)?.content.split('\n').pop() ?? '';
      const first = `${text.split('. ')[0]!.trim()}.`;
      return reply.json(200, {
        id: 'c1',
        finish_reason: 'COMPLETE',
        message: { role: 'assistant', content: [{ type: 'text', text: first }] },
        usage: { billed_units: { input_tokens: 50, output_tokens: 10 }, tokens: { input_tokens: 58, output_tokens: 10 } },
      });
    }
    if (req.path === '/v2/embed') {
      const texts = body.texts ?? [];
      return reply.json(200, { id: 'e1', embeddings: { float: texts.map(letters) }, texts, meta: { billed_units: { input_tokens: 7 * texts.length } } });
    }
    return reply.json(404, { message: `no route ${req.path}` });
  });
  dir = mkdtempSync(join(tmpdir(), 'slant-paid-plugin-'));
  cpSync(join(ROOT, 'examples/plugins'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/slant'), 'dir');
  process.env.CO_API_KEY = KEY;
  process.env.COHERE_BASE_URL = server.url;
});
afterAll(async () => {
  delete process.env.CO_API_KEY;
  delete process.env.COHERE_BASE_URL;
  await server.close();
});

describe('examples/plugins/cohere-provider.js: a plugin provider with prices and an embedding model', () => {
  it('slant plan prices the plugin\'s chat and embedding models from the prices in its manifest', async () => {
    const res = await runCli(['--json', 'plan', '-c', join(dir, 'cohere.yaml')]);
    expect(res.code, res.stderr).toBe(0);
    type Row = { model: string; fresh: { requests: number; inputTokens: number; outputTokensMax: number }; price?: { low: number; high: number } };
    const plan = JSON.parse(res.stdout) as { rows: Row[]; unpriced: string[] };
    expect(plan.unpriced).toEqual([]);
    const chat = plan.rows.find((r) => r.model === 'cohere:command-r-08-2024')!;
    const embed = plan.rows.find((r) => r.model === 'cohere:embed-english-v3.0')!;
    // six summaries of at most 500 tokens each; the price runs from the input alone to every answer at its limit
    expect(chat.fresh).toMatchObject({ requests: 6, outputTokensMax: 3000 });
    expect(chat.price?.low).toBeCloseTo((chat.fresh.inputTokens * 0.15) / 1e6, 12);
    expect(chat.price?.high).toBeCloseTo((chat.fresh.inputTokens * 0.15 + 3000 * 0.6) / 1e6, 12);
    // a query and the three thirds per record, at the embedding model's $0.10/M
    expect(embed.fresh.requests).toBe(12);
    expect(embed.price?.high).toBeCloseTo((embed.fresh.inputTokens * 0.1) / 1e6, 12);
    // the plan asks nothing of the server
    expect(server.count()).toBe(0);
  });

  it('slant run: the plugin model writes the summaries, its embedder measures primacy, and the answers are costed at its prices', async () => {
    const res = await runCli(['--json', 'run', '-c', join(dir, 'cohere.yaml')]);
    expect(res.code, res.stderr).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    expect(results.models.map((m) => m.id)).toEqual(['cohere:command-r-08-2024']);
    // six records: one chat request each
    expect(server.count('/v2/chat')).toBe(6);
    // the primacy probe's embedder is the plugin's, asked through /v2/embed with Cohere's input types
    const primacy = results.probes.find((p) => p.probe === 'primacy')!;
    expect(primacy.judges.map((j) => j.id)).toEqual(['cohere:embed-english-v3.0']);
    const embeds = server.requests.filter((r) => r.path === '/v2/embed').map((r) => r.body as { model: string; input_type: string; texts: string[] });
    // per record: the summary as a query, then the three thirds as passages
    expect(embeds).toHaveLength(12);
    expect(new Set(embeds.map((e) => `${e.model} ${e.input_type} ${e.texts.length}`))).toEqual(new Set(['embed-english-v3.0 search_query 1', 'embed-english-v3.0 search_document 3']));
    expect(primacy.groups[0]?.metrics.find((m) => m.name === 'psi_pri')?.n).toBe(6);
    // 6 answers × (50 in at $0.15/M + 10 out at $0.60/M) = 6 × 13.5e-6 = 8.1e-5
    const row = results.usage?.rows.find((r) => r.model === 'cohere:command-r-08-2024');
    expect(row).toMatchObject({ requests: 6, inputTokens: 300, outputTokens: 60 });
    expect(row?.cost).toBeCloseTo(8.1e-5, 12);
    expect(results.usage?.unpriced).toEqual([]);
    // the key never reaches the output
    expect(res.stdout).not.toContain(KEY);
    expect(res.stderr).not.toContain(KEY);
  });
});
