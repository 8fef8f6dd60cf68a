/**
 * npm run bench:cli-runner [-- --requests 5000 --latency 50 --concurrency 32] [--bin other/dist/cli/bin.js ...] [--cache]
 *
 * `slant run` through the real CLI (the compiled dist/cli/bin.js in a child process, start-up
 * included) against a loopback OpenAI-compatible server that answers after `latency` ms and admits
 * `concurrency` requests at once (429 beyond). The config sets
 * `providers.openai-compatible.maxConcurrency` and `concurrency` to `concurrency`; the dataset has
 * `requests` short records, one summary request each, measured by the primacy probe (TF-IDF).
 * Ideal time = requests × latency / concurrency; the target is ≤ 1.1 × ideal. The server runs in
 * its own process, as a real server would. The run uses `--no-cache` so every request is sent;
 * `--cache` runs it with the request cache on instead (each run in a fresh store, so every request
 * is still sent, and the cache's cost is measured: a row written with every answer).
 * BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p' profiles the CLI process. Beside wall time it
 * prints the CPU time of the CLI process (bench/cpu-at-exit.mjs) and of the server process over the
 * run: on a shared machine the wall ratio moves with the load, CPU per request much less. A bare
 * keep-alive client (node:http, no slant code) sends the same number of requests first; the CLI's
 * CPU per request is printed divided by its (`cli_cpu_vs_bare`), and the CLI's main thread's own CPU
 * (`cli_main_thread_cpu_ms`, Linux), the thread every answer waits on to send the next request.
 * `after_last_answer_steps_ms`: the time after the last answer by step of the run's end (the CLI runs
 * with SLANT_PHASES=1, docs/cli.md). `--bin A --bin B` runs each build's CLI in turn (`--rounds` times, A B A B …) against the same
 * server, one line each: two builds compared under the same load.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bareKeepAliveRun, loopbackBenchArgs, startLoopbackServer } from './loopback-bench.js';
import { endSteps } from './end-steps.js';
import { PHASES_ENV } from '../src/core/phases.js';

const { n, latency, concurrency, ideal, bins, rounds, cache } = loopbackBenchArgs();
/** the goal: wall time at most this multiple of the ideal */
const TARGET = 1.1;
const builds = bins.length > 0 ? bins : [new URL('../dist/cli/bin.js', import.meta.url).pathname];
const cpuHook = new URL('./cpu-at-exit.mjs', import.meta.url).pathname;

const { child, url, stats } = await startLoopbackServer(latency, concurrency, { BENCH_ANSWER: 'FINAL_SUMMARY: The record opens, says little, and closes.' });

const dir = mkdtempSync(join(tmpdir(), 'slant-bench-cli-runner-'));
let failed = false;
try {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(JSON.stringify({ id: `r${i}`, source: `Record ${i} opens here. The middle part says little of note. It ends with a closing line.` }));
  }
  writeFileSync(join(dir, 'data.jsonl'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(dir, 'slant.yaml'),
    [
      'version: 1',
      `concurrency: ${concurrency}`,
      'providers:',
      '  openai-compatible:',
      `    maxConcurrency: ${concurrency}`,
      'models:',
      `  - id: "openai-compatible:${url}/v1#bench-model"`,
      'datasets:',
      '  - name: bench',
      '    path: data.jsonl',
      'probes:',
      '  - name: primacy',
      'generation:',
      '  maxTokens: 16',
      '',
    ].join('\n'),
  );
  // the same requests from a bare keep-alive client first, in this process: the least CPU a request
  // can cost a client, under the same load, what the CLI's CPU per request is divided by
  const bare = await bareKeepAliveRun(url, n, concurrency, (i) => ({ model: 'bench-model', messages: [{ role: 'user', content: `Summarize the text. Record ${i} opens here. The middle part says little of note. It ends with a closing line.` }], max_tokens: 16 }));
  console.log(JSON.stringify({ bench: 'bare-keepalive-floor', requests: n, ms: Math.round(bare.ms), ideal_ms: Math.round(ideal), ratio: Number((bare.ms / ideal).toFixed(3)), client_cpu_ms_per_request: Number(bare.cpuMsPerRequest.toFixed(3)), load_average: Number(loadavg()[0]!.toFixed(2)) }));
  for (let round = 0; round < rounds; round++) {
    for (const bin of builds) {
      // each run in a store of its own, as the first run of a project
      rmSync(join(dir, '.slant'), { recursive: true, force: true });
      child.send('restart-timeline');
      const s0 = await stats();
      const before = s0.count;
      const cpuOut = join(dir, 'cli-cpu.json');
      const t0 = performance.now();
      const epoch0 = performance.timeOrigin + t0;
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', cpuHook, bin, '--json', 'run', ...(cache ? [] : ['--no-cache']), '-c', join(dir, 'slant.yaml')], {
        cwd: dir,
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, SLANT_CPU_OUT: cpuOut, SLANT_CPU_SAMPLE_MS: '20', [PHASES_ENV]: '1' },
      });
      const ms = performance.now() - t0;
      const epoch1 = performance.timeOrigin + performance.now();
      const s = await stats();
      const out = JSON.parse(stdout) as { status: string; measured: number };
      const ratio = ms / ideal;
      const { cpuMs: cliCpu, mainThreadCpuMs, samples = [] } = JSON.parse(readFileSync(cpuOut, 'utf8')) as { cpuMs: number; mainThreadCpuMs?: number; samples?: [number, number][] };
      // the CLI's CPU split at the server's first request and last answer (interpolated between samples)
      const cpuBeforeFirst = cpuAt(samples, s.firstMs);
      const cpuToLast = cpuAt(samples, s.lastMs);
      const ok = out.status === 'completed' && s.count - before === n;
      console.log(
        JSON.stringify({
          bench: 'cli-run',
          ...(builds.length > 1 ? { bin } : {}),
          cache,
          requests: n,
          ms: Math.round(ms),
          ideal_ms: Math.round(ideal),
          ratio: Number(ratio.toFixed(3)),
          server_requests: s.count - before,
          peak_concurrency: s.peak,
          rejected_429: s.rejected,
          status: out.status,
          measured: out.measured,
          // where the time beyond the ideal went: before the first request (start-up, reading the
          // dataset), the slots left empty while requests were being sent (mean in flight below the
          // slots), and after the last answer (measuring what is left, aggregating, the report)
          to_first_request_ms: Math.round(s.firstMs - epoch0),
          mean_in_flight: Number(((s.busyMs - s0.busyMs) / (s.lastMs - s.firstMs)).toFixed(2)),
          after_last_answer_ms: Math.round(epoch1 - s.lastMs),
          // that time by step of the run's end (SLANT_PHASES, docs/cli.md), from the last answer
          after_last_answer_steps_ms: endSteps(stderr, s.lastMs, epoch1),
          cli_cpu_ms: Math.round(cliCpu),
          cli_cpu_ms_per_request: Number((cliCpu / n).toFixed(3)),
          cli_cpu_vs_bare: Number((cliCpu / n / bare.cpuMsPerRequest).toFixed(2)),
          // start-up and reading before the first request; the requests (sending, storing, measuring as
          // answers arrive) per request; what the run does after the last answer
          cli_cpu_ms_to_first_request: Math.round(cpuBeforeFirst),
          cli_cpu_ms_per_request_while_requesting: Number(((cpuToLast - cpuBeforeFirst) / n).toFixed(3)),
          cli_cpu_ms_after_last_answer: Math.round(cliCpu - cpuToLast),
          // the main thread alone (the rest: the report thread, V8's compiler and GC threads): each
          // answer waits for this thread to send the next request
          ...(mainThreadCpuMs !== undefined ? { cli_main_thread_cpu_ms: mainThreadCpuMs } : {}),
          server_cpu_ms: Math.round(s.cpuMs - s0.cpuMs),
          load_average: Number(loadavg()[0]!.toFixed(2)),
          target: `≤ ${TARGET}`,
          pass: ok && ratio <= TARGET,
        }),
      );
      if (!ok || ratio > TARGET) failed = true;
    }
  }
} finally {
  child.send('close');
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;

/** The CPU time (ms) at epoch ms `t`, linear between the samples around it ([epoch ms, CPU ms], in order). */
function cpuAt(samples: [number, number][], t: number): number {
  let prev: [number, number] = [0, 0];
  for (const cur of samples) {
    if (cur[0] >= t) return cur[0] === prev[0] ? cur[1] : prev[1] + ((cur[1] - prev[1]) * (t - prev[0])) / (cur[0] - prev[0]);
    prev = cur;
  }
  return prev[1];
}
