/**
 * A budget over a distributed run (`slant run --workers --max-cost`): the workers share one spend in
 * the PostgreSQL store, so together they never spend past it (each request reserves its most
 * against what every worker spent and holds in flight); the run stops with exit 4 and everything
 * finished stored, and `--workers --resume` with a higher budget finishes it without sending a
 * request twice. Against a loopback provider that bills what it answers.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/models/types.js';
import { resultsSchema } from '../../../src/results/schema.js';
import { tokenCounter } from '../../../src/models/openai/tokenizer.js';
import { spawnCli, type SpawnedCli } from '../../helpers/spawn-cli.js';
import { startCluster, type PgCluster } from '../../helpers/postgres.js';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { makeProject } from '../../faults/project.js';

// no worker is killed here: a stale limit long enough that a loaded machine's late heartbeat never hands a live worker's unit to another
const ENV = { ...process.env, OPENAI_API_KEY: 'sk-loopback-shared-budget', SLANT_WORKER_HEARTBEAT_MS: '300', SLANT_WORKER_STALE_MS: '20000', NO_COLOR: '1' };
const RECORDS = 12;
/** $1 per 1,000 tokens in and out: a record's summary reserves (and here bills) $0.08 (its input tokens and its 40-token limit) */
const PRICE = 1000;
const MAX_TOKENS = 40;
const LIMIT = 0.5;

let cluster: PgCluster | undefined;
let server: LoopbackServer;
let billed = 0;
const children: ChildProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const count = await tokenCounter('o200k_base');
  // answers after a while, so each worker has requests in flight together; each answer bills the
  // most its request reserved (its input tokens as OpenAI counts them, and its whole token limit),
  // so what was billed is what the budget held, and the whole run ($0.96) does not fit in it
  server = await startOpenAIServer({
    latencyMs: 150,
    respond: (prompt, body) => {
      const input = (body.messages as ChatMessage[]).reduce((n, m) => n + count(m.content) + 3, 3);
      billed += ((input + MAX_TOKENS) * PRICE) / 1e6;
      return { text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(-12).join(' ')}`, inputTokens: input, outputTokens: MAX_TOKENS };
    },
  });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  cluster?.stop();
  await server.close();
});

const cli = (args: string[]): SpawnedCli => spawnCli(args, ENV, children);

describe('a budget shared by the workers of a distributed run', () => {
  it('two workers together stop before the budget (exit 4), and --workers --resume with a higher budget finishes with no request sent twice', { timeout: 240_000 }, async () => {
    const url = (cluster as PgCluster).newDatabase();
    const p = makeProject(server, { n: RECORDS, concurrency: 4, extra: `prices: { "openai:gpt-4o-mini": { input: ${PRICE}, output: ${PRICE} } }\ngeneration: { maxTokens: ${MAX_TOKENS} }\n` });
    writeFileSync(p.config, readFileSync(p.config, 'utf8').replace(/^store: .*$/m, `store: ${url}`));
    const workers = [cli(['worker', '--store', url]), cli(['worker', '--store', url])];
    try {
      const first = await cli(['run', '--workers', '--unit-size', '2', '--max-cost', String(LIMIT), '-c', p.config]).done;
      expect(first.code, first.stderr).toBe(4);
      expect(first.stderr).toMatch(/stopped before a request would pass its budget: the run's \$0\.5 /);
      expect(first.stderr).toMatch(/slant run --workers --resume \S+ --max-cost/);
      const sentFirst = server.requests.length;
      expect(sentFirst).toBeGreaterThan(1);
      expect(sentFirst).toBeLessThan(RECORDS);
      // together within the budget (two workers each with a budget of their own could have spent
      // twice as much), and stopped no more than a request or two short of it
      expect(billed, `${sentFirst} request(s) sent`).toBeLessThanOrEqual(LIMIT);
      expect(billed, `${sentFirst} request(s) sent`).toBeGreaterThan(LIMIT - 0.2);
      const runId = /run (\S+) stopped/.exec(first.stderr)![1]!;

      const second = await cli(['--json', 'run', '--workers', '--resume', runId, '--max-cost', '50', '-c', p.config]).done;
      expect(second.code, second.stderr).toBe(0);
      const prompts = server.requests.map((r) => JSON.stringify((r.body as { messages: unknown }).messages));
      expect(prompts).toHaveLength(RECORDS);
      expect(new Set(prompts).size).toBe(RECORDS);
      const results = resultsSchema.parse((JSON.parse(second.stdout) as { results: unknown }).results);
      expect(results.probes[0]?.groups[0]?.n).toBe(RECORDS);
      // the run's spend over both invocations and both workers is what the provider billed
      expect(results.spend?.budget?.spent.usd).toBeCloseTo(billed, 10);
      expect(results.spend?.budget?.reached).toBeNull();
      // the spend table counts the workers' requests per model and condition
      expect(results.spend?.rows.map((r) => [r.model, r.condition, r.requests, r.cachedRequests])).toEqual([['openai:gpt-4o-mini', 'baseline', RECORDS, 0]]);
    } finally {
      for (const w of workers) w.child.kill('SIGTERM');
      for (const w of workers) await w.done;
    }
  });
});
