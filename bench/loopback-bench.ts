/**
 * What the runner benchmarks share: their flags (requests, latency, slots; the ideal time) and the
 * loopback OpenAI-compatible server in its own process (loopback-server-process.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';

export interface ServerStats {
  count: number;
  peak: number;
  rejected: number;
  /** CPU time of the server process so far (ms) */
  cpuMs: number;
  /** epoch ms of the first request received and the last one finished; requests in flight × ms */
  firstMs: number;
  lastMs: number;
  busyMs: number;
}

/** --requests, --latency (ms), --concurrency; ideal = n × latency / slots (ms). --bin (repeatable) and --rounds: builds of the CLI to compare (bench/cli-runner.bench.ts). */
export function loopbackBenchArgs(): { n: number; latency: number; concurrency: number; ideal: number; bins: string[]; rounds: number } {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '5000' },
      latency: { type: 'string', default: '50' },
      concurrency: { type: 'string', default: '32' },
      bin: { type: 'string', multiple: true, default: [] },
      rounds: { type: 'string', default: '1' },
    },
  });
  const n = Number(values.requests);
  const latency = Number(values.latency);
  const concurrency = Number(values.concurrency);
  return { n, latency, concurrency, ideal: (n * latency) / concurrency, bins: values.bin, rounds: Number(values.rounds) };
}

/** Start the server process; `stats()` asks it for its counters, `child.send('close')` ends it. */
export async function startLoopbackServer(latency: number, concurrency: number, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; stats: () => Promise<ServerStats> }> {
  const child = fork(new URL('./loopback-server-process.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_LATENCY_MS: String(latency), BENCH_MAX_CONCURRENT: String(concurrency), ...env },
  });
  const url = await new Promise<string>((resolve) => child.once('message', (m) => resolve((m as { url: string }).url)));
  const stats = (): Promise<ServerStats> =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m as ServerStats));
      child.send('stats');
    });
  return { child, url, stats };
}
