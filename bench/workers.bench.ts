/**
 * npm run bench:workers [-- --records 1600 --latency 50 --slots 8 --unit-size 25 --parallel 2 --rows sqlite,1,2,4 --statements --profile DIR]
 *
 * Distributed runs: `slant run --workers` with 1, 2 and 4 `slant worker` processes (the compiled
 * CLI) on one PostgreSQL store (a throwaway cluster, as the tests start), against a latency-bound
 * loopback OpenAI-compatible provider in its own process (`latency` ms per answer, no concurrency
 * limit of its own). Each worker has `slots` requests in flight (--max-concurrency). One summary
 * request per record, measured by the primacy probe (TF-IDF, local). A fresh database per row.
 *
 * Throughput = records / work span (first unit started → last unit done, read from the store: the
 * workers' and coordinator's start-up is not in it); the wall time of the coordinator process is
 * printed beside it. Ratios are against 1 worker (goals: ≥ 1.8× at 2, ≥ 3.4× at 4). The SQLite
 * figure is the same run in one `slant run` process with `slots` requests in flight, no workers.
 * Ideal span with k workers = records × latency / (k × slots).
 *
 * On a shared machine each row also prints the share of the machine's CPU the run's own processes
 * used and the share everything else used over its wall time (/proc/stat), and the ratio to 1
 * worker "at equal share": scaled by the CPU left to the run in each row (see `shares`).
 * Where the time goes: the CPU seconds of the provider, the slant processes and PostgreSQL's
 * backends, and the SQL statements per record (pg_stat_statements of the row's database: the
 * workers', the coordinator's and the queue's statements, start-up included); `--statements` lists
 * the most frequent, `--profile DIR` writes a V8 CPU profile of each worker (node --cpu-prof), and
 * `--rows 1,4` runs only those rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCluster } from '../test/helpers/postgres.js';
import { startLoopbackServer } from './loopback-bench.js';

const { values } = parseArgs({ options: { records: { type: 'string', default: '1600' }, latency: { type: 'string', default: '50' }, slots: { type: 'string', default: '8' }, 'unit-size': { type: 'string', default: '25' }, parallel: { type: 'string', default: '2' }, rows: { type: 'string', default: 'sqlite,1,2,4' }, statements: { type: 'boolean', default: false }, profile: { type: 'string' } } });
const N = Number(values.records);
const latency = Number(values.latency);
const slots = Number(values.slots);
const unitSize = Number(values['unit-size']);
const parallel = Number(values.parallel);
const wanted = values.rows.split(',').map((r) => r.trim());
const profile = values.profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${values.profile}`];
const bin = new URL('../dist/cli/bin.js', import.meta.url).pathname;

const cluster = await startCluster({ settings: ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] });
const { child: serverProc, url: serverUrl, stats } = await startLoopbackServer(latency, 1_000_000, { BENCH_ANSWER: 'FINAL_SUMMARY: The record opens, says little, and closes.' });
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-workers-'));
const procs: ChildProcess[] = [];

/** CPU seconds used by the cluster's live backends (children of the postmaster). */
function dbCpuSeconds(): number {
  const parent = cluster.pid();
  let total = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(f[1]) === parent) total += (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * CPU seconds the whole machine has been busy (all processes, all cores: /proc/stat's user, nice,
 * system, irq, softirq and steal), to tell the run's own CPU from everyone else's on a shared machine.
 */
function machineBusySeconds(): number | undefined {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}

/** CPU seconds a process has used (Linux /proc; undefined elsewhere): where the time goes on a shared machine. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return undefined;
  }
}

function cli(args: string[], nodeArgs: string[] = []): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [...nodeArgs, bin, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  procs.push(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return { child, done: new Promise((res) => child.on('exit', (code) => res({ code, stderr }))) };
}

function config(store: string): string {
  const file = join(dir, `slant-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(
    file,
    ['version: 1', `concurrency: ${slots}`, `store: ${store}`, 'providers:', '  openai-compatible:', `    maxConcurrency: ${slots}`, 'models:', `  - id: "openai-compatible:${serverUrl}/v1#bench-model"`, 'datasets:', '  - name: bench', '    path: data.jsonl', 'probes:', '  - name: primacy', 'generation:', '  maxTokens: 16', ''].join('\n'),
  );
  return file;
}

const rows: { label: string; workers: number; wallMs: number; spanMs: number; requests: number; peak: number; serverCpuS?: number; workersCpuS?: number; dbCpuS?: number; statements?: number; startSpreadMs?: number; endSpreadMs?: number; top?: string[]; load: number; machineBusyS?: number }[] = [];
try {
  writeFileSync(join(dir, 'data.jsonl'), Array.from({ length: N }, (_, i) => JSON.stringify({ id: `r${i}`, source: `Record ${i} opens here. The middle part of record ${i} says little of note. It ends with a closing line.` })).join('\n') + '\n');

  // SQLite, one process, no workers
  if (wanted.includes('sqlite')) {
    const before = (await stats()).count;
    const s0 = cpuSeconds(serverProc.pid);
    const m0 = machineBusySeconds();
    const t0 = performance.now();
    const run = cli(['-q', 'run', '-c', config(join(dir, `sqlite-${Date.now()}.db`))]);
    let cpu: number | undefined;
    const sample = setInterval(() => (cpu = cpuSeconds(run.child.pid) ?? cpu), 100);
    const r = await run.done;
    clearInterval(sample);
    const ms = performance.now() - t0;
    const m1 = machineBusySeconds();
    if (r.code !== 0) throw new Error(`sqlite run failed: ${r.stderr}`);
    rows.push({ label: 'sqlite, 1 process', workers: 0, wallMs: ms, spanMs: ms, requests: (await stats()).count - before, peak: (await stats()).peak, serverCpuS: (cpuSeconds(serverProc.pid) ?? 0) - (s0 ?? 0), ...(cpu !== undefined ? { workersCpuS: cpu } : {}), load: loadavg()[0] ?? 0, ...(m0 !== undefined && m1 !== undefined ? { machineBusyS: m1 - m0 } : {}) });
  }

  for (const k of [1, 2, 4]) {
    if (!wanted.includes(String(k))) continue;
    const url = cluster.newDatabase();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const before = (await stats()).count;
    const workers = Array.from({ length: k }, () => cli(['-q', 'worker', '--store', url, '--max-concurrency', String(slots), '--parallel', String(parallel)], profile));
    // the workers are up (registered) before the run starts
    for (;;) {
      const n = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM slant_workers WHERE role = 'worker' AND stopped_at IS NULL").catch(() => ({ rows: [{ n: 0 }] }));
      if ((n.rows[0]?.n ?? 0) >= k) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const s0 = cpuSeconds(serverProc.pid);
    const w0 = workers.map((w) => cpuSeconds(w.child.pid) ?? 0);
    const db0 = dbCpuSeconds();
    const m0 = machineBusySeconds();
    const t0 = performance.now();
    const r = await cli(['-q', 'run', '--workers', '--unit-size', String(unitSize), '-c', config(url)]).done;
    const wallMs = performance.now() - t0;
    const m1 = machineBusySeconds();
    if (r.code !== 0) throw new Error(`distributed run with ${k} worker(s) failed: ${r.stderr}`);
    const span = await db.query<{ ms: number }>('SELECT (extract(epoch FROM max(done_at) - min(started_at)) * 1000)::float8 AS ms FROM slant_dist_units');
    const dbCpuS = dbCpuSeconds() - db0;
    // per worker: its first unit's start and its last unit's end; their spreads are start-up and tail losses
    const per = await db.query<{ first: number; last: number }>(
      `SELECT extract(epoch FROM min(started_at) - (SELECT min(started_at) FROM slant_dist_units)) * 1000 AS first,
         extract(epoch FROM (SELECT max(done_at) FROM slant_dist_units) - max(done_at)) * 1000 AS last FROM slant_dist_units GROUP BY done_by`,
    );
    const startSpreadMs = Math.max(...per.rows.map((r) => Number(r.first)));
    const endSpreadMs = Math.max(...per.rows.map((r) => Number(r.last)));
    // every statement run in this row's database (the bench's own few included)
    const st = await db.query<{ query: string; calls: number }>('SELECT query, calls::int AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY calls DESC');
    const statements = st.rows.reduce((a, r) => a + r.calls, 0);
    const top = st.rows.slice(0, 12).map((r) => `${(r.calls / N).toFixed(2)}/record  ${r.query.replace(/\s+/g, ' ').slice(0, 160)}`);
    const workersCpuS = workers.reduce((a, w, i) => a + (cpuSeconds(w.child.pid) ?? 0) - (w0[i] ?? 0), 0);
    rows.push({ label: `postgres, ${k} worker(s)`, workers: k, wallMs, spanMs: span.rows[0]?.ms ?? Number.NaN, requests: (await stats()).count - before, peak: (await stats()).peak, serverCpuS: (cpuSeconds(serverProc.pid) ?? 0) - (s0 ?? 0), workersCpuS, dbCpuS, statements, top, startSpreadMs, endSpreadMs, load: loadavg()[0] ?? 0, ...(m0 !== undefined && m1 !== undefined ? { machineBusyS: m1 - m0 } : {}) });
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.done));
    await db.end();
  }
} finally {
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  serverProc.send('close');
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

const cores = cpus().length;
/**
 * The shares of the machine's CPU (all cores, over the row's wall time) that the run's own
 * processes (workers, PostgreSQL, the loopback provider) and everything else used. The CPU left to
 * the run is 1 − others; scaling "at equal share" multiplies the ratio to 1 worker by
 * left(1 worker) / left(k workers): an estimate of the ratio had both rows had the same CPU left,
 * so a figure measured while other work shares the cores can be read (on a quiet machine the two
 * ratios agree).
 */
function shares(r: (typeof rows)[number]): { own: number; others: number } | undefined {
  if (r.machineBusyS === undefined || r.workersCpuS === undefined) return undefined;
  const capacity = (r.wallMs / 1000) * cores;
  const own = r.workersCpuS + (r.dbCpuS ?? 0) + (r.serverCpuS ?? 0);
  return { own: own / capacity, others: Math.max(0, r.machineBusyS - own) / capacity };
}
const one = rows.find((r) => r.workers === 1);
const oneShares = one === undefined ? undefined : shares(one);
const goals: Record<number, number> = { 2: 1.8, 4: 3.4 };
let failed = false;
for (const r of rows) {
  const throughput = N / (r.spanMs / 1000);
  const ratio = one === undefined ? Number.NaN : one.spanMs / r.spanMs;
  const ideal = r.workers === 0 ? (N * latency) / slots : (N * latency) / (r.workers * slots);
  const goal = goals[r.workers];
  const pass = goal === undefined || one === undefined ? undefined : ratio >= goal;
  if (pass === false) failed = true;
  const sh = shares(r);
  console.log(
    JSON.stringify({
      bench: 'workers',
      store: r.label,
      records: N,
      latency_ms: latency,
      slots_per_process: slots,
      requests: r.requests,
      provider_peak_in_flight_so_far: r.peak,
      wall_ms: Math.round(r.wallMs),
      span_ms: Math.round(r.spanMs),
      ideal_span_ms: Math.round(ideal),
      records_per_s: Number(throughput.toFixed(1)),
      provider_cpu_s: r.serverCpuS === undefined ? null : Number(r.serverCpuS.toFixed(1)),
      slant_cpu_s: r.workersCpuS === undefined ? null : Number(r.workersCpuS.toFixed(1)),
      postgres_cpu_s: r.dbCpuS === undefined ? null : Number(r.dbCpuS.toFixed(1)),
      slant_cpu_ms_per_record: r.workersCpuS === undefined ? null : Number(((r.workersCpuS * 1000) / N).toFixed(2)),
      postgres_cpu_ms_per_record: r.dbCpuS === undefined ? null : Number(((r.dbCpuS * 1000) / N).toFixed(2)),
      statements_per_record: r.statements === undefined ? null : Number((r.statements / N).toFixed(2)),
      // the last worker to start its first unit, and the first to finish its last, relative to the span
      workers_start_spread_ms: r.startSpreadMs === undefined ? null : Math.round(r.startSpreadMs),
      workers_end_spread_ms: r.endSpreadMs === undefined ? null : Math.round(r.endSpreadMs),
      load_avg_1m: Number(r.load.toFixed(1)),
      own_cpu_share: sh === undefined ? null : Number(sh.own.toFixed(2)),
      others_cpu_share: sh === undefined ? null : Number(sh.others.toFixed(2)),
      vs_1_worker: Number(ratio.toFixed(2)),
      vs_1_worker_at_equal_share: sh === undefined || oneShares === undefined || r.workers === 0 ? null : Number((ratio * (Math.max(0.05, 1 - oneShares.others) / Math.max(0.05, 1 - sh.others))).toFixed(2)),
      ...(goal !== undefined ? { goal: `≥ ${goal}`, pass } : {}),
    }),
  );
  if (values.statements && r.top) for (const t of r.top) console.log(`  ${t}`);
}
if (failed) process.exitCode = 1;
