/**
 * The costs of position conditions (a probe without per-item values) count the calls and tokens
 * of the requests made, and a repeated run counts its calls as served from the cache.
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const ARTICLES = [
  'The council approved a transit budget on Monday. Supporters said commutes would get shorter. Critics warned that fares could rise. Four bus lines will be added. A depot will be built in spring. The mayor praised the vote.',
  'A storm closed the harbour for two days. Fishing boats stayed in port. The ferry company cancelled every crossing. Shops near the quay lost trade. The coast guard rescued two sailors. The harbour reopened on Friday.',
];

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ respond: () => ({ text: '- The council acted.\n- Critics warned.\n- The mayor spoke.', finish: 'stop', inputTokens: 90, outputTokens: 12 }) });
  process.env.OPENAI_API_KEY = 'sk-loopback-position';
});
afterAll(async () => server.close());

describe('position conditions', () => {
  it('count their calls and tokens; a repeat counts them as from the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-poscost-'));
    writeFileSync(join(dir, 'news.jsonl'), ARTICLES.map((source, i) => JSON.stringify({ id: `n${i}`, source, reference: source.split('. ').slice(0, 2).join('. ') })).join('\n') + '\n');
    const config = join(dir, 'slant.yaml');
    writeFileSync(
      config,
      `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nproviders: { openai: { baseURL: ${server.url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: news, path: news.jsonl }]\nprobes: [{ name: position, options: { K: 10, mapper: tfidf, sentences: 3 } }]\nmitigations: [role-play]\n`,
    );
    const costsOf = (stdout: string) => {
      const runId = /run (\S+): completed/.exec(stdout)?.[1] ?? '';
      return resultsSchema.parse(JSON.parse(readFileSync(join(dir, 'r', runId, 'results.json'), 'utf8'))).probes[0]?.costs ?? [];
    };
    const first = await runCli(['--verbose', 'run', '-c', config]);
    expect(first.code).toBe(0);
    const costs = costsOf(first.stdout);
    expect(costs.map((c) => c.labels.condition)).toEqual(['baseline', 'role-play']);
    for (const c of costs) expect(c).toMatchObject({ calls: 2, cachedCalls: 0, inputTokens: 180, outputTokens: 24 });
    expect(costs[1]?.relative).toMatchObject({ calls: 1, inputTokens: 1, wallN: 2 });
    expect(first.stdout).toMatch(/│ baseline\s+│ 2 │.*│ 2\s+│ 180\/24/);

    const again = await runCli(['--verbose', 'run', '-c', config]);
    expect(again.code).toBe(0);
    const cached = costsOf(again.stdout);
    for (const c of cached) expect(c).toMatchObject({ calls: 2, cachedCalls: 2 });
    // no fresh work on either side: no wall-time ratio
    expect(cached[1]?.relative).toMatchObject({ wallMs: null, wallN: 0 });
    expect(readdirSync(join(dir, 'r'))).toHaveLength(2);
  });
});
