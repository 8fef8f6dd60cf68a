/**
 * npm run bench:startup [-- --runs 5] [--bin A/dist/cli/bin.js --bin B/dist/cli/bin.js] [--docs 20]
 *
 * Start-up cost of each command through the compiled CLI (dist/cli/bin.js): CPU time (user +
 * system, every thread, read at exit) and wall time, median of `runs` launches, and their ratio to
 * `node -e 0` measured the same way in the same run. Commands that need no input run to completion
 * (`--version`, `runs` on a small store, `--help`); the others are timed on `<command> --help`,
 * which loads the command's module and nothing it does not import. Target: `--version` and `runs`
 * under 200 ms CPU.
 *
 * Then a command that does work: `slant measure framing primacy` on `docs` seeded synthetic
 * 2,000-word documents (a JSONL file), timed from launch to its first item stored (the store's
 * clock; items are committed in batches, so the first commit holds the first few dozen items) and
 * to exit, with the process's CPU up to that first item (sampled every 10 ms) and in all.
 *
 * `--bin` (repeatable) runs each build in turn, A B A B …, launch by launch, so two builds are
 * compared under the same load; the last line per command gives B's median ÷ A's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Store } from '../src/runtime/store.js';
import { syntheticDocuments } from './synthetic-docs.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, bin: { type: 'string', multiple: true }, docs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const bins = (values.bin ?? [new URL('../dist/cli/bin.js', import.meta.url).pathname]).map((b) => resolve(b));
const hook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, o: { readonly: boolean }) => { prepare(sql: string): { get(): Record<string, string> }; close(): void };
const dir = mkdtempSync(join(tmpdir(), 'slant-bench-startup-'));
const storePath = join(dir, 'slant.db');
const store = Store.open(storePath);
for (let i = 0; i < 3; i++) store.createRun({ configJson: '{}', configHash: `h${i}` });
store.close();
const input = join(dir, 'docs.jsonl');
writeFileSync(input, [...syntheticDocuments(Number(values.docs), 2000)].map((d) => JSON.stringify({ id: d.id, source: d.source, output: d.output })).join('\n') + '\n');

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Launch {
  cpuMs: number;
  wallMs: number;
  /** launch → first item stored, and the CPU by then (the measuring command only) */
  firstItemMs?: number;
  cpuToFirstItemMs?: number;
}

function launch(args: string[], firstItem: boolean): Launch {
  const cwd = mkdtempSync(join(dir, 'run-'));
  const out = join(cwd, 'cpu.json');
  const t0 = Date.now();
  const p0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', hook, ...args], { cwd, env: { ...process.env, SLANT_CPU_OUT: out, ...(firstItem ? { SLANT_CPU_SAMPLE_MS: '10' } : {}) }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - p0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const { cpuMs, samples } = JSON.parse(readFileSync(out, 'utf8')) as { cpuMs: number; samples?: [number, number][] };
  if (!firstItem) {
    rmSync(cwd, { recursive: true, force: true });
    return { cpuMs, wallMs };
  }
  const db = new Database(join(cwd, '.slant', 'slant.db'), { readonly: true });
  const first = Date.parse(db.prepare('SELECT min(created_at) AS first FROM items').get().first as string);
  db.close();
  rmSync(cwd, { recursive: true, force: true });
  return { cpuMs, wallMs, firstItemMs: first - t0, cpuToFirstItemMs: samples?.filter(([t]) => t <= first).at(-1)?.[1] ?? 0 };
}

/** `runs` launches of each build, in turn. */
function measure(args: (bin: string) => string[], firstItem = false): Map<string, Launch[]> {
  const by = new Map<string, Launch[]>(bins.map((b) => [b, []]));
  for (let i = 0; i < runs; i++) for (const bin of bins) by.get(bin)!.push(launch(args(bin), firstItem));
  return by;
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

const label = (args: string[]): string => `slant ${args.map((a) => (a === storePath ? '<store>' : a === input ? `<${values.docs} docs>` : a)).join(' ')}`;
const round = (x: number | undefined): number | undefined => (x === undefined ? undefined : Math.round(x));

try {
  const base = median(measure(() => ['-e', '0']).get(bins[0]!)!.map((l) => l.cpuMs));
  console.log(JSON.stringify({ bench: 'node -e 0', cpu_ms: Math.round(base) }));
  let failed = false;
  const report = (args: string[], by: Map<string, Launch[]>): void => {
    const medians = bins.map((bin) => {
      const ls = by.get(bin)!;
      const m = { cpuMs: median(ls.map((l) => l.cpuMs)), wallMs: median(ls.map((l) => l.wallMs)), firstItemMs: ls[0]!.firstItemMs === undefined ? undefined : median(ls.map((l) => l.firstItemMs!)), cpuToFirstItemMs: ls[0]!.cpuToFirstItemMs === undefined ? undefined : median(ls.map((l) => l.cpuToFirstItemMs!)) };
      const target = args[0] === '--version' || args[0] === 'runs' ? 200 : undefined;
      const pass = target === undefined ? undefined : m.cpuMs < target;
      if (pass === false) failed = true;
      console.log(
        JSON.stringify({
          bench: label(args),
          ...(bins.length > 1 ? { bin } : {}),
          cpu_ms: round(m.cpuMs),
          wall_ms: round(m.wallMs),
          ...(m.firstItemMs !== undefined ? { first_item_ms: round(m.firstItemMs), cpu_to_first_item_ms: round(m.cpuToFirstItemMs) } : {}),
          cpu_ratio: Number((m.cpuMs / base).toFixed(2)),
          ...(target !== undefined ? { target_cpu_ms: `< ${target}`, pass } : {}),
          load_average: Number((loadavg()[0] as number).toFixed(2)),
        }),
      );
      return m;
    });
    if (medians.length > 1) {
      const [a, b] = [medians[0]!, medians.at(-1)!];
      const ratio = (x: number | undefined, y: number | undefined) => (x === undefined || y === undefined ? undefined : Number((y / x).toFixed(3)));
      console.log(JSON.stringify({ bench: label(args), last_vs_first: { cpu: ratio(a.cpuMs, b.cpuMs), wall: ratio(a.wallMs, b.wallMs), first_item: ratio(a.firstItemMs, b.firstItemMs), cpu_to_first_item: ratio(a.cpuToFirstItemMs, b.cpuToFirstItemMs) } }));
    }
  };
  for (const args of COMMANDS) report(args, measure((bin) => [bin, ...args]));
  const work = ['measure', 'framing', 'primacy', '-i', input];
  report(work, measure((bin) => [bin, ...work], true));
  if (failed) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
