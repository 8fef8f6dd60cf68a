/**
 * A store nobody may write (a read-only mount, an archive, a colleague's file) can still be read:
 * `runs`, `report` (to another folder), `compare`, `cache stats` and `view` open it read-only.
 *
 * How the store is made read-only: as root, chmod does not stop writes, so the CLI runs in a
 * private mount namespace (`unshare -m`) where the store's folder is bind-mounted read-only
 * (`mount --bind -o ro`): every write fails with EROFS, as on a real read-only mount. As another
 * user, the folder and file are chmod'ed read-only instead. Where neither works (root without
 * CAP_SYS_ADMIN) the test says so and is skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoRuns } from '../helpers/two-runs.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'src/cli/bin.ts');
const isRoot = process.getuid?.() === 0;
/** whether this machine lets us make a read-only bind mount in a private mount namespace */
const canMount = isRoot && spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'mount --bind -o ro / /mnt'], { stdio: 'ignore' }).status === 0;
const how = isRoot ? (canMount ? 'read-only bind mount' : undefined) : 'chmod a-w';

let dir: string;
let data: string;
let view: string;
let runs: { a: string; b: string };

beforeAll(async () => {
  if (how === undefined) return;
  dir = mkdtempSync(join(tmpdir(), 'slant-ro-'));
  data = join(dir, 'data');
  view = join(dir, 'view'); // where the read-only copy appears (the mount point)
  mkdirSync(view);
  const r = await twoRuns(data);
  runs = r;
  if (!isRoot) {
    chmodSync(r.store, 0o444);
    chmodSync(data, 0o555);
  }
}, 120_000);

afterAll(() => {
  if (how !== undefined && !isRoot) chmodSync(data, 0o755);
});

/** `slant <args>` with the store's folder read-only, at `storeDir` (the mount point as root). */
function slantReadOnly(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const node = [process.execPath, '--import', 'tsx', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const [cmd, argv] = isRoot ? ['unshare', ['-m', '--propagation', 'private', 'sh', '-c', `mount --bind -o ro '${data}' '${view}' && exec ${node}`]] : ['sh', ['-c', `exec ${node}`]];
  const child = spawn(cmd, argv as string[], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  return new Promise((done) => {
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}

const storeAt = (): string => join(isRoot ? view : data, 'slant.db');

describe(`a store that cannot be written (${how ?? 'no way to make one here'})`, () => {
  // never skipped: as root without mount namespaces the test fails saying so
  it('this machine can make a read-only store', () => {
    expect(how, 'running as root, and `unshare -m` with a read-only bind mount is refused here: the read-only store tests need one or the other').toBeDefined();
  });

  it('the store really is read-only there (a write fails)', async () => {
    const r = await slantReadOnly(['cache', 'clear', '--store', storeAt()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write the run store|readonly|read-only/i);
  });

  it('runs, report to another folder, compare and cache stats read it (exit 0) and write nothing next to it', async () => {
    const before = readdirSync(data).sort();
    const out = mkdtempSync(join(tmpdir(), 'slant-ro-reports-'));
    const listed = await slantReadOnly(['runs', '--store', storeAt()]);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(runs.a);
    const report = await slantReadOnly(['-q', 'report', runs.a, '--store', storeAt(), '--reports', out]);
    expect(report.stderr).toBe('');
    expect(report.code).toBe(0);
    expect(statSync(join(out, runs.a, 'report.html')).size).toBeGreaterThan(1000);
    const compared = await slantReadOnly(['compare', runs.a, runs.b, '--store', storeAt()]);
    expect(compared.stderr).toBe('');
    expect(compared.code).toBe(0);
    const stats = await slantReadOnly(['cache', 'stats', '--store', storeAt()]);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/entries/);
    expect(readdirSync(data).sort()).toEqual(before); // no -wal, -shm or reserve file appeared
  }, 120_000);

  it('view serves it', async () => {
    let page = 0;
    const child = spawn(isRoot ? 'unshare' : 'sh', isRoot ? ['-m', '--propagation', 'private', 'sh', '-c', `mount --bind -o ro '${data}' '${view}' && exec '${process.execPath}' --import tsx '${BIN}' view --store '${storeAt()}'`] : ['-c', `exec '${process.execPath}' --import tsx '${BIN}' view --store '${storeAt()}'`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      for (let i = 0; i < 400 && !/http:\/\/127\.0\.0\.1:\d+\//.test(out); i++) await new Promise((res) => setTimeout(res, 50));
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      expect(url).toBeDefined();
      const res = await fetch(`${url}runs/${runs.a}`);
      page = res.status;
      expect(await res.text()).toContain('<svg');
    } finally {
      child.kill('SIGTERM');
    }
    expect(page).toBe(200);
  }, 60_000);
});
