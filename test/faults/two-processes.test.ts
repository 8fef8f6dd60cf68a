import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/db-count.js';
import { lastUserText } from '../helpers/loopback/answer.js';
import { answerOpenAiModelLookup, startLoopback, type LoopbackServer } from '../helpers/loopback/server.js';
import { chatBodies, cli, makeProject } from './project.js';

const N = 60;
let server: LoopbackServer;
let answered = 0;
/** while closed, answers after the first few wait (so the first process is surely still running) */
let gate: { open: () => void; opened: Promise<void> } = openGate();
function openGate(): { open: () => void; opened: Promise<void> } {
  answered = 0;
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}
beforeAll(async () => {
  server = await startLoopback(async (req, reply) => {
    if (answerOpenAiModelLookup(req, reply)) return;
    if (++answered > 3) await gate.opened;
    const prompt = lastUserText((req.body as { messages?: unknown }).messages);
    reply.json(200, { id: 'c', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: `Summary of ${prompt.slice(40, 110)}` }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5 } });
  }, { latencyMs: 20 });
});
afterAll(async () => server.close());

async function until(pred: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (pred()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const runId = (db: string): string => {
  const conn = new Database(db, { readonly: true });
  try {
    return (conn.prepare('SELECT id FROM runs').pluck().get() as string) ?? '';
  } finally {
    conn.close();
  }
};

describe('two processes on the same run', () => {
  it('the second gets a clear error naming the holder; with --wait it finishes after the first without sending anything twice', async () => {
    gate = openGate();
    const p = makeProject(server, { n: N, concurrency: 4 });
    const since = server.requests.length;
    const a = cli(['-q', 'run', '-c', p.config]);
    await until(() => countRows(p.db, 'SELECT count(*) AS n FROM cache') >= 3, 'the first process to store answers');
    const id = runId(p.db);
    const b = cli(['-q', 'run', '--resume', id, '--store', p.db]);
    const rb = await b.done;
    expect(rb.code).toBe(2);
    expect(rb.stderr).toContain(`run ${id} is being worked on by another slant process (pid ${a.pid} on `);
    expect(rb.stderr).not.toMatch(/\n\s+at /);
    const c = cli(['-q', 'run', '--resume', id, '--store', p.db, '--wait']);
    gate.open();
    const [ra, rc] = await Promise.all([a.done, c.done]);
    expect(ra.code).toBe(0);
    expect(rc.code).toBe(0);
    const sent = chatBodies(server, since);
    expect(sent.sent).toBe(N);
    expect(sent.duplicates).toBe(0);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(N);
  });

  it('a lease whose holder was killed (pid gone on this host) is taken over at once', async () => {
    gate = openGate();
    const p = makeProject(server, { n: 40, concurrency: 2 });
    const a = cli(['-q', 'run', '-c', p.config]);
    await until(() => countRows(p.db, 'SELECT count(*) AS n FROM cache') >= 3, 'the first process to store answers');
    a.kill();
    await a.done;
    gate.open();
    expect(countRows(p.db, 'SELECT count(*) AS n FROM run_leases')).toBe(1);
    const b = cli(['-q', 'run', '--resume', '--store', p.db]);
    const rb = await b.done;
    expect(rb.stderr).toBe('');
    expect(rb.code).toBe(0);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(40);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM run_leases')).toBe(0);
  });
});

describe('the same config started twice at once (SQLite)', () => {
  it('the second is refused naming the first, leaves no run behind, and nothing is paid twice; with --wait it runs after, from the cache', async () => {
    gate = openGate();
    const p = makeProject(server, { n: N, concurrency: 4 });
    const since = server.requests.length;
    const a = cli(['-q', 'run', '-c', p.config]);
    const b = cli(['-q', 'run', '-c', p.config]);
    const first = await Promise.race([a.done.then((r) => ({ who: a, other: b, r })), b.done.then((r) => ({ who: b, other: a, r }))]);
    expect(first.r.code).toBe(2);
    expect(first.r.stderr).toMatch(new RegExp(`the same config is being run by another slant process \\(run [0-9A-Za-z-]+, pid ${first.other.pid} on `));
    expect(first.r.stderr).toContain('--wait');
    expect(first.r.stderr).not.toMatch(/\n\s+at /);
    const c = cli(['-q', 'run', '-c', p.config, '--wait']);
    gate.open();
    const [ro, rc] = await Promise.all([first.other.done, c.done]);
    expect(ro.code).toBe(0);
    expect(rc.code).toBe(0);
    const sent = chatBodies(server, since);
    expect(sent.sent).toBe(N);
    expect(sent.duplicates).toBe(0);
    // the refused run was removed; the waiting one made its own run, served from the cache
    expect(countRows(p.db, 'SELECT count(*) AS n FROM runs')).toBe(2);
    expect(countRows(p.db, "SELECT count(*) AS n FROM runs WHERE status = 'completed'")).toBe(2);
    expect(countRows(p.db, 'SELECT count(*) AS n FROM items')).toBe(2 * N);
  }, 60_000);
});
