/**
 * A throwaway PostgreSQL cluster for the tests: initdb into a temp dir, a random port on
 * 127.0.0.1, trust auth for the cluster's own user. The binaries come from PG_BIN, the system, or
 * the npm development install (test-binaries.ts), so `npm ci && npm test` needs nothing else.
 * PostgreSQL refuses to run as root; as root the cluster runs as the `postgres` user where one
 * exists and as `nobody` otherwise, in a folder made for it here.
 * The cluster is the test file's own and is removed when the test process ends however it ends:
 * on exit, and by a watchdog process that stops it when the test process has died (a worker
 * killed on a timeout runs no exit handler).
 * The tests need it (real components, never mocks of them, and no test is skipped): where no
 * binaries are found, startCluster fails naming what to install.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_MISSING, findPgBin } from './test-binaries.js';

export const PG_BIN = findPgBin()?.dir;

export interface PgCluster {
  /** a connection URL for a fresh database in the cluster (no password: trust auth on loopback) */
  url: string;
  /** another fresh database in the same cluster */
  newDatabase(): string;
  stop(): void;
  /** the postmaster's pid (its backends are its children) */
  pid(): number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** The account the cluster runs as when the tests run as root. */
function clusterUser(): { name: string; uid: number; gid: number } | undefined {
  if (!asRoot) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { name, uid, gid };
    } catch {
      // no such account: try the next
    }
  }
  throw new Error('running as root, and neither a `postgres` nor a `nobody` account exists to run the test cluster as');
}

function runner(bin: string, user: ReturnType<typeof clusterUser>): (cmd: string, args: string[]) => string {
  return (cmd, args) => {
    const path = join(bin, cmd);
    const opts = { encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
    return user === undefined ? execFileSync(path, args, opts) : execFileSync('setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', path, ...args], opts);
  };
}

/** CREATE DATABASE through the pg client in a child process: newDatabase() stays synchronous for its callers, and no psql is needed (the npm binaries have none). */
function createDatabase(base: string, name: string): void {
  const pg = createRequire(import.meta.url).resolve('pg');
  const code = `const pg = require(${JSON.stringify(pg)}); const c = new pg.Client(${JSON.stringify(`${base}/postgres`)});
c.connect().then(() => c.query('CREATE DATABASE ${name}')).then(() => c.end()).catch((e) => { console.error(e.message); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
}

let dbCounter = 0;

/** Start a cluster (stop it in afterAll; it is also stopped when the test process ends). `settings`: more `-c name=value` (a benchmark's pg_stat_statements). */
export async function startCluster(opts: { settings?: string[] } = {}): Promise<PgCluster> {
  const found = findPgBin();
  if (found === undefined) throw new Error(PG_MISSING);
  const user = clusterUser();
  const run = runner(found.dir, user);
  const dir = mkdtempSync(join(tmpdir(), 'slant-pg-'));
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'slant', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${(opts.settings ?? []).map((c) => ` -c ${c}`).join('')}`, 'start']);
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
  const pid = (): number => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // the watchdog: when this process is gone (exit handler or not), stop the postmaster and remove the folder
  const postmaster = pid();
  const watchdog = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${postmaster} 2>/dev/null; do sleep 1; done; kill -QUIT ${postmaster} 2>/dev/null; sleep 1; rm -rf '${dir}'`], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
    try {
      if (watchdog.pid !== undefined) process.kill(watchdog.pid);
    } catch {
      // already gone
    }
  };
  process.once('exit', stop);
  const base = `postgres://slant@127.0.0.1:${port}`;
  const newDatabase = (): string => {
    const name = `t${process.pid}_${++dbCounter}`;
    createDatabase(base, name);
    return `${base}/${name}`;
  };
  return { url: newDatabase(), newDatabase, stop, pid };
}
