/**
 * npm run bench:startup [-- --runs 5]
 *
 * Start-up cost of each command through the compiled CLI (dist/cli/bin.js): CPU time (user +
 * system, read at exit) and wall time, median of `runs` launches, and their ratio to `node -e 0`
 * measured the same way in the same run. Commands that need no input run to completion (`--version`,
 * `runs` on a small store, `--help`); the others are timed on `<command> --help`, which loads the
 * command's module and nothing it does not import. Target: `--version` and `runs` under 200 ms CPU.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Store } from '../src/runtime/store.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const bin = new URL('../dist/cli/bin.js', import.meta.url).pathname;
const hook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-startup-'));
const storePath = join(dir, 'slant.db');
const store = Store.open(storePath);
for (let i = 0; i < 3; i++) store.createRun({ configJson: '{}', configHash: `h${i}` });
store.close();

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function measure(args: string[]): { cpuMs: number; wallMs: number } {
  const cpu: number[] = [];
  const wall: number[] = [];
  const out = join(dir, 'cpu.json');
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', hook, ...args], { cwd: dir, env: { ...process.env, SLANT_CPU_OUT: out }, encoding: 'utf8' });
    wall.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    cpu.push((JSON.parse(readFileSync(out, 'utf8')) as { cpuMs: number }).cpuMs);
  }
  return { cpuMs: median(cpu), wallMs: median(wall) };
}

const COMMANDS: string[][] = [
  ['--version'],
  ['runs', '--store', storePath],
  ['--help'],
  ['run', '--help'],
  ['measure', '--help'],
  ['demo', '--help'],
  ['report', '--help'],
  ['validate', 'framing', '--help'],
  ['datasets', 'news', '--help'],
  ['certainty', 'telephone', '--help'],
  ['cache', 'stats', '--help'],
  ['schema', '--help'],
  ['init', '--help'],
];

try {
  const base = measure(['-e', '0']);
  console.log(JSON.stringify({ bench: 'node -e 0', cpu_ms: Math.round(base.cpuMs), wall_ms: Math.round(base.wallMs) }));
  let failed = false;
  for (const args of COMMANDS) {
    const m = measure([bin, ...args]);
    const target = args[0] === '--version' || args[0] === 'runs' ? 200 : undefined;
    const pass = target === undefined ? undefined : m.cpuMs < target;
    if (pass === false) failed = true;
    console.log(
      JSON.stringify({
        bench: `slant ${args.map((a) => (a === storePath ? '<store>' : a)).join(' ')}`,
        cpu_ms: Math.round(m.cpuMs),
        wall_ms: Math.round(m.wallMs),
        cpu_ratio: Number((m.cpuMs / base.cpuMs).toFixed(2)),
        wall_ratio: Number((m.wallMs / base.wallMs).toFixed(2)),
        ...(target !== undefined ? { target_cpu_ms: `< ${target}`, pass } : {}),
      }),
    );
  }
  if (failed) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
