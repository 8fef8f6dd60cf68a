/**
 * A store that changes under slant ends with a message and a documented exit code, never a stack
 * trace: a table dropped by another program (SQLite and PostgreSQL: exit 2), and the PostgreSQL
 * server going away in the middle of a run (a real cluster stopped with `pg_ctl -m immediate`:
 * exit 4, what was stored before is kept).
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { runCli } from '../helpers/run-cli.js';
import { cli, makeProject } from './project.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({ latencyMs: 150 });
  process.env.OPENAI_API_KEY = 'sk-loopback-fault';
});
afterAll(async () => server.close());

const noStack = (stderr: string): void => {
  expect(stderr).not.toMatch(/internal error|\n\s+at /);
};

describe('a SQLite store missing a table', () => {
  it('`runs` and `run` name the missing table (exit 2)', async () => {
    const p = makeProject(server, { n: 2 });
    expect((await runCli(['-q', 'run', '-c', p.config])).code).toBe(0);
    const db = new Database(p.db);
    db.exec('DROP TABLE items');
    db.close();
    const run = await runCli(['-q', 'run', '-c', p.config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`slant: the run store ${p.db} is missing the table items`);
    expect(run.stderr).toMatch(/hint: point --store at another file/);
    noStack(run.stderr);
    const db2 = new Database(p.db);
    db2.exec('DROP TABLE cells');
    db2.close();
    const runs = await runCli(['runs', '--store', p.db]);
    expect(runs.code).toBe(2);
    expect(runs.stderr).toMatch(/is missing the table cells/);
    noStack(runs.stderr);
  }, 60_000);
});

describe('a PostgreSQL store', () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('missing a table: `runs` names it (exit 2)', async () => {
    const url = cluster.newDatabase();
    const p = makeProject(server, { n: 2 });
    expect((await runCli(['-q', 'run', '-c', p.config, '--store', url])).code).toBe(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DROP TABLE cells CASCADE');
    await client.end();
    const runs = await runCli(['runs', '--store', url]);
    expect(runs.code).toBe(2);
    expect(runs.stderr).toMatch(/is missing the table cells \(relation "cells" does not exist\)/);
    noStack(runs.stderr);
  }, 60_000);

  it('going away mid-run ("Connection terminated unexpectedly"): a message naming the store, exit 4, no stack trace', async () => {
    const url = cluster.newDatabase();
    const p = makeProject(server, { n: 40, concurrency: 2 });
    const since = server.requests.length;
    const child = cli(['-q', 'run', '-c', p.config, '--store', url]);
    for (let i = 0; i < 600 && server.requests.length - since < 6; i++) await new Promise((r) => setTimeout(r, 25));
    expect(server.requests.length - since).toBeGreaterThanOrEqual(6);
    cluster.stop(); // pg_ctl stop -m immediate: every connection is cut
    const { code, stderr } = await child.done;
    expect(code, stderr).toBe(4);
    expect(stderr).toMatch(/slant: the PostgreSQL run store postgres:\/\/\S+ went away \(/);
    expect(stderr).toMatch(/hint: when PostgreSQL is back, continue with `slant run --resume/);
    noStack(stderr);
  }, 60_000);
});
