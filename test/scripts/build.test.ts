/**
 * scripts/build.mjs on a small tree of its own: `--js --if-stale` (what `npm start` runs) builds
 * only when a source is newer than the last build, a build removes the outputs of deleted
 * sources and old source maps, and the CLI's entry is a bundle whose code still finds its files
 * beside its own source's place in dist/ (scripts/bundle-cli.mjs).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'slant-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

mkdirSync(join(dir, 'scripts'));
mkdirSync(join(dir, 'src/cli'), { recursive: true });
mkdirSync(join(dir, 'src/annotate/public'), { recursive: true });
for (const f of ['scripts/build.mjs', 'scripts/copy-assets.mjs', 'scripts/bundle-cli.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package.json']) copyFileSync(join(ROOT, f), join(dir, f));
symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
mkdirSync(join(dir, 'src/lazy'));
writeFileSync(
  join(dir, 'src/cli/bin.ts'),
  "import words from './words.json' with { type: 'json' };\nconst n: number = words.length;\nconst { asset } = await import('../lazy/asset.js');\nconsole.log(`bin ${n} ${asset()}`);\n",
);
writeFileSync(join(dir, 'src/cli/words.json'), '["a","b"]');
writeFileSync(join(dir, 'src/cli/extra.ts'), 'export const extra = 1;\n');
// read from beside its source, as the judges read their fitted models
writeFileSync(join(dir, 'src/lazy/asset.ts'), "import { readFileSync } from 'node:fs';\nexport const asset = (): string => readFileSync(new URL('./note.json', import.meta.url), 'utf8').trim();\n");
writeFileSync(join(dir, 'src/lazy/note.json'), '"found"\n');

function build(...args: string[]): void {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build exited ${r.status}: ${r.stderr}`);
}
const mtime = (rel: string): number => statSync(join(dir, rel)).mtimeMs;
/** Sets a file's times a few seconds back, so a later write is newer whatever the clock's resolution. */
function age(rel: string, seconds: number): void {
  const t = new Date(Date.now() - seconds * 1000);
  utimesSync(join(dir, rel), t, t);
}

describe('scripts/build.mjs', () => {
  it('builds the JavaScript with its JSON assets, and the output runs', () => {
    build('--js');
    expect(existsSync(join(dir, 'dist/cli/bin.js'))).toBe(true);
    expect(existsSync(join(dir, 'dist/cli/words.json'))).toBe(true);
    expect(existsSync(join(dir, 'dist/lazy/note.json'))).toBe(true);
    expect(existsSync(join(dir, 'dist/.build-stamp'))).toBe(true);
    expect(spawnSync(process.execPath, ['dist/cli/bin.js'], { cwd: dir, encoding: 'utf8' }).stdout).toBe('bin 2 "found"\n');
  });

  it('bundles the CLI: the JSON it imports inlined, a lazy import in a chunk that reads its asset from the source’s place in dist/', () => {
    const bin = readFileSync(join(dir, 'dist/cli/bin.js'), 'utf8');
    expect(bin).not.toMatch(/import .*words\.json/);
    expect(bin).toContain('["a", "b"]');
    const chunk = /import\("\.\.\/(chunks\/[^"]+\.js)"\)/.exec(bin)?.[1];
    expect(chunk).toBeDefined();
    expect(readFileSync(join(dir, 'dist', chunk!), 'utf8')).toContain('new URL("../lazy/asset.js", import.meta.url)');
    // the per-module output of a source that is not an entry stays as esbuild transpiled it
    expect(readFileSync(join(dir, 'dist/cli/extra.js'), 'utf8')).toContain('extra = 1');
  });

  it('--if-stale with nothing changed builds nothing', () => {
    age('dist/cli/bin.js', 60);
    const before = mtime('dist/cli/bin.js');
    build('--js', '--if-stale');
    expect(mtime('dist/cli/bin.js')).toBe(before);
  });

  it('--if-stale after a source changed builds again', () => {
    age('dist/cli/bin.js', 60);
    writeFileSync(join(dir, 'dist/.build-stamp'), `${Date.now() - 30_000}\n`);
    writeFileSync(join(dir, 'src/cli/extra.ts'), 'export const extra = 2;\n');
    build('--js', '--if-stale');
    expect(readFileSync(join(dir, 'dist/cli/extra.js'), 'utf8')).toContain('extra = 2');
  });

  it("a deleted source's outputs and old source maps are removed", () => {
    writeFileSync(join(dir, 'dist/cli/extra.js.map'), '{}');
    rmSync(join(dir, 'src/cli/extra.ts'));
    build('--js', '--if-stale');
    expect(existsSync(join(dir, 'dist/cli/extra.js'))).toBe(false);
    expect(existsSync(join(dir, 'dist/cli/extra.js.map'))).toBe(false);
    expect(existsSync(join(dir, 'dist/cli/bin.js'))).toBe(true);
    expect(readdirSync(join(dir, 'dist/chunks')).length).toBeGreaterThan(0);
  });
});
