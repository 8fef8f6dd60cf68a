/**
 * Benchmark of the position probe on SummEval (100 CNN/DM articles, 16 systems, 11 references).
 *
 *   npm run bench:position -- --input ../shared/data/summarization/summeval.json [--set K=10 --set tfidfFit=per-article ...]
 *
 * Prints articles per second, peak memory (max RSS), and per system the Wasserstein distance
 * (with its bootstrap interval) and mean ROUGE-1 F; then the Spearman table. The data is not
 * part of the repository: pass its path.
 *
 *   npm run bench:position -- --input PATH/summeval.json --reference [--python PATH] [--rounds 2] [--bin CLI ...]
 *
 * also times, in turns, the scikit-learn reference (bench/position-reference.py, run by the given
 * Python, which needs scikit-learn and scipy) and `slant measure position -i PATH --format summeval`
 * (the compiled CLI, in a temporary directory) as whole processes, and prints each one's CPU time
 * (user + system of the process and its threads, from getrusage of the finished child), wall time,
 * slant's CPU ÷ the reference's (goal ≤ 0.4) and the load average; at the end each build's CPU
 * beside the reference's, and slant's wall time ÷ the reference's. `--bin` (repeatable) times other
 * builds' CLIs in the same rounds (e.g. main's, in a second worktree), each against the same
 * reference run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { aggregatePositionGroups, measurePosition, positionOptionsSchema, type PositionItem } from '../src/probes/position/index.js';
import { loadSummEval } from '../src/probes/position/summeval.js';

const { values } = parseArgs({
  options: {
    input: { type: 'string' },
    set: { type: 'string', multiple: true, default: [] },
    repeat: { type: 'string', default: '1' },
    reference: { type: 'boolean', default: false },
    python: { type: 'string', default: 'python3' },
    rounds: { type: 'string', default: '2' },
    bin: { type: 'string', multiple: true, default: [] },
  },
});
if (!values.input) {
  console.error('usage: npm run bench:position -- --input path/to/summeval.json [--set option=value ...] [--repeat n]');
  process.exit(2);
}
const raw: Record<string, unknown> = {};
for (const kv of values.set ?? []) {
  const [k, v] = kv.split('=', 2);
  if (!k || v === undefined) throw new Error(`--set expects option=value, got ${kv}`);
  raw[k] = v === 'true' ? true : v === 'false' ? false : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}
const options = positionOptionsSchema.parse(raw);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const records = await loadSummEval(values.input);
const tLoad = performance.now();
let items: PositionItem[] = [];
const repeat = Math.max(1, Number(values.repeat));
let tMeasure = 0;
let cpuMeasure = 0;
let cpuAgg = 0;
let tAgg = 0;
let agg!: ReturnType<typeof aggregatePositionGroups>;
for (let r = 0; r < repeat; r++) {
  const a = performance.now();
  const c0 = process.cpuUsage();
  items = [];
  for (const rec of records) items.push({ recordId: rec.id, measurement: await measurePosition(rec, options) });
  const b = performance.now();
  const c1 = process.cpuUsage(c0);
  cpuMeasure += (c1.user + c1.system) / 1000;
  const c2 = process.cpuUsage();
  agg = aggregatePositionGroups(items, options);
  tMeasure += b - a;
  tAgg += performance.now() - b;
  const c3 = process.cpuUsage(c2);
  cpuAgg += (c3.user + c3.system) / 1000;
}
const total = tLoad - t0 + (tMeasure + tAgg) / repeat;
const systems = Object.keys(records[0]?.outputs ?? {}).length;
const refs = records[0]?.references.length ?? 0;
console.log(`position probe on ${values.input}`);
console.log(`options: ${JSON.stringify(options)}`);
console.log(`${records.length} articles x ${systems} systems x ${refs} references`);
console.log(
  `load ${(tLoad - t0).toFixed(0)} ms, measure ${(tMeasure / repeat).toFixed(0)} ms, aggregate ${(tAgg / repeat).toFixed(0)} ms, total ${total.toFixed(0)} ms` +
    ` -> ${((records.length * 1000) / total).toFixed(1)} articles/s`,
);
const cpu = process.cpuUsage(cpu0);
console.log(`CPU time: measure ${(cpuMeasure / repeat).toFixed(0)} ms + aggregate ${(cpuAgg / repeat).toFixed(0)} ms per run; load + all runs ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (wall-clock figures rise when other processes share the cores)`);
console.log(`peak memory (max RSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(`gold distribution: ${agg.goldDistribution.map((v) => v.toFixed(3)).join(' ')}`);
console.log('system   W        95% CI              shift    dropped  ROUGE-1 F');
const rows = agg.groups.map((g) => {
  const m = (n: string) => g.metrics.find((x) => x.name === n);
  return { name: g.labels.model ?? '', w: m('wasserstein'), shift: m('position_shift'), dropped: m('dropped_sentences'), r1: m('rouge1_f') };
});
rows.sort((a, b) => (a.w?.value ?? 0) - (b.w?.value ?? 0));
for (const r of rows) {
  const ci = r.w?.ci ? `[${r.w.ci.low.toFixed(4)}, ${r.w.ci.high.toFixed(4)}]` : '';
  console.log(
    `${r.name.padEnd(8)} ${(r.w?.value ?? NaN).toFixed(4).padEnd(8)} ${ci.padEnd(19)} ${(r.shift?.value ?? NaN).toFixed(4).padStart(7)}  ${String(r.dropped?.value ?? '').padStart(7)}  ${(r.r1?.value ?? NaN).toFixed(4)}`,
  );
}
for (const s of agg.spearman) {
  console.log(`Spearman W vs ${s.rouge} F: rho = ${s.rho.toFixed(3)}, p = ${s.pValue.toFixed(4)} (t), n = ${s.n}`);
}

/**
 * CPU seconds (user + system, every thread) and wall seconds of a command run to its end as a
 * whole process: the given Python runs it and reads getrusage of its finished children, the same
 * way for both commands.
 */
function wholeProcess(cmd: string[], cwd: string): { cpu: number; wall: number } {
  const probe = 'import resource, subprocess, sys, time\nt = time.time()\nr = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\nw = time.time() - t\nu = resource.getrusage(resource.RUSAGE_CHILDREN)\nprint(u.ru_utime + u.ru_stime, w, r.returncode)';
  const out = execFileSync(values.python as string, ['-c', probe, ...cmd], { cwd, encoding: 'utf8' }).trim().split(/\s+/);
  if (out[2] !== '0') throw new Error(`${cmd.join(' ')} exited with ${out[2]}`);
  return { cpu: Number(out[0]), wall: Number(out[1]) };
}

if (values.reference) {
  const input = values.input;
  const here = new URL('.', import.meta.url).pathname;
  const reference = join(here, 'position-reference.py');
  const bins = values.bin.length > 0 ? values.bin.map((b) => resolve(b)) : [join(here, '..', 'dist', 'cli', 'bin.js')];
  const check = spawnSync(values.python as string, ['-c', 'import sklearn, scipy'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`${values.python} cannot import scikit-learn and scipy (pass --python PATH of a Python that has them): ${check.stderr.trim()}`);
  const ratios = bins.map((): number[] => []);
  // each build's own CPU and the wall ratio too: the reference's CPU varies by half from round to
  // round on a shared machine (its first round reads scikit-learn from a cold disk cache), so the
  // CPU ratio moves with the reference as much as with slant
  const own = bins.map((): number[] => []);
  const wallRatios = bins.map((): number[] => []);
  const refCpu: number[] = [];
  console.log('\nwhole processes, in turns (CPU = user + system; load = 1-minute load average at the start)');
  for (let r = 0; r < Math.max(1, Number(values.rounds)); r++) {
    const load = loadavg()[0] as number;
    const ref = wholeProcess([values.python as string, reference, input], tmpdir());
    console.log(`round ${r + 1} (load ${load.toFixed(1)}): reference ${ref.cpu.toFixed(2)} s CPU (wall ${ref.wall.toFixed(1)} s)`);
    refCpu.push(ref.cpu);
    bins.forEach((bin, b) => {
      const dir = mkdtempSync(join(tmpdir(), 'slant-position-'));
      try {
        const cli = wholeProcess([process.execPath, bin, 'measure', 'position', '-i', input, '--format', 'summeval'], dir);
        ratios[b]!.push(cli.cpu / ref.cpu);
        own[b]!.push(cli.cpu);
        wallRatios[b]!.push(cli.wall / ref.wall);
        console.log(`  ${bin}: slant measure position ${cli.cpu.toFixed(2)} s CPU (wall ${cli.wall.toFixed(1)} s): ${(cli.cpu / ref.cpu).toFixed(2)}× the reference's CPU`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
  bins.forEach((bin, b) => {
    const rs = ratios[b]!.sort((x, y) => x - y);
    const mid = rs[Math.floor((rs.length - 1) / 2)] as number;
    console.log(`${bin}: slant ÷ reference CPU: ${rs.map((x) => x.toFixed(2)).join(', ')} (goal ≤ 0.40${mid <= 0.4 ? ', met' : ', not met'} at the lower median)`);
    const sorted = (xs: number[]): string => [...xs].sort((x, y) => x - y).map((x) => x.toFixed(2)).join(', ');
    console.log(`${bin}: slant's CPU ${sorted(own[b]!)} s against the reference's ${sorted(refCpu)} s; slant ÷ reference wall: ${sorted(wallRatios[b]!)}`);
  });
}
