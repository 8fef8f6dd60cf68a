/**
 * `npm run bench:measure -- --cli [--docs 500 --words 2000 --runs 3]`: `slant measure framing primacy`
 * through the compiled CLI (a child process, start-up included, stderr not a terminal) on seeded
 * synthetic documents written to a JSONL file. From the run's store it splits each run's wall time
 * into start-up (launch → the first item stored), measuring (first → last item stored) and the end
 * of the run (last item stored → exit: aggregation, corrected intervals, results.json, report.html
 * with its figures and item details, the terminal summary). Goal: the end of the run under 10% of
 * the whole. Prints the CLI process's CPU time (bench/cpu-at-exit.mjs, every thread) and the part
 * of it spent after the last item was stored (sampled every 20 ms): on a shared machine the wall
 * clock stretches with the load, the CPU split much less. The load average beside each run;
 * medians over `runs`. `--bin A --bin B` runs each build's CLI in turn (A B A B …, `runs` rounds) on
 * the same input, so two builds are compared under the same load; medians per build.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { syntheticDocuments } from './synthetic-docs.js';
import { PHASES_ENV } from '../src/core/phases.js';
import { endSteps } from './end-steps.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** The middle half of the runs' values (the lower and upper quartile, nearest rank): single runs on a shared machine spread widely. */
const middleHalf = (xs: number[]): [number, number] => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor((s.length - 1) / 4)] as number, s[Math.ceil((3 * (s.length - 1)) / 4)] as number];
};

export async function measureCliBench(opts: { docs: number; words: number; runs: number; bins: string[] }): Promise<void> {
  // each run has its own working directory: a relative --bin is read from where the bench was started
  const builds = opts.bins.length > 0 ? opts.bins.map((b) => resolve(b)) : [new URL('../dist/cli/bin.js', import.meta.url).pathname];
  const cpuHook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;
  const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, o: { readonly: boolean }) => { prepare(sql: string): { get(): Record<string, string> }; close(): void };
  const dir = mkdtempSync(join(tmpdir(), 'slant-bench-measure-cli-'));
  try {
    const input = join(dir, 'docs.jsonl');
    const lines: string[] = [];
    for (const d of syntheticDocuments(opts.docs, opts.words)) lines.push(JSON.stringify({ id: d.id, source: d.source, output: d.output }));
    writeFileSync(input, `${lines.join('\n')}\n`);
    const rows: { bin: string; wall: number; startup: number; measuring: number; end: number; cpu: number; endCpu: number; load: number; steps: Record<string, number> }[] = [];
    // A B A B …: each build once per round
    for (const bin of Array.from({ length: opts.runs }, () => builds).flat()) {
      const cwd = mkdtempSync(join(dir, 'run-'));
      const cpuOut = join(cwd, 'cpu.json');
      const t0 = Date.now();
      const { stderr } = await promisify(execFile)(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', cpuHook, bin, 'measure', 'framing', 'primacy', '-i', input], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, SLANT_CPU_OUT: cpuOut, SLANT_CPU_SAMPLE_MS: '20', [PHASES_ENV]: '1' } });
      const t1 = Date.now();
      const db = new Database(join(cwd, '.slant', 'slant.db'), { readonly: true });
      const span = db.prepare('SELECT min(created_at) AS first, max(created_at) AS last, count(*) AS n FROM items').get();
      db.close();
      const first = Date.parse(span.first as string);
      const last = Date.parse(span.last as string);
      const { cpuMs: cpu, samples } = JSON.parse(readFileSync(cpuOut, 'utf8')) as { cpuMs: number; samples: [number, number][] };
      // the process's CPU (every thread) at the last sample before the last item was stored: what
      // the end of the run cost in CPU, which the load on a shared machine does not stretch
      const before = samples.filter(([t]) => t <= last).at(-1)?.[1] ?? 0;
      const row = { bin, wall: t1 - t0, startup: first - t0, measuring: last - first, end: t1 - last, cpu, endCpu: cpu - before, load: loadavg()[0] as number, steps: endSteps(stderr, last, t1) };
      rows.push(row);
      console.log(
        JSON.stringify({
          bench: 'measure-cli',
          ...(builds.length > 1 ? { bin } : {}),
          docs: opts.docs,
          items: Number(span.n),
          wall_ms: row.wall,
          startup_ms: row.startup,
          measuring_ms: row.measuring,
          end_of_run_ms: row.end,
          end_of_run_share: Number((row.end / row.wall).toFixed(3)),
          cli_cpu_ms: Math.round(cpu),
          end_of_run_cpu_ms: Math.round(row.endCpu),
          end_of_run_cpu_share: Number((row.endCpu / cpu).toFixed(3)),
          load_average: Number(row.load.toFixed(2)),
          end_steps_ms: row.steps,
        }),
      );
    }
    for (const bin of builds) {
      const mine = rows.filter((x) => x.bin === bin);
      const share = median(mine.map((x) => x.end / x.wall));
      const [endLow, endHigh] = middleHalf(mine.map((x) => x.end));
      // each step's own time, the median over the runs (a build that does not write a step leaves it out)
      const names = [...new Set(mine.flatMap((x) => Object.keys(x.steps)))];
      const steps = names.map((n) => `${n} ${median(mine.flatMap((x) => (x.steps[n] === undefined ? [] : [x.steps[n] as number])))}`).join(', ');
      console.log(`${builds.length > 1 ? `${bin}: ` : ''}the end of the run by step, ms (medians): ${steps}`);
      console.log(`${builds.length > 1 ? `${bin}: ` : ''}median of ${mine.length}: wall ${median(mine.map((x) => x.wall))} ms, start-up ${median(mine.map((x) => x.startup))} ms, measuring ${median(mine.map((x) => x.measuring))} ms, end of run ${median(mine.map((x) => x.end))} ms (middle half of the runs ${endLow}–${endHigh} ms) = ${(100 * share).toFixed(1)}% of the whole (goal < 10%: ${share < 0.1 ? 'met' : 'not met'}); CLI CPU ${Math.round(median(mine.map((x) => x.cpu)))} ms, of it after the last item ${Math.round(median(mine.map((x) => x.endCpu)))} ms = ${(100 * median(mine.map((x) => x.endCpu / x.cpu))).toFixed(1)}%`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
