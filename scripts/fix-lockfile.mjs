#!/usr/bin/env node
/**
 * The npm registry this project is built against serves node-llama-cpp's Linux binaries but not
 * its macOS/Windows/riscv ones, so `npm install` leaves those optional packages out of
 * package-lock.json while node-llama-cpp's lock entry still names them, and `npm ci` then refuses
 * the lock as out of sync. This drops the names of platform packages the lock does not hold from
 * that entry. Run it after any `npm install` (`node scripts/fix-lockfile.mjs`); `--check` only
 * reports (used by .ci/run). On a registry that has them all, it changes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const entry = lock.packages?.['node_modules/node-llama-cpp'];
const missing = [];
if (entry?.optionalDependencies) {
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (name.startsWith('@node-llama-cpp/') && !lock.packages[`node_modules/${name}`]) missing.push(name);
  }
}
if (process.argv.includes('--check')) {
  if (missing.length) {
    console.error(`package-lock.json names optional packages it does not hold (${missing.join(', ')}); run: node scripts/fix-lockfile.mjs`);
    process.exit(1);
  }
  process.exit(0);
}
for (const name of missing) delete entry.optionalDependencies[name];
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(missing.length ? `removed ${missing.length} missing optional platform package(s): ${missing.join(', ')}` : 'package-lock.json is consistent');
