/**
 * The cost plan on a PostgreSQL store: it reads the shared store through a private one (no copy,
 * nothing written to it), so it finds the request cache's answers, and `slant plan --resume` counts
 * what the run being resumed already stored. Against a loopback provider that counts requests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostPlan } from '../../src/pipeline/cost-plan/estimate.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const RECORDS = 8;
let cluster: PgCluster | undefined;
let server: LoopbackServer;

beforeAll(async () => {
  cluster = await startCluster();
  server = await startOpenAIServer({ respond: (prompt) => ({ text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(-10).join(' ')}`, inputTokens: 50, outputTokens: 40 }) });
});
afterAll(async () => {
  cluster?.stop();
  await server.close();
});

function project(store: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'slant-plan-pg-'));
  writeFileSync(join(dir, 'reviews.jsonl'), Array.from({ length: RECORDS }, (_, i) => JSON.stringify({ id: `r${i}`, text: `Review ${i}: the lamp ${i} is bright and warm. The switch of lamp ${i} is stiff.` })).join('\n') + '\n');
  writeFileSync(
    join(dir, 'slant.yaml'),
    `store: ${store}\nreports: reports\nconcurrency: 2\nprices:\n  "openai-compatible:*": { input: 1000, output: 1000 }\nmodels:\n  - id: openai-compatible:${server.url}/v1#m\ndatasets:\n  - { name: reviews, path: reviews.jsonl, fields: { source: text } }\nprobes:\n  - name: primacy\ngeneration: { maxTokens: 40 }\n`,
  );
  return join(dir, 'slant.yaml');
}

const plan = async (args: string[]): Promise<CostPlan> => {
  const r = await runCli(['--json', 'plan', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as CostPlan;
};

describe('the cost plan on a PostgreSQL store', () => {
  it('plan --resume counts what the stopped run stored; a plan after the run finds every request in the cache; the shared store is only read', { timeout: 180_000 }, async () => {
    const url = (cluster as PgCluster).newDatabase();
    const config = project(url);
    const before = await plan(['-c', config]);
    expect(before.totals.requests).toMatchObject({ fresh: RECORDS, cached: 0, stored: 0 });
    expect(before.notes.join(' ')).not.toMatch(/counts every request as fresh/);
    // a run stopped by its budget partway ($1 per 1,000 tokens: a record reserves about $0.08)
    const first = await runCli(['run', '-c', config, '--max-cost', '0.3']);
    expect(first.code, first.stderr).toBe(4);
    const runId = /run (\S+) stopped/.exec(first.stderr)![1]!;
    const sent = server.requests.length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(RECORDS);
    const resumed = await plan(['-c', config, '--resume', runId]);
    expect(resumed.totals.requests).toMatchObject({ stored: sent, fresh: RECORDS - sent });
    // the plans wrote nothing to the shared store: the run resumes and sends exactly the rest
    const second = await runCli(['run', '-c', config, '--resume', runId, '--max-cost', '50']);
    expect(second.code, second.stderr).toBe(0);
    expect(server.requests).toHaveLength(RECORDS);
    const after = await plan(['-c', config]);
    expect(after.totals.requests).toMatchObject({ fresh: 0, cached: RECORDS });
    expect(server.requests).toHaveLength(RECORDS);
  });

  it('plan --resume of a run the store does not hold names it', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const r = await runCli(['plan', '-c', project(url), '--resume', 'no-such-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no run "no-such-run"/);
  });
});
