#!/usr/bin/env node
/**
 * Keeps node-llama-cpp's prebuilt binaries in package-lock.json down to the CPU build for Linux x64
 * (30 MB), the build the tests and the development machines use. node-llama-cpp names 14 platform
 * packages as optional dependencies, and `npm install` on Linux x64 locks six of them: the CUDA,
 * CUDA-ext and Vulkan builds and two ARM builds, 640 MB that slant never loads (it runs llama.cpp
 * on the CPU). `npm ci` installs what the lock holds, so this drops the other platform packages'
 * entries and their names from node-llama-cpp's entry. It also drops the names of platform
 * packages the registry here does not serve (macOS, Windows), which `npm ci` would otherwise
 * refuse as a lock out of sync.
 *
 * Run it after any `npm install` (`node scripts/fix-lockfile.mjs`); `--check` only reports (used
 * by .ci/run). On another platform, `npm i node-llama-cpp` installs that platform's binary into
 * node_modules (this script then takes it out of the lock again, not out of node_modules).
 */
import { readFileSync, writeFileSync } from 'node:fs';

const KEPT = new Set(['@node-llama-cpp/linux-x64']);
const SCOPE = '@node-llama-cpp/';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const entry = lock.packages?.['node_modules/node-llama-cpp'];

/** Lock entries of platform packages other than the kept ones. */
const extra = Object.keys(lock.packages ?? {}).filter((key) => key.startsWith(`node_modules/${SCOPE}`) && !KEPT.has(key.slice('node_modules/'.length)));
/** Names in node-llama-cpp's entry that the lock will not hold. */
const named = Object.keys(entry?.optionalDependencies ?? {}).filter((name) => name.startsWith(SCOPE) && (!KEPT.has(name) || !lock.packages[`node_modules/${name}`]));

if (process.argv.includes('--check')) {
  const problems = [];
  if (extra.length) problems.push(`holds platform packages beyond ${[...KEPT].join(', ')} (${extra.map((k) => k.slice('node_modules/'.length)).join(', ')})`);
  if (named.length) problems.push(`names optional packages it does not hold (${named.join(', ')})`);
  if (problems.length) {
    console.error(`package-lock.json ${problems.join('; ')}; run: node scripts/fix-lockfile.mjs`);
    process.exit(1);
  }
  process.exit(0);
}
for (const key of extra) delete lock.packages[key];
for (const name of named) delete entry.optionalDependencies[name];
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
const changed = [...extra.map((k) => k.slice('node_modules/'.length)), ...named.filter((n) => !extra.includes(`node_modules/${n}`))];
console.log(changed.length ? `removed ${changed.length} platform package(s) from the lock: ${changed.join(', ')}` : 'package-lock.json is consistent');
