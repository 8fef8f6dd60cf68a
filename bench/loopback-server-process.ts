/**
 * Child process for bench/runner.bench.ts and bench/crash.bench.ts: runs the loopback OpenAI server on its own event loop
 * (its own core), as a real server would be, and reports its URL and counters over IPC.
 */
import { lastUserText } from '../test/helpers/loopback/answer.js';
import { startOpenAIServer } from '../test/helpers/loopback/openai-server.js';

const latency = Number(process.env.BENCH_LATENCY_MS ?? '50');
const max = Number(process.env.BENCH_MAX_CONCURRENT ?? '32');
// BENCH_ANSWER: a fixed answer instead of the echo (the CLI bench needs a summary after FINAL_SUMMARY:)
const fixed = process.env.BENCH_ANSWER;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const server = await startOpenAIServer({
  latencyMs: latency,
  maxConcurrent: max,
  retryAfterMs: latency,
  // Batch API: GETs of a batch before it completes (bench/crash.bench.ts kills while polling)
  batchPolls: Number(process.env.BENCH_BATCH_POLLS ?? '2'),
  ...(fixed !== undefined ? { respond: () => ({ text: fixed, finish: 'stop' as const, inputTokens: 20, outputTokens: 10 }) } : {}),
});

process.on('message', (msg: unknown) => {
  if (msg === 'stats') process.send?.({ count: server.count(), peak: server.peakConcurrency(), rejected: server.rejectedForConcurrency(), cpuMs: cpuMs(), ...server.timeline() });
  // the prompt of every chat request received, in order (bench/crash.bench.ts counts re-sent bodies)
  if (msg === 'prompts') process.send?.({ prompts: server.requests.filter((r) => r.path.endsWith('/chat/completions')).map((r) => lastUserText((r.body as { messages?: unknown } | undefined)?.messages)) });
  // Batch API calls received (bench/crash.bench.ts: a batch created twice is a request paid twice)
  if (msg === 'batch-counts') process.send?.({ files: server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/files')).length, batches: server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/batches')).length });
  // a bench running the CLI several times against this server: each run's first request starts its timeline
  if (msg === 'restart-timeline') server.restartTimeline();
  if (msg === 'close') void server.close().then(() => process.exit(0));
});
process.send?.({ url: server.url });
