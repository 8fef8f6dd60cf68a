/**
 * npm run bench:crash [-- --items 500 --kills 8 --latency 20 --concurrency 8 --seed 1]
 *
 * Three trials against a loopback OpenAI server (in a child process) that counts request bodies:
 *
 * 1. `kill -9` at random points of a `slant run` of `items` documents with `latency` ms per answer,
 *    then `slant run --resume` until the run completes. Each kill happens when a random number of
 *    answers (drawn between the current count and the total) has reached the store; one last kill
 *    falls between writing results.json and report.html (SLANT_CRASH_AT), after which the run must
 *    still be resumable and complete.
 * 2. `slant run --batch` killed at each phase of the Batch API (SLANT_CRASH_AT): after saving the
 *    intent, after creating the batch (before its id is saved), while polling (a plain kill -9), and
 *    while the answers are being stored; each resumed. Goal: one batch per phase's run, no request
 *    sent live, every item stored.
 * 3. A stalled lease: the run's process is stopped (SIGSTOP) past the stale limit, a second process
 *    resumes the run, and the first is continued (SIGCONT): it must stop before its next request
 *    (exit 2). Goal: no more duplicates than the requests in flight at the stop.
 *
 * Prints, per trial, the requests the server received, the bodies it received more than once
 * (duplicates; goal 0 beyond the requests in flight at a kill), how many were re-sent although
 * their answer had been stored before the kill (goal 0), and the items stored (goal: all).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createRng } from '../src/stats/rng.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '500' },
    kills: { type: 'string', default: '8' },
    latency: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
  },
});
const N = Number(values.items);
const KILLS = Number(values.kills);
const latency = Number(values.latency);
const concurrency = Number(values.concurrency);
const rng = createRng(Number(values.seed));
const ROOT = new URL('..', import.meta.url).pathname;

const server: ChildProcess = fork(new URL('./loopback-server-process.ts', import.meta.url), {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, BENCH_LATENCY_MS: String(latency), BENCH_MAX_CONCURRENT: '100000', BENCH_ANSWER: 'The product works well and its battery lasts, though support was slow.' },
});
const url = await new Promise<string>((resolve) => server.once('message', (m) => resolve((m as { url: string }).url)));
const prompts = (): Promise<string[]> =>
  new Promise((resolve) => {
    server.once('message', (m) => resolve((m as { prompts: string[] }).prompts));
    server.send('prompts');
  });

const dir = mkdtempSync(join(tmpdir(), 'slant-bench-crash-'));
const db = join(dir, 'slant.db');
writeFileSync(join(dir, 'docs.jsonl'), Array.from({ length: N }, (_, i) => JSON.stringify({ id: `d${i}`, text: `Document ${i} reports that product ${i} works well. The battery of unit ${i} lasts two days. Support for case ${i} answered slowly.` })).join('\n') + '\n');
writeFileSync(
  join(dir, 'slant.yaml'),
  `store: ${db}\nreports: ${join(dir, 'reports')}\nconcurrency: ${concurrency}\nproviders: { openai: { baseURL: ${url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`,
);

function count(sql: string): number {
  try {
    const c = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (c.prepare(sql).pluck().get() as number) ?? 0;
    } finally {
      c.close();
    }
  } catch {
    return 0;
  }
}

/** Prompts whose answers are in the store's request cache. */
function storedPrompts(): Set<string> {
  const c = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const rows = c.prepare('SELECT request_json FROM cache').pluck().all() as string[];
    return new Set(rows.map((r) => ((JSON.parse(r) as { messages: { role: string; content: string }[] }).messages.filter((m) => m.role === 'user').pop()?.content ?? '')));
  } finally {
    c.close();
  }
}

function start(args: string[], crashAt?: string): { child: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const env = { ...process.env, OPENAI_API_KEY: 'sk-bench-crash', ...(crashAt ? { SLANT_CRASH_AT: crashAt } : {}) };
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-q', ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env });
  return { child, exit: new Promise((res) => child.on('exit', (code, signal) => res({ code, signal }))) };
}

const t0 = Date.now();
let kills = 0;
/** after each kill: how many requests the server had seen, and which prompts had stored answers */
const checkpoints: { seen: number; stored: Set<string> }[] = [];
let first = true;
let reportCrash = false;
for (;;) {
  const target = kills < KILLS ? Math.min(N - 1, count('SELECT count(*) FROM cache') + 1 + Math.floor(rng() * (N - count('SELECT count(*) FROM cache')))) : Infinity;
  // after the random kills, one more kill between writing results.json and report.html
  const crashAt = kills >= KILLS && !reportCrash ? 'between-reports' : undefined;
  if (crashAt) reportCrash = true;
  const run = start(first ? ['run', '-c', join(dir, 'slant.yaml')] : ['run', '--resume', '--store', db], crashAt);
  first = false;
  let killed = false;
  while (run.child.exitCode === null && run.child.signalCode === null) {
    if (count('SELECT count(*) FROM cache') >= target) {
      run.child.kill('SIGKILL');
      killed = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const result = await run.exit;
  if (killed || result.signal === 'SIGKILL') {
    kills++;
    checkpoints.push({ seen: (await prompts()).length, stored: storedPrompts() });
    continue;
  }
  if (result.code !== 0) throw new Error(`slant run exited with ${result.code}`);
  break;
}
const seconds = (Date.now() - t0) / 1000;

const all = await prompts();
const times = new Map<string, number>();
for (const p of all) times.set(p, (times.get(p) ?? 0) + 1);
const duplicated = [...times.values()].reduce((a, n) => a + (n - 1), 0);
let resentAfterStored = 0;
for (const cp of checkpoints) for (const p of all.slice(cp.seen)) if (cp.stored.has(p)) resentAfterStored++;
const items = count('SELECT count(*) FROM items');
const status = (() => {
  const c = new Database(db, { readonly: true });
  try {
    return c.prepare('SELECT status FROM runs').pluck().get() as string;
  } finally {
    c.close();
  }
})();

console.log(`items ${N}, latency ${latency} ms, concurrency ${concurrency}, seed ${values.seed}`);
console.log('\n1. random kills (live requests)');
console.log(`kills (SIGKILL)                ${kills} (${kills - 1} during generation, 1 between the two report files); ${seconds.toFixed(1)} s`);
console.log(`requests sent                  ${all.length} (${times.size} distinct bodies)`);
console.log(`duplicates                     ${duplicated} (re-sent; at most ${concurrency} in flight per kill = ${concurrency * kills})`);
console.log(`re-sent after being stored     ${resentAfterStored} (goal 0: outside the in-flight window)`);
console.log(`items stored                   ${items} / ${N} (goal: all); run ${status}`);
rmSync(dir, { recursive: true, force: true });
let failed = resentAfterStored > 0 || items !== N || status !== 'completed';

/** A fresh project (its own store) for one trial; `tag` keeps its request bodies apart from the other trials'. */
function project(tag: string): { dir: string; db: string; config: string } {
  const d = mkdtempSync(join(tmpdir(), `slant-bench-crash-${tag}-`));
  const file = join(d, 'slant.db');
  writeFileSync(join(d, 'docs.jsonl'), Array.from({ length: N }, (_, i) => JSON.stringify({ id: `d${i}`, text: `Document ${i} (${tag}) reports that product ${i} works well. The battery of unit ${i} lasts two days. Support for case ${i} answered slowly.` })).join('\n') + '\n');
  writeFileSync(
    join(d, 'slant.yaml'),
    `store: ${file}\nreports: ${join(d, 'reports')}\nconcurrency: ${concurrency}\nproviders: { openai: { baseURL: ${url}/v1 } }\nmodels: [{ id: 'openai:gpt-4o-mini' }]\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`,
  );
  return { dir: d, db: file, config: join(d, 'slant.yaml') };
}

function countIn(file: string, sql: string): number {
  const c = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (c.prepare(sql).pluck().get() as number) ?? 0;
  } finally {
    c.close();
  }
}

function startWith(args: string[], env: Record<string, string>): { child: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/bin.ts'), '-q', ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, OPENAI_API_KEY: 'sk-bench-crash', ...env } });
  return { child, exit: new Promise((res) => child.on('exit', (code, signal) => res({ code, signal }))) };
}

const batchCounts = (): Promise<{ files: number; batches: number }> =>
  new Promise((resolve) => {
    server.once('message', (m) => resolve(m as { files: number; batches: number }));
    server.send('batch-counts');
  });

/** Bodies sent more than once among `list`. */
function duplicatesIn(list: string[]): number {
  return list.length - new Set(list).size;
}

// 2. batch-phase kills: each phase in a run of its own, killed there, then resumed to the end
console.log('\n2. batch-phase kills (slant run --batch, SIGKILL, then --resume)');
console.log('phase                          batches created   requests sent live   items stored');
const POLL = { SLANT_BATCH_POLL_MS: '20' };
for (const phase of ['batch-intent', 'batch-created', 'polling', 'batch-storing']) {
  const p = project(phase);
  const before = await batchCounts();
  const chatsBefore = (await prompts()).length;
  const t = Date.now();
  if (phase === 'polling') {
    // a plain kill -9 once the batch is being polled (its id saved beside the store)
    const run = startWith(['run', '--batch', '-c', p.config], POLL);
    while (run.child.exitCode === null && (await batchCounts()).batches === before.batches) await new Promise((r) => setTimeout(r, 5));
    run.child.kill('SIGKILL');
    await run.exit;
  } else {
    const killed = await startWith(['run', '--batch', '-c', p.config], { ...POLL, SLANT_CRASH_AT: phase }).exit;
    if (killed.signal !== 'SIGKILL') throw new Error(`the run was not killed at ${phase}`);
  }
  const resumed = await startWith(['run', '--resume', '--store', p.db], POLL).exit;
  if (resumed.code !== 0) throw new Error(`the resume after a kill at ${phase} exited with ${resumed.code}`);
  const after = await batchCounts();
  const live = (await prompts()).length - chatsBefore;
  const stored = countIn(p.db, 'SELECT count(*) FROM items');
  const created = after.batches - before.batches;
  console.log(`${phase.padEnd(31)}${String(created).padEnd(18)}${String(live).padEnd(21)}${stored} / ${N}  (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (created !== 1 || live !== 0 || stored !== N) failed = true;
  rmSync(p.dir, { recursive: true, force: true });
}

/** Whether `pid` holds a write lock on a SQLite store's shared-memory file (its WAL write lock; Linux /proc/locks). */
function holdsWriteLock(pid: number, file: string): boolean {
  const shm = `${file}-shm`;
  if (!existsSync(shm)) return false;
  const ino = statSync(shm).ino;
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .some((line) => {
      const f = line.trim().split(/\s+/);
      return f[3] === 'WRITE' && f[4] === String(pid) && (f[5] ?? '').endsWith(`:${ino}`);
    });
}

// 3. a stalled lease holder: stopped past the stale limit, its run resumed by another process, then continued
{
  console.log('\n3. stalled lease (SIGSTOP past the stale limit, --resume by a second process, SIGCONT)');
  const LEASE = { SLANT_LEASE_STALE_MS: '1500', SLANT_LEASE_HEARTBEAT_MS: '200' };
  const p = project('stall');
  const from = (await prompts()).length;
  const a = startWith(['run', '-c', p.config], LEASE);
  while ((await prompts()).length - from < N / 4) await new Promise((r) => setTimeout(r, 5));
  // stopped outside a write transaction: inside one it would keep SQLite's write lock, and no other
  // process could take the run over (or write at all) until it is continued
  let stops = 0;
  for (;;) {
    a.child.kill('SIGSTOP');
    stops++;
    await new Promise((r) => setTimeout(r, 30));
    if (!holdsWriteLock(a.child.pid ?? 0, p.db)) break;
    a.child.kill('SIGCONT');
    await new Promise((r) => setTimeout(r, 3 + stops));
  }
  const atStop = (await prompts()).length - from;
  await new Promise((r) => setTimeout(r, 2500));
  const b = startWith(['run', '--resume', '--store', p.db], LEASE);
  while (b.child.exitCode === null && (await prompts()).length - from < atStop + concurrency) await new Promise((r) => setTimeout(r, 5));
  a.child.kill('SIGCONT');
  const [ra, rb] = await Promise.all([a.exit, b.exit]);
  const sent = (await prompts()).slice(from);
  const dup = duplicatesIn(sent);
  const stored = countIn(p.db, 'SELECT count(*) FROM items');
  console.log(`stops (SIGSTOP)                ${stops} (${stops - 1} inside a write transaction, continued at once and stopped again)`);
  console.log(`stalled holder's exit          ${ra.code} (goal 2: it stops before its next request); the resuming process: ${rb.code}`);
  console.log(`requests sent                  ${sent.length} (${new Set(sent).size} distinct bodies)`);
  console.log(`duplicates                     ${dup} (goal: at most ${concurrency}, the requests in flight at the stop)`);
  console.log(`items stored                   ${stored} / ${N} (goal: all)`);
  if (ra.code !== 2 || rb.code !== 0 || dup > concurrency || stored !== N) failed = true;
  rmSync(p.dir, { recursive: true, force: true });
}

server.send('close');
if (failed) process.exitCode = 1;
