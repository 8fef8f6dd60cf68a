/**
 * A throwaway PostgreSQL cluster for the tests: Debian's binaries (/usr/lib/postgresql/<ver>/bin),
 * initdb into a temp dir, a random port on 127.0.0.1, trust auth for the cluster's own user. As
 * root (postgres refuses to run as root) the cluster runs as the `postgres` user through runuser.
 * The tests need it (real components, never mocks of them, and no test is skipped): where it is
 * absent, startCluster fails naming the package to install; .ci/run installs it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return found ? join(found, '..') : undefined;
}

export const PG_BIN = findBin();

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

function run(bin: string, args: string[]): string {
  const cmd = join(PG_BIN as string, bin);
  return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) : execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

let dbCounter = 0;

/** Start a cluster (stop it in afterAll; it is also stopped when the test process exits). `settings`: more `-c name=value` (a benchmark's pg_stat_statements). */
export async function startCluster(opts: { settings?: string[] } = {}): Promise<PgCluster> {
  if (PG_BIN === undefined) throw new Error("PostgreSQL not found (no initdb): the tests start a real cluster; install Debian's postgresql package (.ci/run does)");
  const dir = mkdtempSync(join(tmpdir(), 'slant-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
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
  };
  process.once('exit', stop);
  const base = `postgres://slant@127.0.0.1:${port}`;
  const newDatabase = (): string => {
    const name = `t${process.pid}_${++dbCounter}`;
    run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'slant', '-d', 'postgres', '-q', '-c', `CREATE DATABASE ${name}`]);
    return `${base}/${name}`;
  };
  const pid = (): number => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: newDatabase(), newDatabase, stop, pid };
}
