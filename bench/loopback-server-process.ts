/**
 * Child process for bench/runner.bench.ts: runs the loopback OpenAI server on its own event loop
 * (its own core), as a real server would be, and reports its URL and counters over IPC.
 */
import { startOpenAIServer } from '../test/helpers/loopback/openai-server.js';

const latency = Number(process.env.BENCH_LATENCY_MS ?? '50');
const max = Number(process.env.BENCH_MAX_CONCURRENT ?? '32');
const server = await startOpenAIServer({ latencyMs: latency, maxConcurrent: max, retryAfterMs: latency });

process.on('message', (msg: unknown) => {
  if (msg === 'stats') process.send?.({ count: server.count(), peak: server.peakConcurrency(), rejected: server.rejectedForConcurrency() });
  if (msg === 'close') void server.close().then(() => process.exit(0));
});
process.send?.({ url: server.url });
