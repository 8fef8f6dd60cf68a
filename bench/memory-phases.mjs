// Loaded with `node --import` by bench/memory.bench.ts --phases: samples the CLI process's memory
// (RSS, V8 heap used, external) every SLANT_PHASE_SAMPLE_MS (default 10) ms and splits the run at
// its files: measuring and aggregation until results.json's temporary file is opened, results.json
// until it is renamed into place, the report's items, details and figures until report.html's
// temporary file is opened, writing report.html until it is renamed, then the terminal summary.
// Writes each phase's peaks (MiB) to SLANT_PHASES_OUT at exit. The file names are seen by wrapping
// node:fs's openSync and renameSync (the atomic writes of src/runtime/write-atomic.ts use them).
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const every = Number(process.env.SLANT_PHASE_SAMPLE_MS ?? '10');
const phases = [];
let current;
const enter = (name) => {
  current = { phase: name, from_ms: Math.round(performance.now()), rss: 0, heap_used: 0, external: 0 };
  phases.push(current);
  sample();
};
const timeline = process.env.SLANT_PHASE_TIMELINE ? [] : undefined;
function sample() {
  const m = process.memoryUsage();
  timeline?.push([Math.round(performance.now()), current.phase.replaceAll(" ", "_"), m.rss >> 20, m.heapUsed >> 20, m.heapTotal >> 20, m.external >> 20, m.arrayBuffers >> 20]);
  current.rss = Math.max(current.rss, m.rss);
  current.heap_used = Math.max(current.heap_used, m.heapUsed);
  current.external = Math.max(current.external, m.external);
}
enter('measure + aggregate');
setInterval(sample, every).unref();

const { openSync, renameSync, writeFileSync } = fs;
const named = (p, file) => typeof p === 'string' && p.includes(`/.${file}.`) && p.endsWith('.tmp');
fs.openSync = function (path, ...rest) {
  if (named(path, 'results.json')) enter('results.json');
  else if (named(path, 'report.html')) enter('report.html written');
  return openSync.call(this, path, ...rest);
};
fs.renameSync = function (from, to, ...rest) {
  const out = renameSync.call(this, from, to, ...rest);
  if (named(from, 'results.json')) enter('report: items, details, figures');
  else if (named(from, 'report.html')) enter('terminal summary, exit');
  return out;
};
syncBuiltinESMExports();

process.on('exit', () => {
  sample();
  const mib = (b) => Number((b / 1048576).toFixed(1));
  const out = phases.map((p) => ({ phase: p.phase, from_ms: p.from_ms, rss_mib: mib(p.rss), heap_used_mib: mib(p.heap_used), external_mib: mib(p.external) }));
  writeFileSync(process.env.SLANT_PHASES_OUT ?? '/dev/stderr', JSON.stringify(out));
  if (timeline) writeFileSync(process.env.SLANT_PHASE_TIMELINE, timeline.map((t) => t.join('\t')).join('\n'));
});
