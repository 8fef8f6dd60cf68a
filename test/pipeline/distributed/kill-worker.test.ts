/**
 * Three `slant worker` processes and a `slant run --workers` coordinator on one PostgreSQL store
 * (a throwaway cluster), against a loopback OpenAI-compatible provider that records every request.
 * One worker is killed with SIGKILL mid-run: the run still completes, every item is stored once,
 * and no request body reached the provider twice except those the killed worker had in flight.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUserText } from '../../helpers/loopback/answer.js';
import { startOpenAIServer } from '../../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../../helpers/loopback/server.js';
import { spawnCli, type SpawnedCli } from '../../helpers/spawn-cli.js';
import { startCluster, type PgCluster } from '../../helpers/postgres.js';

const N = 120;
const ENV = { ...process.env, SLANT_WORKER_HEARTBEAT_MS: '300', SLANT_WORKER_STALE_MS: '2000', NO_COLOR: '1' };

let cluster: PgCluster | undefined;
let server: LoopbackServer | undefined;
const children: ChildProcess[] = [];
let dir = '';

beforeAll(async () => {
  cluster = await startCluster();
  server = await startOpenAIServer({ latencyMs: 40, respond: () => ({ text: 'FINAL_SUMMARY: The record opens, says little, and closes.', finish: 'stop', inputTokens: 20, outputTokens: 10 }) });
  dir = mkdtempSync(join(tmpdir(), 'slant-dist-'));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await server?.close();
  cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]): SpawnedCli => spawnCli(args, ENV, children);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database and a config (in `dir`) measuring N records with one summary request each; returns the store URL. */
function project(): string {
  const url = (cluster as PgCluster).newDatabase();
  const lines = Array.from({ length: N }, (_, i) => JSON.stringify({ id: `r${i}`, source: `Record ${i} opens here. The middle part of record ${i} says little of note. It ends with a closing line.` }));
  writeFileSync(join(dir, 'data.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(dir, 'slant.yaml'),
    ['version: 1', 'concurrency: 4', `store: ${url}`, 'providers:', '  openai-compatible:', '    maxConcurrency: 4', 'models:', `  - id: "openai-compatible:${(server as LoopbackServer).url}/v1#m"`, 'datasets:', '  - name: d', '    path: data.jsonl', 'probes:', '  - name: primacy', 'generation:', '  maxTokens: 16', ''].join('\n'),
  );
  return url;
}

async function countItems(db: pg.Client): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM items').catch(() => ({ rows: [{ n: 0 }] }))).rows[0]?.n ?? 0;
}

describe('distributed run: 3 workers, one killed with SIGKILL', () => {
  it('completes, stores every item once, and pays twice only for what the killed worker had in flight', async () => {
    const url = project();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const workers = [0, 1, 2].map(() => cli(['worker', '--store', url, '--max-concurrency', '4', '--parallel', '1']));
      const coordinator = cli(['--json', 'run', '--workers', '--unit-size', '10', '-c', join(dir, 'slant.yaml')]);
      // wait until some items are stored and a worker holds a unit with requests in flight
      let victim: { id: string; pid: number } | undefined;
      for (let i = 0; i < 600 && !victim; i++) {
        await sleep(50);
        if ((await countItems(db)) < 20) continue;
        const r = await db.query<{ id: string; pid: number }>(
          `SELECT w.id, w.pid FROM slant_workers w WHERE w.role = 'worker' AND w.stopped_at IS NULL
             AND EXISTS (SELECT 1 FROM slant_unit_leases l WHERE l.worker_id = w.id) AND EXISTS (SELECT 1 FROM slant_cache_claims c WHERE c.worker_id = w.id) LIMIT 1`,
        );
        victim = r.rows[0];
      }
      expect(victim).toBeDefined();
      const target = workers.find((w) => w.child.pid === victim!.pid);
      expect(target).toBeDefined();
      target!.child.kill('SIGKILL');
      await target!.done;
      // what it had in flight when it died: its claims are left behind until they are taken over
      const inflight = new Set((await db.query<{ key: string }>('SELECT key FROM slant_cache_claims WHERE worker_id = $1', [victim!.id])).rows.map((r) => r.key));
      const itemsAtKill = await countItems(db);
      expect(itemsAtKill).toBeLessThan(N);

      const res = await coordinator.done;
      expect(res.stderr).not.toMatch(/Error|error:/);
      expect(res.code).toBe(0);
      const out = JSON.parse(res.stdout) as { status: string; results: { probes: { groups: { n: number }[] }[] } };
      expect(out.status).toBe('completed');
      expect(out.results.probes[0]?.groups[0]?.n).toBe(N);

      // every item stored once (the primary key would refuse a second; all N records are there)
      const items = await db.query<{ record_id: string }>('SELECT record_id FROM items');
      expect(items.rows).toHaveLength(N);
      expect(new Set(items.rows.map((r) => r.record_id)).size).toBe(N);

      // requests per unique body at the provider: duplicates only among the killed worker's in-flight requests
      const sent = new Map<string, number>();
      for (const r of (server as LoopbackServer).requests.filter((q) => q.path.endsWith('/chat/completions'))) {
        const prompt = lastUserText((r.body as { messages?: unknown }).messages);
        sent.set(prompt, (sent.get(prompt) ?? 0) + 1);
      }
      expect(sent.size).toBe(N);
      const cacheRows = await db.query<{ key: string; request_json: string }>('SELECT key, request_json FROM cache');
      const promptOfKey = new Map(cacheRows.rows.map((r) => [r.key, lastUserText((JSON.parse(r.request_json) as { messages?: unknown }).messages)]));
      const allowed = new Set([...inflight].map((k) => promptOfKey.get(k)));
      const dupes = [...sent].filter(([, n]) => n > 1);
      for (const [prompt, n] of dupes) {
        expect(allowed.has(prompt), `sent ${n} times outside the killed worker's in-flight window: ${prompt.slice(0, 80)}`).toBe(true);
        expect(n).toBe(2);
      }
      console.log(`killed worker had ${inflight.size} request(s) in flight; ${dupes.length} body(ies) sent twice; ${itemsAtKill}/${N} items stored at the kill`);
    } finally {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      await db.end();
    }
  });

  it('slant run --workers --resume after the coordinator was killed with SIGKILL: the run completes from where it was', async () => {
    const url = project();
    const already = (server as LoopbackServer).requests.length;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const workers = [0, 1].map(() => cli(['worker', '--store', url, '--max-concurrency', '4', '--parallel', '1']));
      const first = cli(['--json', 'run', '--workers', '--unit-size', '10', '-c', join(dir, 'slant.yaml')]);
      for (let i = 0; i < 600 && (await countItems(db)) < 20; i++) await sleep(50);
      first.child.kill('SIGKILL');
      await first.done;
      const run = (await db.query<{ id: string; status: string }>('SELECT id, status FROM runs')).rows;
      expect(run).toHaveLength(1);
      expect(run[0]?.status).toBe('running');
      const res = await cli(['--json', 'run', '--workers', '--resume', run[0]!.id, '--store', url]).done;
      expect(res.code).toBe(0);
      const out = JSON.parse(res.stdout) as { runId: string; status: string; results: { probes: { groups: { n: number }[] }[] } };
      expect(out.runId).toBe(run[0]!.id);
      expect(out.status).toBe('completed');
      expect(out.results.probes[0]?.groups[0]?.n).toBe(N);
      expect(await countItems(db)).toBe(N);
      // every unit ran once to its end (none re-enqueued while its job was still live)
      const units = await db.query<{ unit_id: string; done_at: Date | null }>('SELECT unit_id, done_at FROM slant_dist_units ORDER BY unit_id');
      expect(units.rows.map((u) => u.unit_id.replace(/^.*#/, '#')).sort()).toEqual(Array.from({ length: N / 10 }, (_, i) => `#${i * 10}-${i * 10 + 10}`).sort());
      expect(units.rows.every((u) => u.done_at !== null)).toBe(true);
      const sent = (server as LoopbackServer).requests.slice(already).filter((q) => q.path.endsWith('/chat/completions')).map((r) => lastUserText((r.body as { messages?: unknown }).messages));
      expect(new Set(sent).size).toBe(sent.length);
      for (const w of workers) w.child.kill('SIGTERM');
    } finally {
      await db.end();
    }
  });
});
