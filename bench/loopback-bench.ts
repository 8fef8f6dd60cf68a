/**
 * What the runner benchmarks share: their flags (requests, latency, slots; the ideal time) and the
 * loopback OpenAI-compatible server in its own process (loopback-server-process.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { resolve } from 'node:path';
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

/** --requests, --latency (ms), --concurrency; ideal = n × latency / slots (ms). --bin (repeatable) and --rounds: builds of the CLI to compare; --cache: the CLI runs with its request cache on (bench/cli-runner.bench.ts). */
export function loopbackBenchArgs(): { n: number; latency: number; concurrency: number; ideal: number; bins: string[]; rounds: number; cache: boolean } {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '5000' },
      latency: { type: 'string', default: '50' },
      concurrency: { type: 'string', default: '32' },
      bin: { type: 'string', multiple: true, default: [] },
      rounds: { type: 'string', default: '1' },
      cache: { type: 'boolean', default: false },
    },
  });
  const n = Number(values.requests);
  const latency = Number(values.latency);
  const concurrency = Number(values.concurrency);
  // a --bin relative to where the bench was started (the CLI runs in a temporary directory)
  return { n, latency, concurrency, ideal: (n * latency) / concurrency, bins: values.bin.map((b) => resolve(b)), rounds: Number(values.rounds), cache: values.cache };
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

/**
 * A bare keep-alive client (node:http, one Agent with `concurrency` sockets), no slant code: `n`
 * chat requests from `concurrency` workers. Its CPU per request is the least a request can cost a
 * client process, what the benches divide the other rows' by (`client_cpu_vs_bare`).
 */
export async function bareKeepAliveRun(url: string, n: number, concurrency: number, body: (i: number) => unknown): Promise<{ ms: number; cpuMsPerRequest: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(`${url}/v1/chat/completions`);
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const post = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(text);
    });
  const worker = async (): Promise<void> => {
    while (next < n) await post(JSON.stringify(body(next++)));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(cpu0);
  const ms = performance.now() - t0;
  agent.destroy();
  return { ms, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / n };
}
