/**
 * npm run bench:runner [-- --requests 5000 --latency 50 --concurrency 32]
 *
 * Scheduler throughput against a loopback OpenAI-compatible server that answers after `latency`
 * ms and admits `concurrency` requests at once (429 beyond). Ideal time = requests × latency /
 * concurrency; the target is ≤ 1.1 × ideal. Then the same requests through the request cache
 * (SQLite store in a temp dir): a populating pass, and a rerun that must make no request at all.
 * The server runs in a child process (its own event loop), as a real server would. Two floors
 * with `concurrency` plain workers and no scheduler: the global `fetch` (what providers used
 * before; its WHATWG streams cost ~0.8 ms CPU per request here) and `requestJson` from
 * src/models/http.ts (undici `request()`, what providers use now), to judge the scheduler against;
 * and a bare keep-alive client (node:http), whose CPU per request the other rows' is divided by
 * (`client_cpu_vs_bare`): on a shared machine the wall ratio moves with the load, CPU much less.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestJson } from '../src/models/http.js';
import { createOpenAICompatibleModel } from '../src/models/openai-compatible/index.js';
import type { GenerateRequest, GenerateResult } from '../src/models/types.js';
import { RequestCache } from '../src/runtime/cache.js';
import { Scheduler } from '../src/runtime/scheduler.js';
import { Store } from '../src/runtime/store.js';
import { bareKeepAliveRun, loopbackBenchArgs, startLoopbackServer } from './loopback-bench.js';

const { n, latency, concurrency, ideal } = loopbackBenchArgs();

const { child, url, stats } = await startLoopbackServer(latency, concurrency);
const requests: GenerateRequest[] = Array.from({ length: n }, (_, i) => ({
  messages: [{ role: 'user', content: `request ${i}` }],
  params: { temperature: 0, maxTokens: 16 },
}));

function newModel(): { model: ReturnType<typeof createOpenAICompatibleModel>; scheduler: Scheduler } {
  const scheduler = new Scheduler({ concurrency: { 'openai-compatible': concurrency } });
  return { model: createOpenAICompatibleModel(`${url}/v1#bench-model`, {}, scheduler), scheduler };
}

function report(name: string, ms: number, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ bench: name, requests: n, ms: Math.round(ms), ideal_ms: Math.round(ideal), ratio: Number((ms / ideal).toFixed(3)), ...extra }));
}

let failed = false;
/** client CPU per request of the bare keep-alive floor (ms), what the other rows' CPU is divided by */
let bareCpuPerRequest = Number.NaN;
try {
  // 0. floor: plain fetch from `concurrency` workers, no scheduler
  {
    const before = (await stats()).count;
    let next = 0;
    const t0 = performance.now();
    const worker = async (): Promise<void> => {
      while (next < n) {
        const i = next++;
        const res = await fetch(`${url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'bench-model', messages: requests[i]?.messages, temperature: 0, max_tokens: 16 }),
        });
        await res.json();
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    report('raw-fetch-floor', performance.now() - t0, { server_requests: (await stats()).count - before });
  }

  // 0a. floor: a bare keep-alive client (node:http, one Agent with `concurrency` sockets), no
  // slant code: the least CPU a request can cost this process, what the others are divided by
  {
    const before = (await stats()).count;
    const bare = await bareKeepAliveRun(url, n, concurrency, (i) => ({ model: 'bench-model', messages: requests[i]?.messages, temperature: 0, max_tokens: 16 }));
    bareCpuPerRequest = bare.cpuMsPerRequest;
    report('bare-keepalive-floor', bare.ms, { server_requests: (await stats()).count - before, client_cpu_ms_per_request: Number(bareCpuPerRequest.toFixed(3)) });
  }

  // 0b. floor: the providers' transport (requestJson) from `concurrency` workers, no scheduler
  {
    const before = (await stats()).count;
    let next = 0;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const worker = async (): Promise<void> => {
      while (next < n) {
        const i = next++;
        await requestJson({
          provider: 'bench',
          url: `${url}/v1/chat/completions`,
          body: { model: 'bench-model', messages: requests[i]?.messages, temperature: 0, max_tokens: 16 },
        });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const cpu = process.cpuUsage(cpu0);
    const perRequest = (cpu.user + cpu.system) / 1000 / n;
    report('raw-request-floor', performance.now() - t0, {
      server_requests: (await stats()).count - before,
      client_cpu_ms_per_request: Number(perRequest.toFixed(3)),
      client_cpu_vs_bare: Number((perRequest / bareCpuPerRequest).toFixed(2)),
    });
  }

  // 1. scheduler
  {
    const { model, scheduler } = newModel();
    const before = (await stats()).count;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const out = await Promise.all(requests.map((r) => model.generate(r)));
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const ok = out.every((r, i) => r.text === `echo: request ${i}`);
    const ratio = ms / ideal;
    const s = await stats();
    report('scheduler', ms, {
      server_requests: s.count - before,
      rejected_429: s.rejected,
      peak_concurrency: s.peak,
      retries: scheduler.stats().total.retries,
      client_cpu_ms_per_request: Number(((cpu.user + cpu.system) / 1000 / n).toFixed(3)),
      client_cpu_vs_bare: Number(((cpu.user + cpu.system) / 1000 / n / bareCpuPerRequest).toFixed(2)),
      answers_ok: ok,
      target: '≤ 1.1',
      pass: ok && ratio <= 1.1,
    });
    if (!ok || ratio > 1.1) failed = true;
  }

  // 2. through the request cache: populate, then rerun (no request may reach the server)
  const dir = mkdtempSync(join(tmpdir(), 'slant-bench-runner-'));
  const store = Store.open(join(dir, 'slant.db'));
  try {
    const cache = new RequestCache(store);
    const { model } = newModel();
    const cachedGenerate = async (r: GenerateRequest): Promise<GenerateResult> => {
      const { value, cached } = await cache.getOrCompute({ provider: model.provider, model: model.id, request: { messages: r.messages, params: r.params } }, () =>
        model.generate(r),
      );
      return { ...value, cached };
    };
    let before = (await stats()).count;
    let t0 = performance.now();
    await Promise.all(requests.map(cachedGenerate));
    report('cache-populate', performance.now() - t0, { server_requests: (await stats()).count - before });
    before = (await stats()).count;
    t0 = performance.now();
    const rerun = await Promise.all(requests.map(cachedGenerate));
    const ms = performance.now() - t0;
    const served = (await stats()).count - before;
    const allCached = rerun.every((r) => r.cached);
    report('cache-rerun', ms, { server_requests: served, all_cached: allCached, per_request_us: Math.round((ms * 1000) / n), pass: served === 0 && allCached });
    if (served !== 0 || !allCached) failed = true;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  child.send('close');
}
if (failed) process.exitCode = 1;
