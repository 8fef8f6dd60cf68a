#!/usr/bin/env node
/**
 * npm run test:mutation [-- --all | --base REV | FILE...] [--concurrency N] [--tests A,B] [--record]: StrykerJS over the
 * statistics and the probes' metric files (test/mutation/targets.json), then the score of every
 * mutated file with the mutants shown to be equivalent left out (test/mutation/equivalent-mutants.json,
 * each with its reason), checked against the file's floor: the recorded score of the file
 * (targets.json `scores`) rounded down to a whole percent, and never below the overall floor, so
 * a change that lets a mutant through where none got through before fails until a test kills it,
 * it is listed as equivalent, or the lower score is recorded on purpose (--record writes the
 * scores of this run into targets.json, with the date). By default only the target files that
 * differ from main (committed or not) are mutated; Stryker's incremental file keeps the results of
 * mutants whose code and tests did not change, so a change to one formula is scored in minutes.
 * --max-mutants N skips the run (exit 0, saying so) when the files to mutate hold more than N
 * mutants: CI (.ci/run) runs the check on the files a change touches only when it fits its time.
 * --tests judges the mutants by those test files only (a quicker run; its score is a lower bound).
 * Exit 0 when every mutated file is at or above its floor, 1 below it, 2 on a usage error.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ options: { all: { type: 'boolean' }, base: { type: 'string' }, concurrency: { type: 'string' }, record: { type: 'boolean' }, tests: { type: 'string' }, 'max-mutants': { type: 'string' } }, allowPositionals: true });
const targets = JSON.parse(readFileSync('test/mutation/targets.json', 'utf8'));
const equivalents = JSON.parse(readFileSync('test/mutation/equivalent-mutants.json', 'utf8')).mutants;

/** The patterns targets.json uses (`*` within a folder); node's path.matchesGlob is still experimental on Node 20 and warns. */
function matches(file, pattern) {
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return re.test(file);
}
const isTarget = (f) => targets.files.some((p) => !p.startsWith('!') && matches(f, p)) && !targets.files.some((p) => p.startsWith('!') && matches(f, p.slice(1)));

let files;
if (positionals.length > 0) files = positionals;
else if (values.all) files = null;
else {
  const base = values.base ?? 'main';
  const changed = new Set([
    ...execFileSync('git', ['diff', '--name-only', `${base}...HEAD`], { encoding: 'utf8' }).split('\n'),
    ...execFileSync('git', ['diff', '--name-only', 'HEAD'], { encoding: 'utf8' }).split('\n'),
  ]);
  files = [...changed].filter((f) => f !== '' && isTarget(f) && existsSync(f));
  if (files.length === 0) {
    console.log(`no statistics or probe metric file differs from ${base}: nothing to mutate (--all mutates every one)`);
    process.exit(0);
  }
}
for (const f of files ?? []) {
  if (!isTarget(f)) {
    console.error(`${f} is not one of the mutation targets (test/mutation/targets.json)`);
    process.exit(2);
  }
}

for (const [option, value] of [['concurrency', values.concurrency], ['max-mutants', values['max-mutants']]]) {
  if (value !== undefined && !/^[1-9][0-9]*$/.test(value)) {
    console.error(`--${option} wants a positive whole number, got "${value}"`);
    process.exit(2);
  }
}
if (values['max-mutants'] !== undefined && files) {
  // Stryker's own instrumenter counts the mutants it would make (in milliseconds, no tests run)
  const { Instrumenter } = await import('@stryker-mutator/instrumenter');
  const quiet = { isTraceEnabled: () => false, isDebugEnabled: () => false, trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
  const instrumented = await new Instrumenter(quiet).instrument(
    files.map((name) => ({ name, content: readFileSync(name, 'utf8'), mutate: true })),
    { plugins: [], ignorers: [], excludedMutations: [], noHeader: true },
  );
  const count = instrumented.mutants.length;
  const most = Number(values['max-mutants']);
  if (count > most) {
    console.log(`${files.join(', ')}: ${count} mutants, more than --max-mutants ${most}; not run here. Run npm run test:mutation on your machine before merging (docs/testing.md).`);
    process.exit(0);
  }
  console.log(`${files.join(', ')}: ${count} mutants`);
}
// --concurrency N: Stryker's test processes (stryker.config.mjs uses 2); 1 on a machine others share.
const args = ['stryker', 'run', ...(files ? ['--mutate', files.join(',')] : []), ...(values.concurrency ? ['--concurrency', values.concurrency] : [])];
console.log(`npx ${args.join(' ')}`);
// --tests A,B: only those test files judge the mutants (vitest.mutation.config.ts reads the list)
const env = values.tests ? { ...process.env, SLANT_MUTATION_TESTS: values.tests } : process.env;
if (values.tests) console.log(`judged by ${values.tests} only: each score is a lower bound of the full run's`);
const run = spawnSync('npx', args, { stdio: 'inherit', env });
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(readFileSync('reports/mutation/mutation.json', 'utf8'));
/** Whether the listed entry e is the mutant m of `file`. */
const isEntry = (e, file, m) =>
  e.file === file &&
  e.line === m.location.start.line &&
  (e.column === undefined || (e.column === m.location.start.column && e.endColumn === m.location.end.column)) &&
  e.mutator === m.mutatorName &&
  e.replacement === m.replacement;
const isEquivalent = (file, m) => equivalents.some((e) => isEntry(e, file, m));
/** The file's floor: its recorded score rounded down to a whole percent, never below the overall floor. */
const floorOf = (file) => Math.max(targets.floor, Math.floor(targets.scores?.[file]?.score ?? 0));
const today = new Date().toISOString().slice(0, 10);
let below = 0;
const rows = [];
for (const [file, { mutants }] of Object.entries(report.files)) {
  if (files && !files.includes(file)) continue;
  let detected = 0;
  let undetected = 0;
  let equivalent = 0;
  for (const m of mutants) {
    // a killed mutant counts as detected even when listed (the list is for those nothing kills)
    if (m.status === 'Killed' || m.status === 'Timeout') detected++;
    else if (isEquivalent(file, m)) equivalent++;
    else if (m.status === 'Survived' || m.status === 'NoCoverage') undetected++;
  }
  // an entry is matched by its place: after an edit that moves the code it matches no mutant, and
  // the mutant it was written for counts as a survivor again
  const orphans = equivalents.filter((e) => e.file === file && !mutants.some((m) => isEntry(e, file, m)));
  for (const e of orphans) console.log(`${file}:${e.line}: listed as equivalent (${e.mutator} → ${e.replacement}) but no mutant is there now: move the entry to where its code went, or remove it`);
  const score = detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected);
  const floor = floorOf(file);
  if (score < floor) below++;
  const recorded = targets.scores?.[file];
  const was = recorded === undefined ? '  (no score recorded)' : recorded.score.toFixed(1) === score.toFixed(1) ? '' : `  (recorded ${recorded.score}% on ${recorded.measured})`;
  rows.push(`${score.toFixed(1).padStart(6)}%  ${String(detected).padStart(4)} detected  ${String(undetected).padStart(4)} not  ${String(equivalent).padStart(3)} equivalent  ${file}${score < floor ? `  (below its ${floor}% floor)` : ''}${was}`);
  if (values.record) {
    targets.scores ??= {};
    targets.scores[file] = { score: Number(score.toFixed(1)), detected, undetected, equivalent, measured: today, by: values.tests ? `stryker, judged by ${values.tests} only (a lower bound)` : 'stryker' };
  }
}
console.log(rows.sort().join('\n'));
if (values.record) {
  targets.scores = Object.fromEntries(Object.entries(targets.scores ?? {}).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync('test/mutation/targets.json', `${JSON.stringify(targets, null, 2)}\n`);
  console.log('scores recorded in test/mutation/targets.json');
}
if (below > 0) {
  console.error(`${below} file(s) below their floor (test/mutation/targets.json: the recorded score rounded down, at least ${targets.floor}%)`);
  process.exit(1);
}
