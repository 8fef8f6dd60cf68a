import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-count.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { chatBodies, cli, makeProject } from './project.js';

let server: LoopbackServer;
beforeAll(async () => {
  // long answers, so that a small simulated disk fills up after a few of them
  server = await startOpenAIServer({ latencyMs: 5, respond: (p) => ({ text: `Summary of ${p.slice(40, 110)}. ${'The battery lasts long and support was slow. '.repeat(60)}`, inputTokens: 10, outputTokens: 5 }) });
  process.env.OPENAI_API_KEY = 'sk-loopback-store';
});
afterAll(async () => server.close());
afterEach(() => {
  delete process.env.SLANT_STORE_LOCK_TIMEOUT_MS;
  delete process.env.SLANT_STORE_MAX_PAGES;
});

describe('a store another program keeps locked', () => {
  it('past the lock timeout: says what happened and what to do, exit 2, no stack', async () => {
    const p = makeProject(server, { n: 2 });
    const first = await runCli(['-q', 'run', '-c', p.config]);
    expect(first.code).toBe(0);
    const other = new Database(p.db);
    other.exec('BEGIN IMMEDIATE'); // e.g. a sqlite3 shell with an open write transaction
    try {
      process.env.SLANT_STORE_LOCK_TIMEOUT_MS = '200';
      const res = await runCli(['run', '-c', p.config]);
      expect(res.code).toBe(2);
      expect(res.stderr).toContain(`the run store ${p.db} is locked by another program`);
      expect(res.stderr).toContain('hint: close whatever holds it');
      expect(res.stderr).not.toMatch(/\n\s+at /);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('taken for 6 s in the middle of a run (longer than SQLite\'s old 5 s timeout): the writes wait, every answer is stored, nothing is sent twice', async () => {
    const p = makeProject(server, { n: 30, concurrency: 2 });
    const before = chatBodies(server).sent;
    const child = cli(['-q', 'run', '-c', p.config]);
    for (let i = 0; i < 600 && countRows(p.db, 'SELECT count(*) AS n FROM cache') < 3; i++) await new Promise((r) => setTimeout(r, 20));
    const other = new Database(p.db);
    other.exec('BEGIN IMMEDIATE');
    await new Promise((r) => setTimeout(r, 6000));
    other.exec('ROLLBACK');
    other.close();
    const { code, stderr } = await child.done;
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(30);
    expect(chatBodies(server).sent - before).toBe(30);
    // The 6 s hold is the point; the rest is a 30-record run that plans first, which on a
    // loaded two-core machine takes far longer than it does alone.
  }, 120_000);
});

describe('a damaged store', () => {
  it('"database disk image is malformed": says so and how to recover, exit 2, no stack', async () => {
    const p = makeProject(server, { n: 4 });
    expect((await runCli(['-q', 'run', '-c', p.config])).code).toBe(0);
    // overwrite everything after the first two pages (header and schema stay readable)
    const size = statSync(p.db).size;
    const fd = openSync(p.db, 'r+');
    writeSync(fd, Buffer.alloc(size - 8192, 0x5a), 0, size - 8192, 8192);
    closeSync(fd);
    const res = await runCli(['run', '-c', p.config]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(new RegExp(`the run store ${p.db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged \\((database disk image is malformed|file is not a database)`));
    expect(res.stderr).toContain(`mv ${p.db} ${p.db}.broken`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a full disk', () => {
  it('stops the run with exit 4, keeps every answer received, and a resume after freeing space sends nothing twice', async () => {
    const p = makeProject(server, { n: 40, concurrency: 4 });
    const before = chatBodies(server).sent;
    const since = server.requests.length;
    process.env.SLANT_STORE_MAX_PAGES = '60'; // a "disk" of 240 KB
    const res = await runCli(['run', '-c', p.config]);
    expect(res.code).toBe(4);
    expect(res.stderr).toContain(`the disk holding the run store ${p.db} is full`);
    expect(res.stderr).toContain('slant run --resume');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    const sentFirst = chatBodies(server).sent - before;
    expect(sentFirst).toBeLessThan(40);
    // every answer that came back is in the store
    expect(countRows(p.db, 'SELECT count(*) AS n FROM cache')).toBe(sentFirst);

    delete process.env.SLANT_STORE_MAX_PAGES; // space freed
    const resumed = await runCli(['-q', 'run', '--resume', '--store', p.db]);
    expect(resumed.code).toBe(0);
    expect(chatBodies(server).sent - before).toBe(40);
    expect(chatBodies(server, since).duplicates).toBe(0);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(40);
  });
});
