/**
 * Lease fencing: a process that holds a run and stalls (SIGSTOP) past the stale limit loses the
 * run to a second `--resume`; when it is continued (SIGCONT) it must notice before it sends
 * another request, and stop with a message, on SQLite and on PostgreSQL. The loopback server
 * counts request bodies: only the requests in flight at the stall may be sent twice.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-count.js';
import { lastUserText } from '../helpers/loopback/answer.js';
import { answerOpenAiModelLookup, startLoopback, type LoopbackServer } from '../helpers/loopback/server.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { chatBodies, cli, makeProject } from './project.js';

const N = 60;
const CONCURRENCY = 4;
// short lease timings, so a stall of ~2 s is one past the stale limit (the defaults: 30 s and 5 s);
// on PostgreSQL the stalled process's request claims go stale with its process heartbeat, as its lease does
const LEASE = { SLANT_LEASE_STALE_MS: '1500', SLANT_LEASE_HEARTBEAT_MS: '200', SLANT_WORKER_STALE_MS: '1500', SLANT_WORKER_HEARTBEAT_MS: '200' };

let server: LoopbackServer;
let cluster: PgCluster | undefined;
beforeAll(async () => {
  server = await startLoopback((req, reply) => {
    if (answerOpenAiModelLookup(req, reply)) return;
    const prompt = lastUserText((req.body as { messages?: unknown }).messages);
    reply.json(200, { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: `Summary of ${prompt.slice(40, 110)}` }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5 } });
  }, { latencyMs: 80 });
  cluster = await startCluster();
});
afterAll(async () => {
  await server.close();
  cluster?.stop();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
async function until(pred: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 800; i++) {
    if (await pred()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether `pid` holds a write lock on a SQLite store's shared-memory file (its WAL write lock; Linux /proc/locks). */
function holdsWriteLock(pid: number, db: string): boolean {
  const shm = `${db}-shm`;
  if (!existsSync(shm)) return false;
  const ino = statSync(shm).ino;
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .some((line) => {
      const f = line.trim().split(/\s+/);
      return f[3] === 'WRITE' && f[4] === String(pid) && (f[5] ?? '').endsWith(`:${ino}`);
    });
}

/**
 * SIGSTOP the process outside a write transaction: stopped inside one, it would keep SQLite's write
 * lock, and no other process could take the run over (or write at all) until it is continued.
 */
async function stopOutsideWrite(p: { pid: number; kill(signal?: NodeJS.Signals): void }, db: string | undefined): Promise<void> {
  for (let i = 0; i < 100; i++) {
    p.kill('SIGSTOP');
    await sleep(30);
    if (db === undefined || !holdsWriteLock(p.pid, db)) return;
    p.kill('SIGCONT');
    await sleep(3 + i);
  }
  throw new Error('the process was inside a write transaction at every stop');
}

async function pgCount(url: string, sql: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

async function stalledHolder(store: (p: ReturnType<typeof makeProject>) => string, items: (db: string) => Promise<number>, sqlite: boolean): Promise<void> {
  const p = makeProject(server, { n: N, concurrency: CONCURRENCY });
  const db = store(p);
  const since = server.requests.length;
  const sent = (): number => chatBodies(server, since).sent;
  const a = cli(['-q', 'run', '-c', p.config, '--store', db], LEASE);
  await until(() => sent() >= 6, 'the first process to send requests');
  await stopOutsideWrite(a, sqlite ? db : undefined);
  const atStall = sent();
  // past the stale limit: the lease may be taken over
  await sleep(2500);
  const b = cli(['-q', 'run', '--resume', '--store', db], LEASE);
  await until(() => sent() >= atStall + 6, 'the second process to send requests');
  a.kill('SIGCONT');
  const [ra, rb] = await Promise.all([a.done, b.done]);
  expect(rb.stderr).toBe('');
  expect(rb.code).toBe(0);
  expect(ra.code).toBe(2);
  expect(ra.stderr).toContain('was taken over by another slant process while this one was stalled; this one stops here without sending more requests');
  expect(ra.stderr).not.toMatch(/\n\s+at /);
  const bodies = chatBodies(server, since);
  // only what the first process had in flight when it stopped is sent again
  expect(bodies.duplicates).toBeLessThanOrEqual(CONCURRENCY);
  expect(bodies.distinct).toBe(N);
  expect(await items(db)).toBe(N);
}

describe('a lease holder that stalls and loses its run', () => {
  it('SQLite: stops before its next request when continued', async () => {
    await stalledHolder(
      (p) => p.db,
      (db) => Promise.resolve(countRows(db, 'SELECT count(*) AS n FROM items')),
      true,
    );
  }, 60_000);

  it('PostgreSQL: stops before its next request when continued', async () => {
    const url = (cluster as PgCluster).newDatabase();
    await stalledHolder(
      () => url,
      (db) => pgCount(db, 'SELECT count(*) AS n FROM items'),
      false,
    );
  }, 60_000);
});
