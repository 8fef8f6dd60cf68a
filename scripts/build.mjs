#!/usr/bin/env node
/**
 * Builds dist/: tsc (incremental: its build info sits in dist/, so deleting dist/ rebuilds it all),
 * then the assets tsc does not emit (scripts/copy-assets.mjs). Writes dist/.build-stamp with the
 * time the build started, and removes what an earlier build left that this one would not make: the
 * outputs of deleted sources and source maps (the package ships no src/ for them to point at), so
 * `npm pack` of a long-lived working tree ships what a fresh clone's build makes.
 *
 * `--if-stale` (used by `npm start`) builds only when something the build reads is newer than the
 * stamp: a file or folder under src/ (a deleted file changes its folder's time), the tsconfig
 * files, package.json or the asset copier. A start with nothing changed then costs a walk over
 * src/'s file times instead of a type-check of the whole program.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/copy-assets.mjs', 'scripts/build.mjs'];

/** The newest modification time (ms) of a tree's files and folders. */
function newest(path) {
  const st = statSync(path);
  let t = st.mtimeMs;
  if (st.isDirectory()) for (const name of readdirSync(path)) t = Math.max(t, newest(join(path, name)));
  return t;
}

function builtAt() {
  if (!existsSync(stamp)) return undefined;
  const t = Number(readFileSync(stamp, 'utf8').trim());
  return Number.isFinite(t) ? t : undefined;
}

function stale() {
  const built = builtAt();
  if (built === undefined || !existsSync(join(root, 'dist', 'cli', 'bin.js'))) return true;
  const inputs = Math.max(newest(join(root, 'src')), ...INPUTS.map((f) => (existsSync(join(root, f)) ? statSync(join(root, f)).mtimeMs : 0)));
  return inputs > built;
}

/** Whether a file in dist/ still has its source: a copied asset at the same path, or the .ts module it was compiled from (a source map has none). */
function hasSource(rel) {
  if (rel.endsWith('.map')) return false;
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

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);
const started = Date.now();
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
run([tsc, '-p', 'tsconfig.build.json']);
run(['scripts/copy-assets.mjs']);
prune();
restoreJsonImportAttributes();
writeFileSync(stamp, `${started}\n`);
