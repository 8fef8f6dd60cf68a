// Loaded with `node --import` by the CLI benches: writes the process's CPU time and peak RSS at exit.
// SLANT_CPU_SAMPLE_MS=N also records [epoch ms, CPU ms so far] every N ms (an unref'd timer, so it
// keeps nothing alive), for a bench that splits the CPU time by phase (bench/cli-runner.bench.ts).
// `mainThreadCpuMs`: the main thread's own CPU time (Linux: /proc/self/task/PID/stat), apart from the
// report thread's and V8's compiler and GC threads; absent where /proc is not.
import { readFileSync, writeFileSync } from 'node:fs';
import { setInterval } from 'node:timers';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const every = Number(process.env.SLANT_CPU_SAMPLE_MS ?? '0');
const samples = [];
if (every > 0) setInterval(() => samples.push([Date.now(), cpuMs()]), every).unref();

/** The main thread's user + system CPU ms (fields 14 and 15 of its stat, in clock ticks of 10 ms), or undefined. */
function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return undefined;
  }
}

process.on('exit', () => {
  const cpu = cpuMs();
  const main = mainThreadCpuMs();
  samples.push([Date.now(), cpu]);
  writeFileSync(process.env.SLANT_CPU_OUT ?? '/dev/null', JSON.stringify({ cpuMs: cpu, ...(main !== undefined ? { mainThreadCpuMs: main } : {}), maxRssKb: process.resourceUsage().maxRSS, ...(every > 0 ? { samples } : {}) }));
});
