/**
 * `slant run --batch` killed (SIGKILL, at a chosen phase) and resumed: never a second batch for
 * the same requests, never a request sent live that a batch answered, every item stored; and the
 * batch's answers serve later runs (batch or not) from the request cache.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-count.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { cli, makeProject, type Project } from './project.js';

// more than one group of answers (stored 100 at a time), so a kill can fall between two groups
const N = 230;
let server: LoopbackServer;
beforeAll(async () => {
  // a summary of the document's sentences (the primacy probe measures it)
  server = await startOpenAIServer({ batchPolls: 2, respond: (prompt) => ({ text: `${/Document \d+/.exec(prompt)?.[0] ?? 'It'} says the product works well; its battery lasts.`, finish: 'stop', inputTokens: 30, outputTokens: 20 }) });
});
let cluster: PgCluster | undefined;
afterAll(async () => {
  await server.close();
  cluster?.stop();
});

const POLL = { SLANT_BATCH_POLL_MS: '1' };

function posts(since: number, path: string): number {
  return server.requests.slice(since).filter((r) => r.method === 'POST' && r.path.endsWith(path)).length;
}

async function killedThenResumed(p: Project, phase: string): Promise<{ since: number; resumed: { code: number | null; stderr: string } }> {
  const since = server.requests.length;
  const killed = await cli(['-q', 'run', '--batch', '-c', p.config], { ...POLL, SLANT_CRASH_AT: phase }).done;
  expect(killed.signal).toBe('SIGKILL');
  const resumed = await cli(['-q', 'run', '--batch', '--resume', '--store', p.db], POLL).done;
  return { since, resumed };
}

// each test runs the CLI two or three times (about 30 s alone, several times that on a machine
// shared with another suite), so the limits are generous; nothing here asserts on time
describe('slant run --batch killed at each phase', () => {
  it('killed after the batch was created, before its id was saved: the resume finds it by its metadata, no second batch', async () => {
    const p = makeProject(server, { n: N });
    const { since, resumed } = await killedThenResumed(p, 'batch-created');
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(posts(since, '/batches')).toBe(1);
    expect(server.requests.slice(since).some((r) => r.method === 'GET' && /\/batches\?limit=/.test(r.path))).toBe(true);
    expect(posts(since, '/chat/completions')).toBe(0);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(N);
    // the batch is forgotten once every answer is stored
    expect(countRows(p.db, 'SELECT count(*) AS n FROM batch_state')).toBe(0);
  }, 180_000);

  it('killed while the answers were being stored: the resume reads the same batch again, resubmits nothing', async () => {
    const p = makeProject(server, { n: N });
    const since = server.requests.length;
    const killed = await cli(['-q', 'run', '--batch', '-c', p.config], { ...POLL, SLANT_CRASH_AT: 'batch-storing' }).done;
    expect(killed.signal).toBe('SIGKILL');
    // some answers stored, not all; the batch is still remembered
    const storedAtKill = countRows(p.db, 'SELECT count(*) AS n FROM outputs WHERE cell_key NOT LIKE \'#input%\'');
    expect(storedAtKill).toBeGreaterThan(0);
    expect(storedAtKill).toBeLessThan(N);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM batch_state')).toBe(1);
    // resumed without --batch: the run's batch in flight is finished all the same, nothing goes live
    const resumed = await cli(['-q', 'run', '--resume', '--store', p.db], POLL).done;
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(posts(since, '/files')).toBe(1);
    expect(posts(since, '/batches')).toBe(1);
    expect(posts(since, '/chat/completions')).toBe(0);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(N);
  }, 180_000);

  it('killed after saving the intent, before anything was sent: the resume creates the one batch', async () => {
    const p = makeProject(server, { n: N });
    const { since, resumed } = await killedThenResumed(p, 'batch-intent');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(posts(since, '/batches')).toBe(1);
    expect(posts(since, '/chat/completions')).toBe(0);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(N);
  }, 180_000);

  it("a batch's answers enter the request cache: a later run, live or batch, pays for none of them", async () => {
    const p = makeProject(server, { n: 20 });
    const since = server.requests.length;
    const first = await cli(['-q', 'run', '--batch', '-c', p.config], POLL).done;
    expect(first.code, first.stderr).toBe(0);
    expect(posts(since, '/batches')).toBe(1);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM cache')).toBe(20);
    const live = await cli(['-q', 'run', '-c', p.config]).done;
    expect(live.code, live.stderr).toBe(0);
    const again = await cli(['-q', 'run', '--batch', '-c', p.config], POLL).done;
    expect(again.code, again.stderr).toBe(0);
    expect(posts(since, '/chat/completions')).toBe(0);
    expect(posts(since, '/batches')).toBe(1);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(60);
  }, 180_000);

  it('PostgreSQL: killed while the answers were being stored, the resume resubmits nothing', async () => {
    cluster ??= await startCluster();
    const url = cluster.newDatabase();
    const p = makeProject(server, { n: N });
    const since = server.requests.length;
    const killed = await cli(['-q', 'run', '--batch', '-c', p.config, '--store', url], { ...POLL, SLANT_CRASH_AT: 'batch-storing' }).done;
    expect(killed.signal).toBe('SIGKILL');
    const resumed = await cli(['-q', 'run', '--resume', '--store', url], POLL).done;
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(posts(since, '/batches')).toBe(1);
    expect(posts(since, '/chat/completions')).toBe(0);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      expect(Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM items')).rows[0]?.n)).toBe(N);
      expect(Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM batch_state')).rows[0]?.n)).toBe(0);
    } finally {
      await c.end();
    }
  }, 240_000);
});
