/**
 * npm run bench:crash [-- --items 500 --kills 8 --latency 20 --concurrency 8 --seed 1]
 *
 * `kill -9` at random points of a `slant run` of `items` documents against a loopback OpenAI
 * server with `latency` ms per answer (the bench starts the server in a child process), then
 * `slant run --resume` until the run completes. Each kill happens when a random number of answers
 * (drawn between the current count and the total) has reached the store; one last kill falls
 * between writing results.json and report.html (SLANT_CRASH_AT), after which the run must still
 * be resumable and complete. Prints the kills, the
 * requests the server received, the bodies it received more than once, how many of those were
 * re-sent although their answer had been stored before the kill (goal 0: only requests in flight
 * at a kill may be re-sent), and the items stored at the end (goal: all).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

console.log(`items ${N}, latency ${latency} ms, concurrency ${concurrency}, seed ${values.seed}; ${seconds.toFixed(1)} s`);
console.log(`kills (SIGKILL)                ${kills} (${kills - 1} during generation, 1 between the two report files)`);
console.log(`requests sent                  ${all.length} (${times.size} distinct bodies)`);
console.log(`duplicate answered bodies      ${duplicated} (re-sent; at most ${concurrency} in flight per kill = ${concurrency * kills})`);
console.log(`re-sent after being stored     ${resentAfterStored} (goal 0: outside the in-flight window)`);
console.log(`stored items                   ${items} / ${N} (goal: all); run ${status}`);

server.send('close');
rmSync(dir, { recursive: true, force: true });
if (resentAfterStored > 0 || items !== N || status !== 'completed') process.exitCode = 1;
