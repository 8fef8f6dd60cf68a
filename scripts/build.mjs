#!/usr/bin/env node
/**
 * Builds dist/ from src/ in two parts:
 *   - the JavaScript: esbuild transpiles each module on its own (no type-check; a second or two),
 *     then the assets tsc would not emit either (scripts/copy-assets.mjs), then bundles the CLI,
 *     the library entry and the report thread's entry over their per-module outputs, with their
 *     shared code in dist/chunks/ (scripts/bundle-cli.mjs: a command loads far fewer modules).
 *     This is what `npm start`, the CLI tests and `npm ci` (prepare) need. Type errors are `npm
 *     run typecheck`'s to find (CI runs it), not the start's.
 *   - the declarations (`.d.ts`, the package's types): tsc, incrementally (its build info sits in
 *     dist/, so deleting dist/ rebuilds it all). Needed to pack and publish (prepack).
 * `--js` builds the first part only. Each part writes a stamp (dist/.build-stamp, dist/.types-stamp)
 * with the time it started; the build also removes what an earlier build left that this one would
 * not make (outputs of deleted sources, old source maps: the package ships no src/ for a map to
 * point at), so `npm pack` of a long-lived working tree ships what a fresh clone's build makes.
 *
 * `--if-stale` builds a part only when something it reads is newer than its stamp: a file or
 * folder under src/ (a deleted file changes its folder's time), the tsconfig files, package.json
 * or the build scripts. `npm start` with nothing changed then costs a walk over src/'s file times.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli } from './bundle-cli.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMPS = { js: join(root, 'dist', '.build-stamp'), types: join(root, 'dist', '.types-stamp') };
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/copy-assets.mjs', 'scripts/bundle-cli.mjs', 'scripts/build.mjs'];

/** The newest modification time (ms) of a tree's files and folders. */
function newest(path) {
  const st = statSync(path);
  let t = st.mtimeMs;
  if (st.isDirectory()) for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

function builtAt(stamp) {
  if (!existsSync(stamp)) return undefined;
  const t = Number(readFileSync(stamp, 'utf8').trim());
  return Number.isFinite(t) ? t : undefined;
}

function stale(part) {
  const built = builtAt(STAMPS[part]);
  if (built === undefined || !existsSync(join(root, 'dist', 'cli', part === 'js' ? 'bin.js' : 'bin.d.ts'))) return true;
  const inputs = Math.max(newest(join(root, 'src')), ...INPUTS.map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)));
  return inputs > built;
}

/** Whether a file in dist/ still has its source: a copied asset at the same path, the .ts module it was compiled from (a source map has none), or a chunk of the CLI's bundle (which each build writes afresh). */
function hasSource(rel) {
  if (rel.endsWith('.map')) return false;
  if (rel.startsWith('chunks/')) return true;
  if (existsSync(join(root, 'src', rel))) return true;
  const m = /^(.*)\.(d\.ts|js)$/.exec(rel);
  return m !== null && existsSync(join(root, 'src', `${m[1]}.ts`));
}

/**
 * tsc (5.9) keeps a JSON import in a declaration file when an exported type is read off the JSON
 * (`keyof typeof spec.questions`) but drops its `with { type: 'json' }`, which a consumer's
 * NodeNext type-check requires (TS1543): put it back.
 */
function restoreJsonImportAttributes(dir = join(root, 'dist')) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) restoreJsonImportAttributes(path);
    else if (e.name.endsWith('.d.ts')) {
      const text = readFileSync(path, 'utf8');
      const fixed = text.replace(/^(import [^;\n]+ from '\.{1,2}\/[^']+\.json');$/gm, "$1 with { type: 'json' };");
      if (fixed !== text) writeFileSync(path, fixed);
    }
  }
}

/** Removes files under dist/ whose source is gone, and source maps. */
function prune(dir = join(root, 'dist'), rel = '') {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    const r = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) prune(path, r);
    else if (rel !== '' || !e.name.startsWith('.')) {
      if (!hasSource(r)) rmSync(path);
    }
  }
}

function run(args) {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** The .ts modules under src/. */
function sources(dir = join(root, 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

async function buildJs() {
  const { build } = await import('esbuild');
  // one output per module, imports left as written (./x.js), as tsc emits them; settings from tsconfig.json
  await build({ entryPoints: sources(), outdir: join(root, 'dist'), outbase: join(root, 'src'), format: 'esm', platform: 'node', target: 'node20.19', tsconfig: join(root, 'tsconfig.build.json'), logLevel: 'warning' });
  run(['scripts/copy-assets.mjs']);
  // then the CLI's entry points again, as one bundle (scripts/bundle-cli.mjs): fewer modules to load at each start
  await bundleCli(root);
}

function buildTypes() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  run([tsc, '-p', 'tsconfig.build.json', '--emitDeclarationOnly']);
  restoreJsonImportAttributes();
}

const ifStale = process.argv.includes('--if-stale');
const parts = process.argv.includes('--js') ? ['js'] : ['js', 'types'];
for (const part of parts) {
  if (ifStale && !stale(part)) continue;
  const started = Date.now();
  if (part === 'js') await buildJs();
  else buildTypes();
  prune();
  writeFileSync(STAMPS[part], `${started}\n`);
}
