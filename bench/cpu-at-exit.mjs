// Loaded with `node --import` by the CLI benches: writes the process's CPU time and peak RSS at exit.
// SLANT_CPU_SAMPLE_MS=N also records [epoch ms, CPU ms so far] every N ms (an unref'd timer, so it
// keeps nothing alive), for a bench that splits the CPU time by phase (bench/cli-runner.bench.ts).
import { writeFileSync } from 'node:fs';
import { setInterval } from 'node:timers';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const every = Number(process.env.SLANT_CPU_SAMPLE_MS ?? '0');
const samples = [];
if (every > 0) setInterval(() => samples.push([Date.now(), cpuMs()]), every).unref();

process.on('exit', () => {
  const cpu = cpuMs();
  samples.push([Date.now(), cpu]);
  writeFileSync(process.env.SLANT_CPU_OUT ?? '/dev/null', JSON.stringify({ cpuMs: cpu, maxRssKb: process.resourceUsage().maxRSS, ...(every > 0 ? { samples } : {}) }));
});
